import { STOCK_ALERT_EVENT_TYPES } from '../../domain/stock-alerts/stock-alert.events.ts';
import type { Projection, ProjectionStep } from '../../eventstore/projection.ts';

/**
 * Per stream of the set, its latest event (a request leaves the row waiting, a fulfilment not), with
 * the address of its latest request in the set: a fulfilment carries none, and a set that holds a
 * stream's request and fulfilment (a replay's) must still say to whom the alert was owed.
 */
const latest: ProjectionStep = {
  name: 'stock_alerts_latest',
  sql: `select l.stream_id, l.variant_id, r.subscriber_id, r.email_cipher, l.waiting, l.version, l.position
    from (
      select distinct on (a.stream_id) a.stream_id, (a.data->>'variantId')::int as variant_id, a.type = 'StockAlertRequested' as waiting, a.version, a.position
      from appended a where a.type in ('StockAlertRequested', 'StockAlertFulfilled')
      order by a.stream_id, a.version desc
    ) l
    left join (
      select distinct on (a.stream_id) a.stream_id, a.data->>'subscriberId' as subscriber_id, a.data->>'emailCipher' as email_cipher
      from appended a where a.type = 'StockAlertRequested'
      order by a.stream_id, a.version desc
    ) r on r.stream_id = l.stream_id`,
};

/**
 * stock_alerts: one row per address and variant, waiting or not. Only a stream's latest event of the
 * set matters; a row at or past its version is left alone. A fulfilment keeps the row's address (its
 * event carries none), so the row says to whom the last alert was owed.
 */
export const stockAlertsProjection: Projection = {
  name: 'stock_alerts',
  version: 2,
  eventTypes: STOCK_ALERT_EVENT_TYPES,
  tables: ['stock_alerts'],
  partitionKey: 'stream_id',
  steps: [
    latest,
    {
      name: 'stock_alerts_written',
      sql: `insert into stock_alerts as s (stream_id, variant_id, subscriber_id, email_cipher, waiting, version, position)
        select stream_id, variant_id, subscriber_id, email_cipher, waiting, version, position from stock_alerts_latest
        on conflict (stream_id) do update
          set waiting = excluded.waiting, version = excluded.version, position = excluded.position,
              subscriber_id = coalesce(excluded.subscriber_id, s.subscriber_id), email_cipher = coalesce(excluded.email_cipher, s.email_cipher)
          where s.version < excluded.version`,
    },
  ],
};
