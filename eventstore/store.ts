import type { Database, Queryable } from '../db/database.ts';
import { createAppendGroups } from './append-groups.ts';
import {
  type CommandObserver,
  type Decider,
  type Handled,
  type StreamStateCache,
  type StreamTarget,
  handleCommand,
} from './command-handler.ts';
import type { CommandKey } from './command-keys.ts';
import { type Projection, type ProjectionStep, stepsOf } from './projection.ts';
import { type NewEvent, type RecordedEvent, type StreamAppend, appendToStream, appendToStreams } from './streams.ts';
import { ConcurrencyConflict, appendFailure } from './append-refusals.ts';

/** How long a command's transaction waits for a row another holds (orders on one variant queue on its stock row for milliseconds). */
export const LOCK_TIMEOUT_MS = 2_000;

export interface EventStoreOptions {
  /** The read models kept in the append's own statement: their steps run with every append of their event types. */
  inline: readonly Projection[];
}

export interface CommandOptions {
  /** The request's idempotency key (see command-keys.ts). */
  key?: CommandKey | undefined;
  /**
   * The caller's own work that must commit or fail with the events, after them in their transaction
   * (a forget deletes the key that sealed the address; stock moves read the levels and notify).
   */
  alsoInTransaction?: (tx: Queryable, appends: readonly StreamAppend[]) => Promise<void>;
}

export interface StreamOptions<State> extends CommandOptions {
  /** Attempts before a contended stream gives up (default 25). */
  maxAttempts?: number;
  ifVersion?: number;
  newStream?: boolean;
  cache?: StreamStateCache<State>;
}

/** Per set of event types, the steps of the inline projections that handle any of them (planned once per set). */
const stepsByProjections = new WeakMap<readonly Projection[], Map<string, ProjectionStep[]>>();

/** The inline projections' steps for a set of events: those of every projection interested in any of their types. */
export function inlineSteps(inline: readonly Projection[], events: readonly NewEvent[]): ProjectionStep[] {
  let byTypes = stepsByProjections.get(inline);
  if (!byTypes) stepsByProjections.set(inline, (byTypes = new Map()));
  const types = [...new Set(events.map((e) => e.type))].sort();
  const key = types.join(',');
  let steps = byTypes.get(key);
  if (!steps) byTypes.set(key, (steps = stepsOf(inline, types)));
  return steps;
}

/**
 * Events appended as given, with the inline projections' steps in the same statement: how the tests
 * and the bench lay down a log. The shop's commands go through `handle` and `handleStreams`.
 */
export function appendEvents(
  db: Queryable,
  inline: readonly Projection[],
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
): Promise<RecordedEvent[]> {
  return appendToStream(db, streamId, expectedVersion, events, { alsoRun: inlineSteps(inline, events) });
}

/**
 * Appends as given, grouped with the others in flight (group commit, append-groups.ts), the inline
 * projections' steps in their statement: the store's own path for a command on one stream, and the
 * bench's for raw appends measured against it.
 */
export function groupedAppends(db: Database, inline: readonly Projection[]) {
  // Two statements in flight on PostgreSQL, which runs them side by side; one on PGlite, which runs
  // one statement at a time anyway, so the rest gather for the next.
  return createAppendGroups(db, {
    alsoRun: (events) => inlineSteps(inline, events),
    inFlight: db.kind === 'postgres' ? 2 : 1,
  }).append;
}

/**
 * The shop's one way to write: every command of every service (and of the consumers and the CLI)
 * goes through `handle` or `handleStreams`, which decide, append with the inline projections' steps
 * in the append's own statement, retry conflicts, honour idempotency keys and report to the
 * observers (the metrics). Made once per process and database (app/shop.ts); nothing above appends.
 *
 * A command on one stream joins the appends of other streams in flight (group commit: one
 * statement, one round trip); a command on several streams, or with work of its caller's, runs in a
 * transaction of its own.
 */
export function createEventStore(db: Database, { inline }: EventStoreOptions) {
  const observers = new Set<CommandObserver>();
  const stepsFor = (events: readonly NewEvent[]) => inlineSteps(inline, events);
  const grouped = groupedAppends(db, inline);

  const appendOne = async ([append]: readonly StreamAppend[]) => [
    await grouped(append!.streamId, append!.expectedVersion, append!.events),
  ];

  /**
   * Several streams, or a step of the caller's, in one transaction: all or nothing. A row lock (a
   * variant's stock) waited for longer than LOCK_TIMEOUT_MS fails the command with LockWaitTooLong.
   * The projection writes wait while a replay fences the read-model tables (projections/replay.ts).
   */
  const appendTogether =
    (alsoInTransaction?: CommandOptions['alsoInTransaction']) => (appends: readonly StreamAppend[]) =>
      db.transaction(
        async (tx) => {
          const first = appends[0]!;
          const outcomes = await appendToStreams(tx, appends, {
            alsoRun: stepsFor(appends.flatMap((a) => a.events)),
          }).catch((error: unknown) => {
            throw appendFailure(
              error,
              first.streamId,
              first.expectedVersion,
              () => first.events[0]?.metadata?.idempotencyKey,
            );
          });
          const conflict = outcomes.find((o): o is ConcurrencyConflict => o instanceof ConcurrencyConflict);
          // Thrown inside the transaction, so the other streams' rows go too.
          if (conflict) throw conflict;
          await alsoInTransaction?.(tx, appends);
          return outcomes as RecordedEvent[][];
        },
        { lockTimeoutMs: LOCK_TIMEOUT_MS },
      );

  return {
    db,
    /** Adds an observer of every command (until the returned function is called). */
    observe(observer: CommandObserver): () => void {
      observers.add(observer);
      return () => observers.delete(observer);
    },

    /**
     * A command on one stream: `makeCommand` runs on every attempt with the fresh state, so it can
     * look up the facts the decision needs (and take a fresh timestamp).
     */
    async handle<Command, State, Event extends NewEvent>(
      streamId: string,
      decider: Decider<Command, State, Event>,
      makeCommand: (state: State) => Command | Promise<Command>,
      options: StreamOptions<State> = {},
    ): Promise<Handled<State>> {
      const target: StreamTarget<State> = { streamId, fold: decider, ...pick(options) };
      const [handled] = await handleCommand(
        db,
        [target] as const,
        async ([state]: readonly [State]) => [decider.decide(await makeCommand(state), state)] as const,
        {
          append: options.alsoInTransaction ? appendTogether(options.alsoInTransaction) : appendOne,
          observers,
          ...(options.key ? { key: options.key } : {}),
          ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
        },
      );
      return handled as Handled<State>;
    },

    /** A command whose events go to several streams in one transaction (a checkout: the order's and the cart's). */
    handleStreams<const Targets extends readonly StreamTarget<any>[]>(
      targets: Targets,
      decide: Parameters<typeof handleCommand<Targets>>[2],
      options: CommandOptions = {},
    ) {
      return handleCommand(db, targets, decide, {
        append: appendTogether(options.alsoInTransaction),
        observers,
        ...(options.key ? { key: options.key } : {}),
      });
    },
  };
}

export type EventStore = ReturnType<typeof createEventStore>;

const pick = <State>({ ifVersion, newStream, cache }: StreamOptions<State>) => ({
  ...(ifVersion !== undefined ? { ifVersion } : {}),
  ...(newStream ? { newStream } : {}),
  ...(cache ? { cache } : {}),
});
