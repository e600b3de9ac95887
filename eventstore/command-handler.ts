import { type Database, SqlState, sqlStateOf } from '../db/database.ts';
import { ConcurrencyConflict, type NewEvent, type RecordedEvent, readStream } from './event-store.ts';
import { AlreadyRecorded, type CommandKey, recordedUnder, stampKey } from './command-keys.ts';

export interface Decider<Command, State, Event extends NewEvent> {
  /** Parses a stored event of this stream (throws on one it cannot read, naming its position). */
  readEvent: (event: RecordedEvent) => Event;
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export interface HandleOptions<State = unknown> {
  /** Appends atomically with whatever must change alongside (inline projections); throws ConcurrencyConflict. */
  append: (db: Database, streamId: string, expectedVersion: number, events: readonly NewEvent[]) => Promise<RecordedEvent[]>;
  maxAttempts?: number;
  /** Decide only if the stream is at this version (a conditional write); otherwise throw VersionMismatch. */
  ifVersion?: number;
  /**
   * The caller just made the stream's id up (a fresh UUID), so it has no events: the first attempt
   * skips the read. Should the id exist after all, the append conflicts and the retry reads it.
   */
  newStream?: boolean;
  /**
   * Streams' states as this process last wrote them: a hit skips the read. A stale entry (another
   * process wrote since) costs one attempt: its append conflicts, the entry is dropped and the retry
   * reads the stream, so a cached state never decides a recorded event.
   */
  cache?: StreamStateCache<State>;
  /**
   * The idempotency key of the request being answered: recorded with the events, so the command
   * takes effect once. When an earlier attempt recorded it, nothing is decided: the result is the
   * stream that attempt wrote, as it is now.
   */
  key?: CommandKey;
}

export interface StreamStateCache<State> {
  get(streamId: string): { state: State; version: number } | undefined;
  set(streamId: string, entry: { state: State; version: number }): void;
  delete(streamId: string): void;
}

export interface Handled<State> {
  /** The stream written: the one asked for, or the one an earlier attempt with the same key wrote. */
  streamId: string;
  state: State;
  recorded: RecordedEvent[];
  /** The stream's version after the command (0 for a stream that still has no events). */
  version: number;
}

/** A conditional write found the stream at another version than the caller saw: nothing was recorded. */
export class VersionMismatch extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`stream ${streamId} is at version ${actualVersion}, not ${expectedVersion}`);
    this.name = 'VersionMismatch';
  }
}

/** Thrown when a stream stayed contended through every retry. */
export class TooMuchContention extends Error {
  constructor(readonly streamId: string) {
    super(`stream ${streamId} kept changing; giving up`);
    this.name = 'TooMuchContention';
  }
}

/**
 * Watches commands without changing them (metrics subscribe here): what was appended, and every
 * optimistic-concurrency conflict, retried or given up on. Observers must not throw.
 */
export interface CommandObserver {
  appended?(events: readonly RecordedEvent[]): void;
  conflict?(streamId: string, outcome: 'retried' | 'gave-up'): void;
}

/** Process-wide: every handleCommand reports to each observer added here (remove it when done). */
export const commandObservers = new Set<CommandObserver>();

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
  options: HandleOptions<State>,
): Promise<Handled<State>> {
  const maxAttempts = options.maxAttempts ?? 25;
  const { cache, key } = options;
  if (key?.recordedIn) return alreadyDone(db, key.recordedIn, decider);
  for (let attempt = 1; ; attempt++) {
    // A cached version that fails the caller's condition may be the stale one: read before refusing.
    const cached = attempt === 1 ? cache?.get(streamId) : undefined;
    const known = cached && (options.ifVersion === undefined || options.ifVersion === cached.version) ? cached : undefined;
    const { state, version } = known ?? (attempt === 1 && options.newStream ? { state: decider.initialState(), version: 0 } : await readState(db, streamId, decider));
    // Checked on every attempt: after a conflict the stream has moved on, and the condition fails.
    if (options.ifVersion !== undefined && options.ifVersion !== version) throw new VersionMismatch(streamId, options.ifVersion, version);
    const events = decider.decide(makeCommand(state), state);
    if (events.length === 0) return { streamId, state, recorded: [], version };
    try {
      const recorded = await options.append(db, streamId, version, key ? stampKey(events, key) : events);
      for (const observer of commandObservers) observer.appended?.(recorded);
      const after = { state: events.reduce(decider.evolve, state), version: recorded[recorded.length - 1]!.version };
      cache?.set(streamId, after);
      return { streamId, ...after, recorded };
    } catch (error) {
      // Another attempt with this key committed first (a retry racing its original on another
      // instance): nothing of this one was written; answer with what that one did.
      if (error instanceof AlreadyRecorded && key) {
        const earlier = await recordedUnder(db, key.key);
        if (earlier) return alreadyDone(db, earlier.streamId, decider);
      }
      // A deadlock victim's statement was rolled back whole: retrying it is as safe as after a conflict.
      if (!(error instanceof ConcurrencyConflict) && sqlStateOf(error) !== SqlState.deadlockDetected) throw error;
      cache?.delete(streamId);
      // Decided on a cached state that another process had moved on from: not contention, read at once.
      if (known) continue;
      const outcome = attempt >= maxAttempts ? 'gave-up' : 'retried';
      for (const observer of commandObservers) observer.conflict?.(streamId, outcome);
      if (outcome === 'gave-up') throw new TooMuchContention(streamId);
      // Full jitter, growing from 20 ms to 250 ms: writers released together (say, after a replay
      // held them) spread out instead of colliding again on every attempt.
      await pause(Math.random() * Math.min(250, 10 * 2 ** attempt));
    }
  }
}

/** The result of a command an earlier attempt recorded: its stream as it is now, nothing appended. */
async function alreadyDone<Command, State, Event extends NewEvent>(db: Database, streamId: string, decider: Decider<Command, State, Event>): Promise<Handled<State>> {
  return { streamId, ...(await readState(db, streamId, decider)), recorded: [] };
}

/** A stream's state folded from its events, and its version (0 for a stream with none). */
async function readState<Command, State, Event extends NewEvent>(db: Database, streamId: string, decider: Decider<Command, State, Event>) {
  const history = await readStream(db, streamId);
  const state = history.reduce((s, e) => decider.evolve(s, decider.readEvent(e)), decider.initialState());
  return { state, version: history.length === 0 ? 0 : history[history.length - 1]!.version };
}
