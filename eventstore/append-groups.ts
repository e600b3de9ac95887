import { type Database, sqlStateOf } from '../db/database.ts';
import {
  type AppendOptions,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  appendToStream,
  appendToStreams,
} from './streams.ts';

export interface AppendGroupsOptions {
  /** The steps that ride along with a set of events of these types (the inline projections). */
  alsoRun: (events: readonly NewEvent[]) => NonNullable<AppendOptions['alsoRun']>;
  /** Statements in flight at once; appends that arrive meanwhile wait and go together in the next. */
  inFlight: number;
  /** At most this many streams in one statement. */
  maxStreams?: number;
}

interface Waiting extends StreamAppend {
  resolve: (recorded: RecordedEvent[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for appends: while `inFlight` statements are running, the appends that arrive wait,
 * then go to the database together, each stream's events with its own version check, in one
 * statement (one round trip, one commit, the inline projections run once over all of them). Under
 * load that is most of the cost of an append: per statement the driver's encoding, the system
 * calls and the database's executor start and commit. An append that finds a statement free goes
 * at once, so a quiet shop waits for nothing.
 *
 * Each append keeps its own outcome: a stream that moved on is a ConcurrencyConflict for its append
 * alone. A statement that fails as a whole (another process's writer tripping a unique key, any
 * error) is retried stream by stream, so each append learns its own fate and none is lost to a
 * neighbour's. A stream is in at most one statement at a time, so two appends of one stream never
 * race each other.
 */
export function createAppendGroups(db: Database, options: AppendGroupsOptions) {
  const maxStreams = options.maxStreams ?? 16;
  const waiting: Waiting[] = [];
  const busy = new Set<string>();
  let running = 0;

  /** The oldest waiting appends whose streams are free, one per stream. */
  function nextGroup(): Waiting[] {
    const group: Waiting[] = [];
    const taken = new Set<string>();
    for (let i = 0; i < waiting.length && group.length < maxStreams; ) {
      const append = waiting[i]!;
      if (busy.has(append.streamId) || taken.has(append.streamId)) {
        i++;
        continue;
      }
      taken.add(append.streamId);
      group.push(append);
      waiting.splice(i, 1);
    }
    return group;
  }

  function pump(): void {
    while (running < options.inFlight) {
      const group = nextGroup();
      if (group.length === 0) return;
      running++;
      for (const append of group) busy.add(append.streamId);
      void write(group).finally(() => {
        running--;
        for (const append of group) busy.delete(append.streamId);
        pump();
      });
    }
  }

  /** Settles every append of the group; never rejects. */
  async function write(group: Waiting[]): Promise<void> {
    if (group.length > 1) {
      let outcomes: Array<RecordedEvent[] | Error> | undefined;
      try {
        outcomes = await appendToStreams(db, group, { alsoRun: options.alsoRun(group.flatMap((a) => a.events)) });
      } catch (error) {
        // Without the database's own error (a connection lost, say) the statement may have committed:
        // written again, its appends would conflict with themselves and be decided twice.
        if (sqlStateOf(error) === undefined) {
          for (const append of group) append.reject(error);
          return;
        }
        // The database refused the statement, so nothing of it was written; which append it refused
        // is unknown: each goes again on its own, below.
      }
      if (outcomes) {
        group.forEach((append, i) => {
          const outcome = outcomes[i]!;
          if (outcome instanceof Error) append.reject(outcome);
          else append.resolve(outcome);
        });
        return;
      }
    }
    for (const append of group) {
      await appendToStream(db, append.streamId, append.expectedVersion, append.events, {
        alsoRun: options.alsoRun(append.events),
      }).then(append.resolve, append.reject);
    }
  }

  return {
    /** Appends as `appendToStream` does (a ConcurrencyConflict when the stream moved on), grouped with others in flight. */
    append(streamId: string, expectedVersion: number, events: readonly NewEvent[]): Promise<RecordedEvent[]> {
      if (events.length === 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        waiting.push({ streamId, expectedVersion, events, resolve, reject });
        pump();
      });
    },
  };
}
