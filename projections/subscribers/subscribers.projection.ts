import type { Subscribed } from '../../api/subscriptions/subscription.events.ts';
import type { FoldableEvent } from '../../eventstore/event-store.ts';
import { type Projection, type Rebuild, arrayLiteral } from '../projection.ts';

/** Rows per bulk insert: few round trips, bounded parameter arrays. */
const WRITE_CHUNK = 20_000;

const isSubscribed = <E extends FoldableEvent>(event: E): event is E & { type: 'Subscribed'; data: Subscribed['data'] } => event.type === 'Subscribed';

export const subscribersProjection: Projection = {
  name: 'subscribers',
  version: 1,
  eventTypes: ['Subscribed'],
  tables: ['subscribers'],
  appendCtes: [
    {
      types: ['Subscribed'],
      sql: `insert into subscribers (email, subscribed_at, position)
     select a.data->>'email', (a.data->>'at')::timestamptz, a.position from appended a where a.type = 'Subscribed'
     on conflict (email) do nothing`,
    },
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
    // Column arrays and a set, not a map of objects: a million subscribers are three arrays to the
    // garbage collector rather than a million small objects.
    const seen = new Set<string>();
    const emails: string[] = [];
    const ats: string[] = [];
    const positions: number[] = [];
    return {
      fold(events) {
        for (const event of events) {
          // The first subscription of an email wins, as the inline `on conflict (email) do nothing`.
          if (!isSubscribed(event) || seen.has(event.data.email)) continue;
          seen.add(event.data.email);
          emails.push(event.data.email);
          ats.push(event.data.at);
          positions.push(event.position);
        }
      },
      async write(tx) {
        for (let i = 0; i < emails.length; i += WRITE_CHUNK) {
          await tx.query(
            `insert into subscribers (email, subscribed_at, position)
             select * from unnest($1::text[], $2::timestamptz[], $3::bigint[])`,
            [
              arrayLiteral(emails.slice(i, i + WRITE_CHUNK)),
              arrayLiteral(ats.slice(i, i + WRITE_CHUNK)),
              arrayLiteral(positions.slice(i, i + WRITE_CHUNK)),
            ],
          );
        }
      },
    };
  },
};
