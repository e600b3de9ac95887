import type { Queryable } from '../db/database.ts';
import type { RecordedEvent } from './streams.ts';

/**
 * A read model, declared once as SQL over a SET of events. Every way of running it is derived from
 * that one declaration, so the paths cannot drift apart:
 *
 * - live append: the steps ride in the append's own statement, reading the rows it inserts;
 * - an append of several events: the same statement, the set holds them all;
 * - replay: the same steps over the whole log, one set-based statement inside the database;
 * - tests: the same steps over events given as JSON.
 */
export interface Projection {
  readonly name: string;
  /** Bump when the read model's shape or meaning changes: a stored older version means "replay me". */
  readonly version: number;
  readonly eventTypes: readonly string[];
  /**
   * The read-model tables this projection owns, rebuilt by a replay, IN THE ORDER its steps write
   * them (a replay locks them in this order; any other order can deadlock with an append).
   *
   * Each has a `position` column: every row records the log position of the last event applied to
   * it, and steps never delete a row (an event that ends a thing empties its row instead), so the
   * tables' highest position is how far the projection has applied the log (`status.ts`).
   */
  readonly tables: readonly string[];
  /**
   * Common table expressions, in order, that apply the events of the relation `appended`
   * (columns position bigint, stream_id text, version int, type text, data jsonb) to the tables.
   *
   * The contract every step list keeps:
   * - `appended` may hold any number of events of any streams (of any types: filter on yours), in no
   *   particular order; the result equals applying them one by one in log order;
   * - events already applied are skipped (each row remembers the stream version or position it
   *   reflects), so applying a set twice changes nothing;
   * - a table is first named by a step that WRITES it (a read first would take a weaker lock and
   *   then upgrade it, which deadlocks with a replay's fence), in the order of `tables`;
   * - steps see the tables as they were before the statement (one snapshot), never each other's
   *   writes: a step that needs another's result reads that step's name.
   *
   * Step names are global within one statement: prefix them with the projection's name.
   */
  readonly steps: readonly ProjectionStep[];
  /**
   * Leaner step lists for sets whose events (of this projection's types) are all of a few types,
   * used instead of `steps` for such a set: an append usually writes one event, and a general fold
   * reads back and regroups what a leaner statement leaves alone. A shortcut keeps the contract above and
   * must leave the tables exactly as `steps` would; the projection's given-events tests apply every
   * scenario both ways, in every grouping. Replay never takes a shortcut.
   */
  readonly shortcuts?: readonly ProjectionShortcut[];
  /**
   * Leaner steps for a set applied to tables that hold none of the rows it makes: a replay's build,
   * the whole log in one statement into empty copies. There an insert cannot meet a stored row (an
   * upsert's conflict handling, PostgreSQL's speculative insertion, is work a plain insert skips),
   * and no stored row needs updating, so the events are read once and not written out to be read
   * again. They must leave the tables exactly as `steps` would from empty;
   * the projection's given-events tests apply every scenario both ways. They name no unique key (no
   * ON CONFLICT): a build that runs them gives its copies their keys after the rows are in.
   */
  readonly stepsIntoEmpty?: readonly ProjectionStep[];
  /**
   * An expression over an `events` row (its columns unqualified) such that each read-model row
   * depends only on events with one value of it, e.g. the stream id. A replay may then build the rows
   * of different values on different connections at once. Without it, one connection builds them all.
   */
  readonly partitionKey?: string;
}

export interface ProjectionStep {
  name: string;
  sql: string;
}

export interface ProjectionShortcut {
  /** The set's events of the projection's types are all of these. */
  readonly types: readonly string[];
  readonly steps: readonly ProjectionStep[];
}

/** `name` as an SQL identifier, quoted (a read-model table's or schema's name). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The columns of `appended`, as the event store returns them from its insert. */
export const APPENDED_COLUMNS = 'position, stream_id, version, type, data';

/** `name as (sql)` for each step, ready to follow other common table expressions. */
export const renderSteps = (steps: readonly ProjectionStep[]) =>
  steps.map((step) => `${step.name} as (${step.sql})`).join(',\n');

export interface StepOptions {
  /** false: the general steps, never a shortcut. */
  shortcuts?: boolean;
  /** The tables hold none of the rows the set makes: a projection's `stepsIntoEmpty` where it has them. */
  intoEmpty?: boolean;
}

/**
 * The steps that apply a set of events of `types` to the selected projections: those of every
 * projection interested in any of them, each through its first shortcut that covers its share of
 * the types (with `shortcuts: false`, its general steps). Without `types` (a replay), every selected
 * projection's general steps. With `intoEmpty`, a projection's steps into empty tables come first.
 * Refuses two steps of the same name.
 */
export function stepsOf(
  selected: readonly Projection[],
  types?: readonly string[],
  options: StepOptions = {},
): ProjectionStep[] {
  const interested = types ? selected.filter((p) => p.eventTypes.some((t) => types.includes(t))) : selected;
  const steps = interested.flatMap((p) => {
    if (options.intoEmpty && p.stepsIntoEmpty) return p.stepsIntoEmpty;
    if (!types || options.shortcuts === false) return p.steps;
    const mine = types.filter((t) => p.eventTypes.includes(t));
    return p.shortcuts?.find((s) => mine.every((t) => s.types.includes(t)))?.steps ?? p.steps;
  });
  const names = new Set(steps.map((s) => s.name));
  if (names.size !== steps.length)
    throw new Error(`projection steps must have distinct names: ${steps.map((s) => s.name).join(', ')}`);
  return steps;
}

/** What a projection reads of an event. */
export type ProjectableEvent = Pick<RecordedEvent, 'position' | 'streamId' | 'version' | 'type' | 'data'>;

/**
 * Applies `events` (already in the log, or made up by a test) to the selected projections in one
 * statement: the steps an append of them would run (or as `options` choose) over `appended` given
 * as JSON. Re-applying events is a no-op.
 */
export async function projectEvents(
  tx: Queryable,
  selected: readonly Projection[],
  events: readonly ProjectableEvent[],
  options: StepOptions = {},
): Promise<void> {
  const steps = stepsOf(selected, [...new Set(events.map((e) => e.type))], options);
  if (steps.length === 0) return;
  await tx.query(
    `with appended as (
       select ${APPENDED_COLUMNS} from jsonb_to_recordset($1::jsonb) as e(position bigint, stream_id text, version int, type text, data jsonb)
     ),
     ${renderSteps(steps)}
     select 1`,
    [
      JSON.stringify(
        events.map((e) => ({
          position: e.position,
          stream_id: e.streamId,
          version: e.version,
          type: e.type,
          data: e.data,
        })),
      ),
    ],
  );
}
