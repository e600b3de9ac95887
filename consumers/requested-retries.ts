import type { Database } from '../db/database.ts';
import { redactedError } from '../db/redact-addresses.ts';
import { parkAgain, removeDeadLetter, retriesRequested } from '../eventstore/dead-letters.ts';
import { eventAt } from '../eventstore/log-tail.ts';
import { type Consumer, type ConsumerContext, handleEvent } from './consumer.ts';
import type { ConsumerStats } from './consumer-runner.ts';

/**
 * Dead letters an operator queued again (`consumers retry`): each tried once, by the lease holder;
 * handled, it is removed, failed, it is parked again with its tries counted.
 */
export async function handleRequestedRetries(
  db: Database,
  consumer: Consumer,
  context: ConsumerContext,
  stats: ConsumerStats,
): Promise<void> {
  for (const position of await retriesRequested(db, consumer.name, 20)) {
    const event = await eventAt(db, position);
    if (!event) {
      await parkAgain(db, consumer.name, position, 'the event is no longer in the log');
      continue;
    }
    try {
      await handleEvent(consumer, event, context);
      stats.handled += 1;
      await removeDeadLetter(db, consumer.name, position);
      context.log.info({ consumer: consumer.name, position }, 'dead letter handled on retry');
    } catch (thrown) {
      // Redacted before it is recorded or logged: a mail server's refusal names the address.
      const error = redactedError(thrown);
      stats.failed += 1;
      await parkAgain(db, consumer.name, position, error.message);
      context.log.warn({ consumer: consumer.name, position, err: error }, 'dead letter failed again: parked');
    }
  }
}
