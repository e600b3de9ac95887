import { describe, expect, it } from 'vitest';
import type { Consumer } from '../../../consumers/consumer.ts';
import { createMailer } from '../../../consumers/mail/mailer.ts';
import { messageIdFor } from '../../../consumers/mail/message-id.ts';
import { LeaseLost, sentOnce } from '../../../consumers/mail/sent-once.ts';
import { claimLease, createCheckpoint, readCheckpoints } from '../../../eventstore/consumer-checkpoints.ts';
import { appendToStream } from '../../../eventstore/streams.ts';
import { LOG_START } from '../../../eventstore/log-tail.ts';
import { pruneMailSends, readMailSends } from '../../../eventstore/mail-sends.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { FAST_RUNNER, TEST_FROM, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, withInbox } from '../../support/smtp-inbox.ts';
import { until } from '../../support/until.ts';

let streams = 0;
async function append(t: TestDatabase, type: string, count: number): Promise<number[]> {
  const positions: number[] = [];
  for (let i = 0; i < count; i++)
    positions.push(
      (await appendToStream(t.db, `sent-once-${(streams += 1)}`, 0, [{ type, data: { i } }]))[0]!.position,
    );
  return positions;
}

/** A consumer that mails one message for each event of its type, its Message-ID from the event. */
const mailing = (name: string): Consumer => ({
  name,
  eventTypes: [name],
  startAt: 'beginning',
  async handle(event, { mailer }) {
    await mailer.send({
      to: `${name}-${event.position}@example.com`,
      subject: `Event ${event.position}`,
      text: 'Hello',
      html: '<p>Hello</p>',
      messageId: messageIdFor(name, event.position, mailer.from),
    });
  },
});

describe.each(BACKENDS)('mail sent once, recorded in the store, on %s', (backend) => {
  let t: TestDatabase;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestDatabase(backend),
    (opened, started) => ([t, inbox] = [opened, started]),
  );
  const received = (name: string) => inbox.messages.filter((m) => m.messageId.startsWith(`<${name}.`));
  /** Whether the consumer's checkpoint has passed every event of its type. */
  const caughtUp = async (name: string) => {
    const cursor = (await readCheckpoints(t.db)).find((c) => c.consumer === name)!.cursor;
    const { rows } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from events where type = $1 and (transaction_id, position) > ($2::xid8, $3::bigint)',
      [name, cursor.transactionId, cursor.position],
    );
    return rows[0]!.n === 0;
  };

  it('events handled again (their checkpoint lost) send nothing twice; a message a crash left marked as sending goes once more, under its Message-ID', async () => {
    const name = 'once-a';
    const positions = await append(t, name, 3);
    let running = startMailConsumers(t.db, [mailing(name)], inbox);
    await until(async () => received(name).length === 3 && (await caughtUp(name)));
    await running.stop();
    expect((await readMailSends(t.db)).filter((s) => s.consumer === name).map((s) => [s.state, s.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);

    // The checkpoint back at the start, as if the batch had never been recorded; the second message as a
    // crash between the server's acceptance and the mark would leave it.
    const inFlight = messageIdFor(name, positions[1]!, TEST_FROM);
    await t.db.query(`update consumer_checkpoints set transaction_id = '0', position = 0 where consumer = $1`, [name]);
    await t.db.query(`update mail_sends set state = 'sending', sent_at = null where message_id = $1`, [inFlight]);
    running = startMailConsumers(t.db, [mailing(name)], inbox);
    await until(async () => received(name).length >= 4 && (await caughtUp(name)));
    await running.stop();

    // Every message received counted, not distinct ids: the one in flight twice, the others once.
    expect(received(name).map((m) => m.messageId)).toEqual([
      ...positions.map((p) => messageIdFor(name, p, TEST_FROM)),
      inFlight,
    ]);
    expect((await readMailSends(t.db)).find((s) => s.messageId === inFlight)).toMatchObject({
      state: 'sent',
      attempts: 2,
    });
  });

  it('an instance whose lease another holds sends nothing: the send is fenced by the lease', async () => {
    const name = 'once-b';
    await createCheckpoint(t.db, name, LOG_START);
    expect(await claimLease(t.db, { consumer: name, owner: 'the-other-instance', leaseMs: 60_000 })).toBeDefined();
    const mailer = createMailer({ smtpUrl: inbox.url, from: TEST_FROM, dataDir: '/nonexistent' });
    try {
      const fenced = sentOnce(t.db, { consumer: name, owner: 'this-instance', leaseMs: 60_000 }, mailer);
      const messageId = messageIdFor(name, 1, TEST_FROM);
      await expect(
        fenced.send({ to: 'rex@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', messageId }),
      ).rejects.toBeInstanceOf(LeaseLost);
      expect(received(name)).toEqual([]);
      expect((await readMailSends(t.db)).filter((s) => s.consumer === name)).toEqual([]);
    } finally {
      mailer.close();
    }
  });

  it('marks of messages sent long ago are pruned; recent ones and those in flight are kept', async () => {
    await t.db.query(
      `insert into mail_sends (message_id, consumer, state, owner, started_at, sent_at) values
         ('<prune.1@x>', 'prune', 'sent', 'o', now() - interval '40 days', now() - interval '40 days'),
         ('<prune.2@x>', 'prune', 'sent', 'o', now() - interval '1 day', now() - interval '1 day'),
         ('<prune.3@x>', 'prune', 'sending', 'o', now() - interval '40 days', null)`,
    );
    expect(await pruneMailSends(t.db, new Date(Date.now() - 30 * 24 * 3600 * 1000))).toBe(1);
    expect((await readMailSends(t.db)).filter((s) => s.consumer === 'prune').map((s) => s.messageId)).toEqual([
      '<prune.3@x>',
      '<prune.2@x>',
    ]);
  });

  // Two runners on one database are two instances: PostgreSQL's case (a PGlite directory has one process).
  it.skipIf(backend === 'pglite')(
    'a send slower than the lease: its holder renews the lease meanwhile, the other instance never takes over, each message goes once',
    async () => {
      const name = 'once-c';
      // A lease long enough that a busy machine's stall does not lose it; a send of two and a half leases.
      const slow = { ...FAST_RUNNER, leaseMs: 1_000 };
      inbox.answerDelayMs = 2_500;
      const first = startMailConsumers(t.db, [mailing(name)], inbox, { ...slow, owner: 'first' });
      const second = startMailConsumers(t.db, [mailing(name)], inbox, { ...slow, owner: 'second' });
      try {
        await until(async () =>
          (await readCheckpoints(t.db)).some((c) => c.consumer === name && c.leaseOwner !== null),
        );
        const positions = await append(t, name, 2);
        // A takeover would come a lease after a send began, long before the server answers it: a second
        // copy would be in before the checkpoint moves past the last event.
        await until(async () => received(name).length >= 2 && (await caughtUp(name)), 15_000);
        expect(received(name).map((m) => m.messageId)).toEqual(positions.map((p) => messageIdFor(name, p, TEST_FROM)));
        expect((await readMailSends(t.db)).filter((s) => s.consumer === name).map((s) => s.attempts)).toEqual([1, 1]);
      } finally {
        inbox.answerDelayMs = 0;
        await Promise.all([first.stop(), second.stop()]);
      }
    },
  );
});
