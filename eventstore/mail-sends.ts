// What the mail consumers sent, by Message-ID: marked before each SMTP transaction, and once the
// server accepted it. Keeps no address: a Message-ID names the consumer and the event.
import type { Queryable } from '../db/database.ts';
import type { Lease } from './consumer-checkpoints.ts';

/** Whether to send: `send` (marked as in flight), `sent` (an earlier try was accepted), `lease-lost` (another instance runs the consumer). */
export type SendStart = 'send' | 'sent' | 'lease-lost';

/**
 * Marks the message as being sent, only while `lease` is held and unexpired (a send is fenced by the
 * lease: an instance that lost its consumer starts no new transaction), and only if no earlier try
 * was accepted. One statement: the lease check and the mark cannot be split by a takeover.
 */
export async function beginSend(db: Queryable, lease: Lease, messageId: string): Promise<SendStart> {
  const { rows } = await db.query<{ held: boolean; marked: boolean; before: string | null }>(
    `with held as (
       select 1 from consumer_checkpoints where consumer = $1 and lease_owner = $2 and lease_expires_at > now()
     ), marked as (
       insert into mail_sends (message_id, consumer, state, owner)
       select $3, $1, 'sending', $2 where exists (select 1 from held)
       on conflict (message_id) do update set attempts = mail_sends.attempts + 1, owner = excluded.owner, started_at = now()
         where mail_sends.state = 'sending'
       returning 1
     )
     select exists (select 1 from held) as held, exists (select 1 from marked) as marked,
       (select state from mail_sends where message_id = $3) as before`,
    [lease.consumer, lease.owner, messageId],
    { prepare: true },
  );
  const { held, marked, before } = rows[0]!;
  if (!held) return 'lease-lost';
  return marked ? 'send' : before === 'sent' ? 'sent' : 'lease-lost';
}

/** The server accepted the message: a later try of its event sends it no more. */
export async function markSent(db: Queryable, messageId: string): Promise<void> {
  await db.query(`update mail_sends set state = 'sent', sent_at = now() where message_id = $1`, [messageId], {
    prepare: true,
  });
}

/**
 * Forgets marks of messages sent before `before`: by then their events are far behind every
 * checkpoint and are not handled again. Answers how many went.
 */
export async function pruneMailSends(db: Queryable, before: Date): Promise<number> {
  const { rows } = await db.query(`delete from mail_sends where state = 'sent' and sent_at < $1 returning 1`, [before]);
  return rows.length;
}

export interface MailSend {
  messageId: string;
  consumer: string;
  state: 'sending' | 'sent';
  attempts: number;
}

/** Every mark, oldest first (for tests and operators). */
export async function readMailSends(db: Queryable): Promise<MailSend[]> {
  const { rows } = await db.query<{
    message_id: string;
    consumer: string;
    state: 'sending' | 'sent';
    attempts: number;
  }>('select message_id, consumer, state, attempts from mail_sends order by started_at, message_id');
  return rows.map((r) => ({ messageId: r.message_id, consumer: r.consumer, state: r.state, attempts: r.attempts }));
}

/** A mark with its timings, and the event its Message-ID names. */
export interface EventMailSend extends MailSend {
  position: number;
  startedAt: Date;
  sentAt: Date | null;
}

/** The event position a Message-ID names (the expression migration 0020 indexes). */
const NAMED_POSITION = `substring(message_id from '^<[a-z-]+\\.(\\d+)[.@]')::bigint`;

/** The marks of the messages `consumers` made for the events at `positions`. */
export async function mailSendsOfEvents(
  db: Queryable,
  consumers: readonly string[],
  positions: readonly number[],
): Promise<EventMailSend[]> {
  const { rows } = await db.query<{
    message_id: string;
    consumer: string;
    state: 'sending' | 'sent';
    attempts: number;
    position: string | number;
    started_at: Date;
    sent_at: Date | null;
  }>(
    `select message_id, consumer, state, attempts, ${NAMED_POSITION} as position, started_at, sent_at from mail_sends
     where consumer = any($1::text[]) and ${NAMED_POSITION} = any($2::bigint[]) order by started_at, message_id`,
    [consumers, positions],
  );
  return rows.map((r) => ({
    messageId: r.message_id,
    consumer: r.consumer,
    state: r.state,
    attempts: r.attempts,
    position: Number(r.position),
    startedAt: new Date(r.started_at),
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
  }));
}
