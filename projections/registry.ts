import type { Database, Queryable } from '../db/database.ts';
import { createAppendGroups } from '../eventstore/append-groups.ts';
import { type ConcurrencyConflict, type NewEvent, type RecordedEvent, type StreamAppend, appendToStream, appendToStreams } from '../eventstore/event-store.ts';
import { cartsProjection } from './carts/carts.projection.ts';
import { type Projection, type ProjectionStep, stepsOf } from './projection.ts';
import { ordersProjection } from './orders/orders.projection.ts';
import { stockProjection } from './stock/stock.projection.ts';
import { stockAlertsProjection } from './stock-alerts/stock-alerts.projection.ts';
import { subscribersProjection } from './subscribers/subscribers.projection.ts';

/** Every projection the shop runs inline. */
export const projections: readonly Projection[] = [cartsProjection, subscribersProjection, ordersProjection, stockProjection, stockAlertsProjection];

export function projectionByName(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}

/** Per set of event types, the steps of the projections that handle any of them (fewer to plan and run). */
const stepsByTypes = new Map<string, ProjectionStep[]>();
function stepsFor(events: readonly NewEvent[]): ProjectionStep[] {
  const key = [...new Set(events.map((e) => e.type))].sort().join(',');
  let steps = stepsByTypes.get(key);
  if (!steps) {
    steps = stepsOf(projections, [...new Set(events.map((e) => e.type))]);
    stepsByTypes.set(key, steps);
  }
  return steps;
}

/**
 * One stream's append and projections in ONE statement whatever the number of events: version check,
 * insert, and every interested projection's steps reading the inserted rows as `appended`. One
 * statement is one transaction (events and read models never disagree) and one round trip. The
 * shop's commands go through app/event-store.ts; tests and the bench append with this directly.
 */
export async function appendWithProjections(db: Queryable, streamId: string, expectedVersion: number, events: readonly NewEvent[]): Promise<RecordedEvent[]> {
  return appendToStream(db, streamId, expectedVersion, events, { alsoRun: stepsFor(events) });
}

/**
 * Appends several streams' events and projects them in ONE statement (app/event-store.ts runs it in
 * a transaction, which it rolls back when any stream conflicted): version checks, inserts, and every
 * interested projection's steps reading the inserted rows as `appended`. The projection writes wait
 * while a replay fences the read-model tables (see replay.ts), so none is missed.
 */
export function appendStreamsWithProjections(tx: Queryable, appends: readonly StreamAppend[]): Promise<Array<RecordedEvent[] | ConcurrencyConflict>> {
  return appendToStreams(tx, appends, { alsoRun: stepsFor(appends.flatMap((a) => a.events)) });
}

/** One group committer per database: every service of the process shares it (see groupedAppendWithProjections). */
const groups = new WeakMap<Database, ReturnType<typeof createAppendGroups>>();

/**
 * An append with its projections for commands that run on their own (not in a caller's
 * transaction): appends of other streams in flight at the same time go to the database in the same
 * statement (eventstore/append-groups.ts). Two statements in flight on PostgreSQL, which runs them
 * side by side; one on PGlite, which runs one statement at a time anyway, so the rest gather for the next.
 */
export function groupedAppendWithProjections(db: Database): (streamId: string, expectedVersion: number, events: readonly NewEvent[]) => Promise<RecordedEvent[]> {
  let group = groups.get(db);
  if (!group) {
    group = createAppendGroups(db, { alsoRun: stepsFor, inFlight: db.kind === 'postgres' ? 2 : 1 });
    groups.set(db, group);
  }
  return group.append;
}
