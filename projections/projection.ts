import type { Queryable } from '../db/database.ts';
import type { RecordedEvent } from '../eventstore/event-store.ts';

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
}

export interface ProjectionStep {
  name: string;
  sql: string;
  /**
   * The event types this step can act on, when fewer than the projection's: a statement whose
   * events are all of other types leaves the step out (less to plan on every append). A step that
   * others read must act on every type they do.
   */
  only?: readonly string[];
}

/** The columns of `appended`, as the event store returns them from its insert. */
export const APPENDED_COLUMNS = 'position, stream_id, version, type, data';

/** `name as (sql)` for each step, ready to follow other common table expressions. */
export const renderSteps = (steps: readonly ProjectionStep[]) => steps.map((step) => `${step.name} as (${step.sql})`).join(',\n');

/**
 * The steps of the selected projections that act on any of `types` (default: all), refusing two
 * steps of the same name.
 */
export function stepsOf(selected: readonly Projection[], types?: readonly string[]): ProjectionStep[] {
  const steps = selected
    .filter((p) => !types || p.eventTypes.some((t) => types.includes(t)))
    .flatMap((p) => p.steps)
    .filter((step) => !types || !step.only || step.only.some((t) => types.includes(t)));
  const names = new Set(steps.map((s) => s.name));
  if (names.size !== steps.length) throw new Error(`projection steps must have distinct names: ${steps.map((s) => s.name).join(', ')}`);
  return steps;
}

/** What a projection reads of an event. */
export type ProjectableEvent = Pick<RecordedEvent, 'position' | 'streamId' | 'version' | 'type' | 'data'>;

/**
 * Applies `events` (already in the log, or made up by a test) to the selected projections in one
 * statement: the steps over `appended` given as JSON. Re-applying events is a no-op.
 */
export async function projectEvents(tx: Queryable, selected: readonly Projection[], events: readonly ProjectableEvent[]): Promise<void> {
  if (events.length === 0 || selected.length === 0) return;
  await tx.query(
    `with appended as (
       select ${APPENDED_COLUMNS} from jsonb_to_recordset($1::jsonb) as e(position bigint, stream_id text, version int, type text, data jsonb)
     ),
     ${renderSteps(stepsOf(selected))}
     select 1`,
    [JSON.stringify(events.map((e) => ({ position: e.position, stream_id: e.streamId, version: e.version, type: e.type, data: e.data })))],
  );
}
