import type { Consumer, ConsumerContext, ConsumerLog } from '../../consumers/consumer.ts';
import type { Database } from '../../db/database.ts';
import type { RecordedEvent } from '../../eventstore/event-store.ts';
import { createMailer } from '../../consumers/mail/mailer.ts';

/** A consumer of test events that records what it was given; `fail` decides which deliveries throw. */
export function recordingConsumer(name: string, types: readonly string[], fail: (event: RecordedEvent) => boolean = () => false) {
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

export function testContext(db: Database, overrides: Partial<ConsumerContext> = {}): ConsumerContext {
  return { db, mailer: createMailer({ smtpUrl: undefined, from: 'DinoBooty <hello@test.example>', dataDir: '/nonexistent' }), publicUrl: 'http://shop.test', log: quietLog, ...overrides };
}
