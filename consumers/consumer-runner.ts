import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';
import { redactedError } from '../db/redact-addresses.ts';
import {
  type Backoff,
  type Lease,
  claimLease,
  createCheckpoint,
  recordFailure,
  releaseLease,
  renewLease,
  saveCheckpoint,
} from '../eventstore/consumer-checkpoints.ts';
import { isSkipped, parkEvent } from '../eventstore/dead-letters.ts';
import type { LogCursor } from '../eventstore/log-tail.ts';
import { LOG_START, currentHorizon, laterOf, readCommittedAfter } from '../eventstore/log-tail.ts';
import { type Consumer, type ConsumerContext, type ConsumerLog, handleEvent } from './consumer.ts';
import { LeaseLost, sentOnce } from './mail/sent-once.ts';
import { handleRequestedRetries } from './requested-retries.ts';
import { type LogHead, watchLogHead } from './log-head.ts';
import { type Pause, pause } from './pause.ts';

export interface RunnerOptions {
  /** This instance's name in the leases (default: host, pid and a random part). */
  owner?: string;
  /** How long a lease lasts unless renewed: how long a killed instance's consumers wait for another. */
  leaseMs?: number;
  /** How often the instance reads the log's head: how soon an idle consumer hears of new events. */
  pollMs?: number;
  batchSize?: number;
  /** Tries of one event before it is parked. */
  maxAttempts?: number;
  backoff?: Backoff;
}

/** How often a consumer with nothing to handle moves its checkpoint on with the log. */
const HORIZON_SAVE_MS = 2_000;

export const DEFAULT_RUNNER = {
  leaseMs: 15_000,
  pollMs: 500,
  batchSize: 100,
  maxAttempts: 8,
  backoff: { baseMs: 1_000, maxMs: 30_000 },
} as const;

export interface ConsumerStats {
  name: string;
  /** Events this process handled, tries that failed, and events it parked. */
  handled: number;
  failed: number;
  parked: number;
}

export interface RunningConsumers {
  owner: string;
  stats(): ConsumerStats[];
  /** Stops every loop after the event in hand, records how far each got, and lets the leases go. */
  stop(): Promise<void>;
}

export const instanceOwner = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Runs each consumer in a loop of its own: take or renew its lease, read committed events after its
 * checkpoint (gap-safe), handle them one by one, record the checkpoint. No transaction is held while
 * a handler works (PGlite has one connection). Only the lease holder runs a consumer, renewing the
 * lease while a handler works; its checkpoint writes and its sends are fenced by the lease, so an
 * instance that lost it stops. A batch handled again sends only the mail that was in flight.
 */
export function startConsumers(
  db: Database,
  consumers: readonly Consumer[],
  context: ConsumerContext,
  options: RunnerOptions = {},
): RunningConsumers {
  const settings = { ...DEFAULT_RUNNER, ...options };
  const owner = options.owner ?? instanceOwner();
  const idle = pause();
  const stats = consumers.map((consumer): ConsumerStats => ({ name: consumer.name, handled: 0, failed: 0, parked: 0 }));
  const head = watchLogHead(
    db,
    consumers.map((c) => c.name),
    settings.pollMs,
    idle,
    (err) => context.log.warn({ err: redactedError(err) }, 'the log head could not be read; trying again'),
  );
  const loops = consumers.map((consumer, i) =>
    runLoop(db, consumer, context, { ...settings, owner }, stats[i]!, idle, head),
  );
  return {
    owner,
    stats: () => stats.map((s) => ({ ...s })),
    async stop() {
      idle.stop();
      await Promise.all([...loops, head.ended]);
    },
  };
}

type Settings = Required<Omit<RunnerOptions, 'owner'>> & { owner: string };

