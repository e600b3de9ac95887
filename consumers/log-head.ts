import type { Queryable } from '../db/database.ts';
import { wakeSignals } from '../eventstore/log-tail.ts';
import type { Pause } from './pause.ts';

/**
 * The log's head (its highest committed position), read by one poll for all of an instance's consumers:
 * an idle consumer waits for the head to move instead of reading the log and its lease on every poll,
 * which an idle instance would otherwise pay for every consumer twice a second. Dead letters an operator
 * queued again wake the consumers too, on every poll while any wait.
 */
export interface LogHead {
  /** The head as last read. */
  readonly known: number;
  /** Resolves once the head is read past `seen`, after `maxMs`, or when the runner stops. */
  waitPast(seen: number, maxMs: number): Promise<void>;
}

export function watchLogHead(db: Queryable, pollMs: number, idle: Pause, onError: (error: unknown) => void): LogHead {
  let known = 0;
  const waiting = new Set<() => void>();
  const wakeAll = () => [...waiting].forEach((wake) => wake());
  void (async () => {
    while (!idle.stopped) {
      try {
        const before = known;
        const { head, retries } = await wakeSignals(db);
        known = head;
        if (known > before || retries) wakeAll();
      } catch (error) {
        // The database away: the consumers' own reads say so and try again; the head is read next poll.
        onError(error);
      }
      await idle.wait(pollMs);
    }
    wakeAll();
  })();
  return {
    get known() {
      return known;
    },
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
