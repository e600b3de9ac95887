import { type Database, SqlState, sqlStateOf } from '../db/database.ts';
import { ConcurrencyConflict, type NewEvent, type RecordedEvent, readStream } from './event-store.ts';

export interface Decider<Command, State, Event extends NewEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export interface HandleOptions {
  /** Appends atomically with whatever must change alongside (inline projections); throws ConcurrencyConflict. */
  append: (db: Database, streamId: string, expectedVersion: number, events: readonly NewEvent[]) => Promise<RecordedEvent[]>;
  maxAttempts?: number;
}

export interface Handled<State> {
  state: State;
  recorded: RecordedEvent[];
}

/** Thrown when a stream stayed contended through every retry. */
export class TooMuchContention extends Error {
  constructor(readonly streamId: string) {
    super(`stream ${streamId} kept changing; giving up`);
    this.name = 'TooMuchContention';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read → fold → decide → append with the expected version, retried on a concurrency conflict with
 * jittered backoff. `makeCommand` runs on every attempt with the fresh state, so it can look up facts the
 * decision needs (and take a fresh timestamp).
 */
export async function handleCommand<Command, State, Event extends NewEvent>(
  db: Database,
  streamId: string,
  decider: Decider<Command, State, Event>,
  makeCommand: (state: State) => Command,
  options: HandleOptions,
): Promise<Handled<State>> {
  const maxAttempts = options.maxAttempts ?? 25;
  for (let attempt = 1; ; attempt++) {
    const history = await readStream(db, streamId);
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState());
    const events = decider.decide(makeCommand(state), state);
    if (events.length === 0) return { state, recorded: [] };
    try {
      const recorded = await options.append(db, streamId, history.length === 0 ? 0 : history[history.length - 1]!.version, events);
      return { state: events.reduce(decider.evolve, state), recorded };
    } catch (error) {
      // A deadlock victim's statement was rolled back whole: retrying it is as safe as after a conflict.
      if (!(error instanceof ConcurrencyConflict) && sqlStateOf(error) !== SqlState.deadlockDetected) throw error;
      if (attempt >= maxAttempts) throw new TooMuchContention(streamId);
      // Full jitter, growing from 20 ms to 250 ms: writers released together (say, after a replay
      // held them) spread out instead of colliding again on every attempt.
      await pause(Math.random() * Math.min(250, 10 * 2 ** attempt));
    }
  }
}
