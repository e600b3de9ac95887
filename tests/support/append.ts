import type { Queryable } from '../../db/database.ts';
import { appendEvents } from '../../eventstore/store.ts';
import type { NewEvent, RecordedEvent } from '../../eventstore/streams.ts';
import { projections } from '../../projections/registry.ts';

/** Events laid down as given, with the shop's inline read models in the same statement (a test's given log). */
export const appendWithProjections = (
  db: Queryable,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
): Promise<RecordedEvent[]> => appendEvents(db, projections, streamId, expectedVersion, events);
