import { SpanKind, type Span } from '@opentelemetry/api';
import type { Database } from '../db/database.ts';
import { DomainError } from '../domain/domain-error.ts';
import { type NewEvent, type RecordedEvent, type StreamAppend, readStream } from './streams.ts';
import { ConcurrencyConflict, ReadModelRefused } from './append-refusals.ts';
import { stampCause } from './cause.ts';
import { AlreadyRecorded, type CommandKey, recordedUnder, stampKey } from './command-keys.ts';
import { inSpan } from './tracing.ts';

export interface Decider<Command, State, Event extends NewEvent> {
  /** Parses a stored event of this stream (throws on one it cannot read, naming its position). */
  readEvent: (event: RecordedEvent) => Event;
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/** What the handler needs of a stream's decider to know its state. */
export type Fold<State> = Pick<Decider<never, State, NewEvent>, 'initialState'> & {
  readEvent: (event: RecordedEvent) => NewEvent;
  evolve: (state: State, event: never) => State;
};

/** One stream a command reads and may append to. */
export interface StreamTarget<State> {
  streamId: string;
  fold: Fold<State>;
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
}

export interface StreamStateCache<State> {
  get(streamId: string): { state: State; version: number } | undefined;
  set(streamId: string, entry: { state: State; version: number }): void;
  delete(streamId: string): void;
}

/**
 * Writes the streams' events atomically with whatever must change alongside (the inline
 * projections): all or nothing. Throws ConcurrencyConflict when a stream moved on, ReadModelRefused
 * when a read model's constraint said no, AlreadyRecorded when the key is in the log.
 */
export type AppendStreams = (appends: readonly StreamAppend[]) => Promise<RecordedEvent[][]>;

/**
 * Watches commands without changing them (metrics subscribe here): what was appended, every
 * optimistic-concurrency conflict, retried or given up on, and every refusal. Observers must not throw.
 */
export interface CommandObserver {
  appended?(events: readonly RecordedEvent[]): void;
  conflict?(streamId: string, outcome: 'retried' | 'gave-up'): void;
  refused?(error: DomainError): void;
}

export interface HandleOptions {
  append: AppendStreams;
  observers?: Iterable<CommandObserver>;
  maxAttempts?: number;
  /**
   * The idempotency key of the request being answered: recorded with the first stream's events, so
   * the command takes effect once. When an earlier attempt recorded it, nothing is decided: the
   * result is the streams as they are now, the first one being the stream that attempt wrote.
   */
  key?: CommandKey;
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

type StatesOf<Targets extends readonly StreamTarget<any>[]> = {
  [K in keyof Targets]: Targets[K] extends StreamTarget<infer S> ? S : never;
};
type HandledOf<Targets extends readonly StreamTarget<any>[]> = {
  [K in keyof Targets]: Targets[K] extends StreamTarget<infer S> ? Handled<S> : never;
};
/** Each stream's new events, in the order of the targets. */
export type Decision<Targets extends readonly StreamTarget<any>[]> = { [K in keyof Targets]: readonly NewEvent[] };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stream's kind, as a span names it (few names, not one per stream): the id's leading words, `order`
 * for `order-<uuid>`, `stock-alert` for `stock-alert-<variant>-<subscriber>`.
 */
function streamKind(streamId: string): string {
  const words: string[] = [];
  for (const part of streamId.split('-')) {
    if (!/^[a-z]+$/.test(part) || /^[a-f]{8}$/.test(part)) break;
    words.push(part);
  }
  return words.join('-') || 'stream';
}

/** A command's span name: `command cart`, `command cart+order`. */
export const commandSpanName = (streamIds: readonly string[]) =>
  `command ${[...new Set(streamIds.map(streamKind))].join('+')}`;

/** What a command's span records as it goes: the streams, the events appended, each conflict and a refusal. */
function spanObserver(span: Span): CommandObserver {
  let attempts = 1;
  return {
    appended: (events) =>
      span.setAttributes({
        'dino.command.events': events.map((e) => e.type),
        'dino.command.positions': events.map((e) => e.position),
      }),
    conflict: (streamId, outcome) => {
      span.addEvent('conflict', { 'dino.stream': streamId, 'dino.command.outcome': outcome });
      span.setAttribute('dino.command.attempts', outcome === 'retried' ? ++attempts : attempts);
    },
    refused: (error) => span.setAttributes({ 'dino.command.refused': error.reason ?? error.kind }),
  };
}

/**
 * The one command path: read → fold → decide → append every stream's events with their expected
 * versions, together. Retried on a concurrency conflict with jittered backoff, and at once when a
 * read model refused the write (the facts decided on were stale: `decide` runs again, so it can look
 * up fresh ones, draw a fresh number and take a fresh timestamp). A DomainError from `decide` is a
 * refusal: reported to the observers, then thrown. Each command is a span (`command <stream kinds>`),
 * the span its events are written in.
 */
export function handleCommand<const Targets extends readonly StreamTarget<any>[]>(
  db: Database,
  targets: Targets,
  decide: (states: StatesOf<Targets>) => Decision<Targets> | Promise<Decision<Targets>>,
  options: HandleOptions,
): Promise<HandledOf<Targets>> {
  const streams = targets.map((t) => t.streamId);
  const settings = {
    kind: SpanKind.INTERNAL,
    attributes: { 'dino.command.streams': streams, 'dino.command.attempts': 1 },
    expected: (e: unknown) => e instanceof DomainError,
  };
  return inSpan(commandSpanName(streams), settings, (span) =>
    runCommand(db, targets, decide, { ...options, observers: [...(options.observers ?? []), spanObserver(span)] }),
  );
}

async function runCommand<const Targets extends readonly StreamTarget<any>[]>(
  db: Database,
  targets: Targets,
  decide: (states: StatesOf<Targets>) => Decision<Targets> | Promise<Decision<Targets>>,
  options: HandleOptions,
): Promise<HandledOf<Targets>> {
  const maxAttempts = options.maxAttempts ?? 25;
  const { key, observers = [] } = options;
  if (key?.recordedIn) return alreadyDone(db, targets, key.recordedIn);
  for (let attempt = 1; ; attempt++) {
    const read = await Promise.all(targets.map((target) => stateOf(db, target, attempt)));
    // Checked on every attempt: after a conflict the stream has moved on, and the condition fails.
    targets.forEach((target, i) => {
      if (target.ifVersion !== undefined && target.ifVersion !== read[i]!.version)
        throw new VersionMismatch(target.streamId, target.ifVersion, read[i]!.version);
    });
    let decided: Decision<Targets>;
    try {
      decided = await decide(read.map((r) => r.state) as StatesOf<Targets>);
    } catch (error) {
      if (error instanceof DomainError) for (const observer of observers) observer.refused?.(error);
      throw error;
    }
    // Every event carries the cause of the work in progress (eventstore/cause.ts): who, why, from which request.
    const appends = targets.map((target, i) => ({
      streamId: target.streamId,
      expectedVersion: read[i]!.version,
      events: stampCause(decided[i]!),
    }));
    const firstWritten = appends.findIndex((a) => a.events.length > 0);
    const done = (recorded: RecordedEvent[][]) =>
      targets.map((target, i) => {
        const events = appends[i]!.events;
        const after = {
          state: events.reduce(target.fold.evolve as (s: unknown, e: NewEvent) => unknown, read[i]!.state),
          version: recorded[i]!.at(-1)?.version ?? read[i]!.version,
        };
        if (events.length > 0) target.cache?.set(target.streamId, after);
        return { streamId: target.streamId, ...after, recorded: recorded[i]! };
      }) as HandledOf<Targets>;
    if (firstWritten < 0) return done(targets.map(() => []));
    if (key)
      appends[firstWritten] = { ...appends[firstWritten]!, events: stampKey(appends[firstWritten]!.events, key) };
    try {
      const recorded = await options.append(appends.filter((a) => a.events.length > 0));
      const byStream = appends.map((a) => (a.events.length > 0 ? recorded.shift()! : []));
      for (const observer of observers) observer.appended?.(byStream.flat());
      return done(byStream);
    } catch (error) {
      // Another attempt with this key committed first (a retry racing its original on another
      // instance): nothing of this one was written; answer with what that one did.
      if (error instanceof AlreadyRecorded && key) {
        const earlier = await recordedUnder(db, key.key);
        if (earlier) return alreadyDone(db, targets, earlier.streamId);
      }
      if (!(error instanceof ConcurrencyConflict) && !(error instanceof ReadModelRefused)) throw error;
      for (const target of targets) target.cache?.delete(target.streamId);
      // Decided on a cached state that another process had moved on from: not contention, read at once.
      if (read.some((r) => r.cached) && error instanceof ConcurrencyConflict) continue;
      const outcome = attempt >= maxAttempts ? 'gave-up' : 'retried';
      const contended = error instanceof ConcurrencyConflict ? error.streamId : targets[0]!.streamId;
      for (const observer of observers) observer.conflict?.(contended, outcome);
      if (outcome === 'gave-up') throw new TooMuchContention(contended);
      // Full jitter, growing from 20 ms to 250 ms: writers released together (say, after a replay
      // held them) spread out instead of colliding again on every attempt. Stale facts need no wait.
      if (error instanceof ConcurrencyConflict) await pause(Math.random() * Math.min(250, 10 * 2 ** attempt));
    }
  }
}

/** A stream's state for an attempt: from the cache or as new on the first, else folded from its events. */
async function stateOf<State>(
  db: Database,
  target: StreamTarget<State>,
  attempt: number,
): Promise<{ state: State; version: number; cached: boolean }> {
  if (attempt === 1) {
    // A cached version that fails the caller's condition may be the stale one: read before refusing.
    const cached = target.cache?.get(target.streamId);
    if (cached && (target.ifVersion === undefined || target.ifVersion === cached.version))
      return { ...cached, cached: true };
    if (target.newStream) return { state: target.fold.initialState(), version: 0, cached: false };
  }
  return { ...(await readState(db, target.streamId, target.fold)), cached: false };
}

/** The result of a command an earlier attempt recorded into `streamId`: the streams as they are now, nothing appended. */
async function alreadyDone<const Targets extends readonly StreamTarget<any>[]>(
  db: Database,
  targets: Targets,
  streamId: string,
): Promise<HandledOf<Targets>> {
  const first = targets.findIndex((t) => t.streamId === streamId);
  const ids = targets.map((t, i) => (i === Math.max(first, 0) ? streamId : t.streamId));
  return (await Promise.all(
    targets.map(async (t, i) => ({ streamId: ids[i]!, ...(await readState(db, ids[i]!, t.fold)), recorded: [] })),
  )) as HandledOf<Targets>;
}

/** A stream's state folded from its events, and its version (0 for a stream with none). */
async function readState<State>(db: Database, streamId: string, fold: Fold<State>) {
  const history = await readStream(db, streamId);
  const state = history.reduce(
    (s, e) => (fold.evolve as (s: State, e: NewEvent) => State)(s, fold.readEvent(e)),
    fold.initialState(),
  );
  return { state, version: history.length === 0 ? 0 : history[history.length - 1]!.version };
}
