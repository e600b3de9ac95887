import type { Database, Queryable } from '../db/database.ts';
import { type CommandObserver, type Decider, type Handled, type StreamStateCache, type StreamTarget, handleCommand } from '../eventstore/command-handler.ts';
import type { CommandKey } from '../eventstore/command-keys.ts';
import { ConcurrencyConflict, type NewEvent, type RecordedEvent, type StreamAppend, appendFailure } from '../eventstore/event-store.ts';
import { appendStreamsWithProjections, groupedAppendWithProjections } from '../projections/registry.ts';

/** How long a command's transaction waits for a row another holds (orders on one variant queue on its stock row for milliseconds). */
export const LOCK_TIMEOUT_MS = 2_000;

export interface CommandOptions {
  /** The request's idempotency key (see eventstore/command-keys.ts). */
  key?: CommandKey | undefined;
  /** Work that must commit or fail with the events, after them (a forget deletes the key that sealed the address; stock moves notify). */
  alsoInTransaction?: (tx: Queryable, appends: readonly StreamAppend[]) => Promise<void>;
}

export interface StreamOptions<State> extends CommandOptions {
  /** Attempts before a contended stream gives up (default 25). */
  maxAttempts?: number;
  ifVersion?: number;
  newStream?: boolean;
  cache?: StreamStateCache<State>;
}

/**
 * The shop's one way to write: every command of every service (and of the consumers and the CLI)
 * goes through `handle` or `handleStreams`, which decide, append with the inline projections,
 * retry conflicts, honour idempotency keys and report to the observers (the metrics). Made once
 * per process and database; nothing else in app/ appends.
 */
export function createEventStore(db: Database) {
  const observers = new Set<CommandObserver>();
  const grouped = groupedAppendWithProjections(db);

  /** One stream's events go with the other streams' appends in flight (group commit). */
  const appendOne = async ([append]: readonly StreamAppend[]) => [await grouped(append!.streamId, append!.expectedVersion, append!.events)];

  /**
   * Several streams, or a step of the caller's, in one transaction: all or nothing. A row lock (a
   * variant's stock) waited for longer than LOCK_TIMEOUT_MS fails the command with LockWaitTooLong.
   */
  const appendTogether = (alsoInTransaction?: CommandOptions['alsoInTransaction']) => (appends: readonly StreamAppend[]) =>
    db.transaction(async (tx) => {
      const outcomes = await appendStreamsWithProjections(tx, appends).catch((error: unknown) => {
        throw appendFailure(error, appends[0]!.streamId, appends[0]!.expectedVersion, () => appends[0]!.events[0]?.metadata?.idempotencyKey);
      });
      const conflict = outcomes.find((o): o is ConcurrencyConflict => o instanceof ConcurrencyConflict);
      // Thrown inside the transaction, so the other streams' rows go too.
      if (conflict) throw conflict;
      await alsoInTransaction?.(tx, appends);
      return outcomes as RecordedEvent[][];
    }, { lockTimeoutMs: LOCK_TIMEOUT_MS });

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
      const [handled] = await handleCommand(db, [target] as const, async ([state]: readonly [State]) => [decider.decide(await makeCommand(state), state)] as const, {
        append: options.alsoInTransaction ? appendTogether(options.alsoInTransaction) : appendOne,
        observers,
        ...(options.key ? { key: options.key } : {}),
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      });
      return handled as Handled<State>;
    },

    /** A command whose events go to several streams in one transaction (a checkout: the order's and the cart's). */
    handleStreams<const Targets extends readonly StreamTarget<any>[]>(targets: Targets, decide: Parameters<typeof handleCommand<Targets>>[2], options: CommandOptions = {}) {
      return handleCommand(db, targets, decide, { append: appendTogether(options.alsoInTransaction), observers, ...(options.key ? { key: options.key } : {}) });
    },
  };
}

export type EventStore = ReturnType<typeof createEventStore>;

const pick = <State>({ ifVersion, newStream, cache }: StreamOptions<State>) => ({
  ...(ifVersion !== undefined ? { ifVersion } : {}),
  ...(newStream ? { newStream } : {}),
  ...(cache ? { cache } : {}),
});