async function runLoop(
  db: Database,
  consumer: Consumer,
  context: ConsumerContext,
  settings: Settings,
  stats: ConsumerStats,
  idle: Pause,
  head: LogHead,
): Promise<void> {
  const lease: Lease = { consumer: consumer.name, owner: settings.owner, leaseMs: settings.leaseMs };
  const { log } = context;
  // Its mail is recorded as sending and sent, under this consumer's lease.
  const fenced: ConsumerContext = { ...context, mailer: sentOnce(db, lease, context.mailer) };
  let started = false;
  let horizonSavedAt = 0;
  let held = false;
  // With nothing to do, a consumer waits for new events, at most this long: its lease is renewed (or,
  // on another instance, looked at) five times within its length, so a slow turn does not lose it.
  const idleMs = settings.leaseMs / 5;
  while (!idle.stopped) {
    // The newest transaction before this turn's read: one that commits events after it wakes the wait
    // below, or the read says it was held back.
    const seen = head.known;
    try {
      if (!started) {
        await createCheckpoint(db, consumer.name, consumer.startAt === 'now' ? await currentHorizon(db) : LOG_START);
      }
      // An embedded database has one process: a lease left in it was left by a process that is gone.
      const checkpoint = await claimLease(db, lease, !started && db.kind === 'pglite');
      started = true;
      if (!checkpoint) {
        if (held) log.warn({ consumer: consumer.name }, 'consumer taken over by another instance');
        held = false;
        await head.waitPast(seen, idleMs);
        continue;
      }
      if (!held) log.info({ consumer: consumer.name, position: checkpoint.cursor.position }, 'consumer running here');
      held = true;
      await handleRequestedRetries(db, consumer, fenced, stats);
      const waitMs = checkpoint.retryAt ? checkpoint.retryAt.getTime() - Date.now() : 0;
      if (checkpoint.failingPosition !== null && waitMs > 0) {
        await idle.wait(Math.min(waitMs, idleMs));
        continue;
      }
      const { events, through, heldBack } = await readCommittedAfter(
        db,
        checkpoint.cursor,
        { types: consumer.eventTypes },
        settings.batchSize,
      );
      let done: LogCursor | undefined;
      let processed = 0;
      let savedAt = Date.now();
      let stoppedShort = false;
      for (const event of events) {
        if (idle.stopped) break;
        if (event.position === checkpoint.failingPosition && (await isSkipped(db, consumer.name, event.position))) {
          log.warn({ consumer: consumer.name, position: event.position }, 'event skipped by an operator');
          done = event.cursor;
          processed += 1;
          continue;
        }
        try {
          await whileRenewing(db, lease, log, () => handleEvent(consumer, event, fenced));
          stats.handled += 1;
          done = event.cursor;
          processed += 1;
        } catch (thrown) {
          if (thrown instanceof LeaseLost) {
            // Not a failure of the event: the instance that holds the lease now handles it.
            log.warn(
              { consumer: consumer.name, position: event.position },
              'consumer lease lost before a send: another instance goes on',
            );
            held = false;
            stoppedShort = true;
            break;
          }
          // Redacted before it is recorded or logged: a mail server's refusal names the address.
          const error = redactedError(thrown);
          stats.failed += 1;
          stoppedShort = true;
          // What went before it is done: recorded first, so a retry starts at the failing event.
          if (done && !(await saveCheckpoint(db, lease, done))) break;
          done = undefined;
          const attempts = await recordFailure(db, lease, event.position, error.message, settings.backoff);
          if (attempts >= settings.maxAttempts) {
            await parkEvent(
              db,
              lease,
              { position: event.position, streamId: event.streamId, type: event.type, cursor: event.cursor },
              attempts,
              error.message,
            );
            stats.parked += 1;
            log.error(
              { consumer: consumer.name, position: event.position, attempts, err: error },
              'event parked as a dead letter after its tries',
            );
          } else {
            log.warn(
              { consumer: consumer.name, position: event.position, attempts, err: error },
              'consumer failed on an event; it will be tried again',
            );
          }
          break;
        }
        // A long batch renews the lease as it goes, so no other instance takes over a busy consumer.
        if (Date.now() - savedAt > settings.leaseMs / 3) {
          if (!(await saveCheckpoint(db, lease, done))) break;
          savedAt = Date.now();
        }
      }
      // The whole read handled: the checkpoint moves to where the read looked up to, past the events of
      // other types, so the next read does not go over them again (at most every HORIZON_SAVE_MS when
      // nothing was handled: an idle consumer does not write on every poll).
      const readAll = processed === events.length;
      const moveTo =
        readAll && (done || Date.now() - horizonSavedAt >= HORIZON_SAVE_MS)
          ? laterOf(done ?? checkpoint.cursor, through)
          : done;
      if (moveTo && moveTo !== checkpoint.cursor) {
        if (!(await saveCheckpoint(db, lease, moveTo)))
          log.warn({ consumer: consumer.name }, 'consumer lease lost mid-batch: its batch will be handled again');
        else if (!done) horizonSavedAt = Date.now();
      }
      // Events held back behind a running transaction come when it ends, with no new event to wake on.
      if (events.length < settings.batchSize && !stoppedShort)
        await (heldBack ? idle.wait(settings.pollMs) : head.waitPast(seen, idleMs));
    } catch (error) {
      // The database away, say: the loop lives on and tries again.
      log.error({ consumer: consumer.name, err: redactedError(error) }, 'consumer loop failed; trying again');
      await idle.wait(settings.pollMs);
    }
  }
  if (held)
    await releaseLease(db, lease).catch((err: unknown) =>
      log.warn({ consumer: consumer.name, err: redactedError(err) }, 'consumer lease not released; it expires'),
    );
}

/**
 * Runs one event's handler while renewing the lease (a third of its length apart): a slow send (an
 * SMTP transaction may take its timeouts' worth) does not let another instance take over a consumer
 * whose holder is alive. A renewal that finds the lease gone is logged; the handler's next send is
 * fenced off by the lease it no longer holds.
 */
async function whileRenewing<T>(db: Database, lease: Lease, log: ConsumerLog, work: () => Promise<T>): Promise<T> {
  const renew = () =>
    void renewLease(db, lease).then(
      (ours) => ours || log.warn({ consumer: lease.consumer }, 'consumer lease lost while an event was handled'),
      (err: unknown) => log.warn({ consumer: lease.consumer, err: redactedError(err) }, 'consumer lease not renewed'),
    );
  const timer = setInterval(renew, lease.leaseMs / 3);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
