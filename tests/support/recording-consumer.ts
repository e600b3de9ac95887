import { shopEventStore } from '../../app/shop.ts';
import type { Consumer, ConsumerContext, ConsumerLog } from '../../consumers/consumer.ts';
import type { Database } from '../../db/database.ts';
import type { RecordedEvent } from '../../eventstore/streams.ts';
import { createMailer } from '../../consumers/mail/mailer.ts';
import { type RunnerOptions, type RunningConsumers, startConsumers } from '../../consumers/consumer-runner.ts';
import { readCheckpoints } from '../../eventstore/consumer-checkpoints.ts';
import { until } from './until.ts';

/** A consumer of test events that records what it was given; `fail` decides which deliveries throw. */
export function recordingConsumer(
  name: string,
  types: readonly string[],
  fail: (event: RecordedEvent) => boolean = () => false,
) {
  const seen: number[] = [];
  const consumer: Consumer = {
    name,
    eventTypes: types,
    startAt: 'beginning',
    async handle(event) {
      if (fail(event)) throw new Error(`refused event ${event.position}`);
      seen.push(event.position);
    },
  };
  return { consumer, seen };
}

export const quietLog: ConsumerLog = { info() {}, warn() {}, error() {} };

/**
 * A log that keeps each line as a logger would write it: the level, the message and the context, an
 * error in it with every field of its own, its message and its stack (pino's `err` does the same).
 */
export function recordingLog(): ConsumerLog & { lines: string[] } {
  const lines: string[] = [];
  const asWritten = (_key: string, value: unknown) =>
    value instanceof Error ? { ...value, type: value.name, message: value.message, stack: value.stack } : value;
  const line = (level: string) => (context: object, message: string) =>
    void lines.push(JSON.stringify({ level, message, ...context }, asWritten));
  return { lines, info: line('info'), warn: line('warn'), error: line('error') };
}

/**
 * Resolves once each of `names` has a checkpoint. A consumer that starts at "now" fixes where "now"
 * is when it records its first one: an event appended after that is one it acts on.
 */
export async function consumersStarted(db: Database, names: readonly string[]): Promise<void> {
  await until(async () => {
    const recorded = new Set((await readCheckpoints(db)).map((checkpoint) => checkpoint.consumer));
    return names.every((name) => recorded.has(name));
  });
}

export function testContext(db: Database, overrides: Partial<ConsumerContext> = {}): ConsumerContext {
  return {
    db,
    store: shopEventStore(db),
    mailer: createMailer({ smtpUrl: undefined, from: 'DinoBooty <hello@test.example>', dataDir: '/nonexistent' }),
    publicUrl: 'http://shop.test',
    log: quietLog,
    ...overrides,
  };
}

/** The shop's sender in the mail tests. */
export const TEST_FROM = 'DinoBooty <hello@dinobooty.test>';
/** The shop's address in the links of the mail tests. */
export const TEST_PUBLIC_URL = 'https://dinobooty.test';
/** A runner that keeps a test short: it polls every 10 ms and retries after 20 to 100 ms. */
export const FAST_RUNNER = { pollMs: 10, backoff: { baseMs: 20, maxMs: 100 } };

/**
 * Runs `consumers` on `db`, their mail sent over SMTP to `inbox` from TEST_FROM, its links to
 * TEST_PUBLIC_URL (and their lines to `log`, when given); `stop` also closes the mailer's connections.
 */
export function startMailConsumers(
  db: Database,
  consumers: readonly Consumer[],
  inbox: { url: string },
  options: RunnerOptions = FAST_RUNNER,
  log?: ConsumerLog,
): RunningConsumers {
  const mailer = createMailer({ smtpUrl: inbox.url, from: TEST_FROM, dataDir: '/nonexistent' });
  const running = startConsumers(
    db,
    consumers,
    testContext(db, { mailer, publicUrl: TEST_PUBLIC_URL, ...(log ? { log } : {}) }),
    options,
  );
  return {
    ...running,
    async stop() {
      await running.stop();
      mailer.close();
    },
  };
}
