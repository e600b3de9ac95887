import type { Database, Queryable } from '../db/database.ts';
import { type NewEvent, type RecordedEvent, appendToStream } from '../eventstore/event-store.ts';
import { cartsProjection } from './carts/carts.projection.ts';
import type { Projection } from './projection.ts';
import { subscribersProjection } from './subscribers/subscribers.projection.ts';

/** Every projection the shop runs inline. */
export const projections: readonly Projection[] = [cartsProjection, subscribersProjection];

export function projectionByName(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}

/** Applies freshly appended events to every interested projection, in the append's transaction. */
export async function applyInlineProjections(tx: Queryable, events: readonly RecordedEvent[]): Promise<void> {
  for (const projection of projections) {
    const relevant = events.filter((e) => projection.eventTypes.includes(e.type));
    if (relevant.length > 0) await projection.applyInline(tx, relevant);
  }
}

/** Per event type, only the projection CTEs that have something to do for it (fewer to plan and run). */
const APPEND_CTES_BY_TYPE = new Map<string, string[]>();
for (const cte of projections.flatMap((p) => p.appendCtes)) {
  for (const type of cte.types) APPEND_CTES_BY_TYPE.set(type, [...(APPEND_CTES_BY_TYPE.get(type) ?? []), cte.sql]);
}

/**
 * Appends and projects atomically. A single event (every command here emits one) goes in ONE
 * statement: version check + insert + every projection's CTEs. Several events take a transaction
 * with a statement per event, since CTEs of one statement cannot see each other's writes (an
 * ItemAdded then QuantityChanged of the same line would be lost). Either way the inline projection
 * writes wait while a replay holds the read-model tables (see replay.ts), so none is missed.
 */
export async function appendWithProjections(db: Database, streamId: string, expectedVersion: number, events: readonly NewEvent[]): Promise<RecordedEvent[]> {
  if (events.length === 1) return appendToStream(db, streamId, expectedVersion, events, { alsoRun: APPEND_CTES_BY_TYPE.get(events[0]!.type) ?? [] });
  return db.transaction(async (tx) => {
    const recorded = await appendToStream(tx, streamId, expectedVersion, events);
    await applyInlineProjections(tx, recorded);
    return recorded;
  });
}
