import type { Subscribed } from '../../api/subscriptions/subscription.events.ts';
import type { FoldableEvent } from '../../eventstore/event-store.ts';
import { type Projection, type Rebuild, chunks } from '../projection.ts';

const isSubscribed = <E extends FoldableEvent>(event: E): event is E & { type: 'Subscribed'; data: Subscribed['data'] } => event.type === 'Subscribed';

export const subscribersProjection: Projection = {
  name: 'subscribers',
  version: 1,
  eventTypes: ['Subscribed'],
  tables: ['subscribers'],
  appendCtes: [
    `insert into subscribers (email, subscribed_at, position)
     select a.data->>'email', (a.data->>'at')::timestamptz, a.position from appended a where a.type = 'Subscribed'
     on conflict (email) do nothing`,
  ],

  async applyInline(tx, events) {
    for (const event of events) {
      if (!isSubscribed(event)) continue;
      await tx.query(
        `insert into subscribers (email, subscribed_at, position) values ($1, $2, $3)
         on conflict (email) do nothing`,
        [event.data.email, event.data.at, event.position],
      );
    }
  },

  createRebuild(): Rebuild {
    const subscribers = new Map<string, { at: string; position: number }>();
    return {
      fold(events) {
        for (const event of events) {
          if (isSubscribed(event) && !subscribers.has(event.data.email)) subscribers.set(event.data.email, { at: event.data.at, position: event.position });
        }
      },
      async write(tx) {
        for (const chunk of chunks([...subscribers.entries()])) {
          await tx.query(
            `insert into subscribers (email, subscribed_at, position)
             select * from unnest($1::text[], $2::timestamptz[], $3::bigint[])`,
            [chunk.map(([email]) => email), chunk.map(([, s]) => s.at), chunk.map(([, s]) => s.position)],
          );
        }
      },
    };
  },
};
