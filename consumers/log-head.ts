import type { Queryable } from '../db/database.ts';
import { wakeSignals } from '../eventstore/log-tail.ts';
import type { Pause } from './pause.ts';

/**
 * The log's newest transaction (the highest transaction id among its events), read by one poll for all
 * of an instance's consumers: an idle consumer waits for it to move instead of reading the log and its
 * lease on every poll, which an idle instance would otherwise pay for every consumer twice a second.
 * Dead letters an operator queued again for one of these consumers wake them too, on every poll while
 * any wait.
 *
 * The transaction id, not the position: positions are drawn before commit, so an event can commit below
 * the highest position and move nothing. A transaction that commits events either raises the newest id,
 * or some visible event has a higher id than it: that event lay past the reader's horizon, its read was
 * held back (`LogRead.heldBack`), and the reader polls instead of waiting here.
 */
export interface LogHead {
  /** The newest transaction id as last read (-1 before the first read). */
  readonly known: bigint;
  /** Resolves once the newest id is read past `seen`, after `maxMs`, or when the runner stops. */
  waitPast(seen: bigint, maxMs: number): Promise<void>;
  /** Settles once the poll has ended after the runner stopped. */
  readonly ended: Promise<void>;
}

export function watchLogHead(
  db: Queryable,
  consumers: readonly string[],
  pollMs: number,
  idle: Pause,
  onError: (error: unknown) => void,
): LogHead {
  let known = -1n;
  const waiting = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiting]) wake();
  };
  idle.onStop(wakeAll);
  const ended = (async () => {
    while (!idle.stopped) {
      try {
        const before = known;
        const { newest, retries } = await wakeSignals(db, consumers);
        known = newest;
        if (known > before || retries) wakeAll();
      } catch (error) {
        // The database away: the consumers' own reads say so and try again; the head is read next poll.
        if (!idle.stopped) onError(error);
      }
      await idle.wait(pollMs);
    }
  })();
  return {
    get known() {
      return known;
    },
    ended,
    waitPast: (seen, maxMs) =>
      new Promise<void>((resolve) => {
        if (known > seen || idle.stopped) return resolve();
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, maxMs);
        waiting.add(wake);
      }),
  };
}
