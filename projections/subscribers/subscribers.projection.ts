import { SUBSCRIBED_SCHEMA_VERSION, SUBSCRIPTION_EVENT_TYPES } from '../../domain/subscriptions/subscription.events.ts';
import type { Projection, ProjectionStep } from '../../eventstore/projection.ts';

const latest: ProjectionStep = {
  // Bytewise order (COLLATE "C"): any consistent order will do, and the locale's is slower. The
  // fields the rows need are read before the sort, which then moves them and not whole events.
  name: 'subscribers_latest',
  sql: `select distinct on (a.data->>'subscriberId' collate "C") a.data->>'subscriberId' as subscriber_id, a.type,
           a.data->>'emailCipher' as email_cipher, a.data->>'at' as at, a.position
    from appended a
    where (a.type = 'Subscribed' and (a.data->>'schemaVersion')::int = ${SUBSCRIBED_SCHEMA_VERSION}) or a.type = 'SubscriberForgotten'
    order by a.data->>'subscriberId' collate "C", a.position desc`,
};

/**
 * Each subscriber of the set inserted as its latest event leaves it (a forget: no address, no time),
 * `onConflict` saying what becomes of those already stored.
 */
const added = (onConflict: string): ProjectionStep => ({
  name: 'subscribers_added',
  sql: `insert into subscribers (subscriber_id, email_cipher, subscribed_at, position)
    select l.subscriber_id, l.email_cipher, case when l.type = 'Subscribed' then l.at::timestamptz end, l.position
    from subscribers_latest l
    ${onConflict}`,
});

/**
 * subscribers: one row per subscriber, holding the address sealed with the subscriber's key (the
 * export opens it) and when they subscribed. A SubscriberForgotten empties both (the row stays, with
 * the forget's position: rows are never deleted, see `Projection.tables`); subscribing again fills
 * them. The latest event of each subscriber in the set decides. Subscribed events of schema version
 * 1 (address in clear) are sealed by the upgrade before this version of the projection is replayed.
 */
export const subscribersProjection: Projection = {
  name: 'subscribers',
  version: 3,
  eventTypes: SUBSCRIPTION_EVENT_TYPES,
  tables: ['subscribers'],
  partitionKey: "data->>'subscriberId'",
  steps: [
    latest,
    added(`on conflict (subscriber_id) do update
      set email_cipher = excluded.email_cipher, subscribed_at = excluded.subscribed_at, position = excluded.position
      where subscribers.position < excluded.position`),
  ],
  // An empty table has no row to conflict with.
  stepsIntoEmpty: [latest, added('')],
};
