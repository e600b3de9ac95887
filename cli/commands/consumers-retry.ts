import { Command } from 'commander';
import { retryFailingNow } from '../../eventstore/consumer-checkpoints.ts';
import { requestRetry } from '../../eventstore/dead-letters.ts';
import { consumerNamed } from '../consumer-names.ts';
import { type CliContext, CliError, parsePositiveInt, withDatabase } from '../context.ts';

export function consumersRetryCommand(context: CliContext): Command {
  return new Command('retry')
    .description(
      "try a consumer's dead letters again (all, or one event), or the event it is retrying now rather than after its backoff",
    )
    .argument('<name>', 'the consumer (see dino-shop consumers list)')
    .argument('[event]', 'the event position (default: every dead letter of the consumer)', parsePositiveInt)
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop consumers retry welcome-mail\n  $ dino-shop consumers retry welcome-mail 1234',
    )
    .action(async (name: string, position: number | undefined, _options, command: Command) => {
      const consumer = consumerNamed(name);
      const [queued, now] = await withDatabase(
        context,
        command,
        async (db) =>
          [
            await requestRetry(db, consumer.name, position),
            await retryFailingNow(db, consumer.name, position),
          ] as const,
      );
      if (queued === 0 && !now) {
        throw new CliError(
          position === undefined
            ? `${consumer.name} has no dead letters and is retrying nothing`
            : `event ${position} is neither a dead letter of ${consumer.name} nor the event it is retrying`,
        );
      }
      if (queued > 0)
        context.io.stdout.write(
          `Queued ${queued} dead letter(s) of ${consumer.name} for another try: the instance running it takes them within a second.\n`,
        );
      if (now) context.io.stdout.write(`${consumer.name} tries the event it was retrying again now.\n`);
    });
}
