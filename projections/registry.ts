import type { Queryable } from '../db/database.ts';
import type { RecordedEvent } from '../eventstore/event-store.ts';
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
