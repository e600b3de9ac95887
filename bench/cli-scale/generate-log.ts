import type { Database } from '../../db/database.ts';
import { subscriberLookupKey } from '../../db/subscriber-keys.ts';
import { encryptEmail, newDataKey, subscriberIdOf } from '../../domain/subscriptions/email-cipher.ts';
import { SUBSCRIBER_STREAM_PREFIX } from '../../domain/subscriptions/subscription.events.ts';
import { loadCatalogueSnapshot } from '../../projections/catalogue/catalogue.queries.ts';

/** The generated log's size: carts of five events each, and one Subscribed event per subscriber. */
export interface LogSize {
  carts: number;
  subscribers: number;
}

const CHUNK = 20_000;

export const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);

/** Cart streams of five events each and one Subscribed event per subscriber, interleaved chunk by chunk. */
export async function generateLog(db: Database, { carts: CARTS, subscribers: SUBSCRIBERS }: LogSize): Promise<void> {
  const snapshot = await loadCatalogueSnapshot(db);
  const variants = snapshot.variants.filter((v) => v.stock >= 5);
  const variantIds = variants.map((v) => v.id);
  const productIds = variants.map((v) => v.productId);
  const cartSql = `
    insert into events (stream_id, version, type, data)
    select 'cart-' || md5('cart-' || c)::uuid, s.version, s.type, s.data
    from generate_series($1::int, $2::int) c
    cross join lateral (select timestamptz '2024-01-01T00:00:00Z' + c * interval '1 second' as t,
                               1 + c % cardinality($3::int[]) as a, 1 + (c * 7) % cardinality($3::int[]) as b,
                               1 + (c * 13) % cardinality($3::int[]) as d) k
    cross join lateral (values
      (1, 'ItemAdded', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l1-' || c)::uuid, 'productId', ($4::int[])[k.a], 'variantId', ($3::int[])[k.a], 'quantity', 1, 'at', to_char(k.t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (2, 'ItemAdded', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l2-' || c)::uuid, 'productId', ($4::int[])[k.b], 'variantId', ($3::int[])[k.b], 'quantity', 2, 'at', to_char((k.t + interval '1 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (3, 'QuantityChanged', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l1-' || c)::uuid, 'quantity', 3, 'at', to_char((k.t + interval '2 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (4, 'ItemRemoved', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l2-' || c)::uuid, 'at', to_char((k.t + interval '3 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (5, 'ItemAdded', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l3-' || c)::uuid, 'productId', ($4::int[])[k.d], 'variantId', ($3::int[])[k.d], 'quantity', 1, 'at', to_char((k.t + interval '4 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    ) s(version, type, data)
    order by s.version, c`;
  // Subscriptions as the service records them: each address sealed with its subscriber's own key
  // (kept in subscriber_keys), the stream named by the keyed hash of the address.
  const lookupKey = await subscriberLookupKey(db);
  const subscribers = async (from: number, to: number) => {
    const ids: string[] = [];
    const keys: Buffer[] = [];
    const data: string[] = [];
    for (let i = from; i <= to; i++) {
      const email = `user${i}@example.com`;
      const subscriberId = subscriberIdOf(lookupKey, email);
      const key = newDataKey();
      const at = new Date(Date.UTC(2024, 0, 1) + i * 7).toISOString();
      ids.push(subscriberId);
      keys.push(key);
      data.push(JSON.stringify({ schemaVersion: 2, subscriberId, emailCipher: encryptEmail(key, email), at }));
    }
    await db.query('insert into subscriber_keys (subscriber_id, key) select * from unnest($1::text[], $2::bytea[])', [ids, keys]);
    await db.query(
      `insert into events (stream_id, version, type, data)
       select $3 || s.id, 1, 'Subscribed', s.data from unnest($1::text[], $2::jsonb[]) with ordinality as s(id, data, n) order by s.n`,
      [ids, data, SUBSCRIBER_STREAM_PREFIX],
    );
  };
  const chunks = Math.max(Math.ceil(CARTS / CHUNK), Math.ceil(SUBSCRIBERS / (CHUNK * 5)));
  const started = performance.now();
  for (let k = 0; k < chunks; k++) {
    const cartFrom = k * CHUNK + 1;
    const cartTo = Math.min(CARTS, (k + 1) * CHUNK);
    if (cartFrom <= cartTo) await db.query(cartSql, [cartFrom, cartTo, variantIds, productIds]);
    const subFrom = k * CHUNK * 5 + 1;
    const subTo = Math.min(SUBSCRIBERS, (k + 1) * CHUNK * 5);
    if (subFrom <= subTo) await subscribers(subFrom, subTo);
    process.stderr.write(`\rgenerating events: ${Math.round(((k + 1) / chunks) * 100)}%`);
  }
  // As a shop's log is by the time anyone replays it: vacuumed (hint bits and visibility map set), so
  // the first replay does not pay for the bulk load's clean-up and the later ones do not skip it (and
  // written out before each command: see `settled` below).
  await db.query('vacuum analyze events');
  process.stderr.write(`\rgenerated ${fmt(CARTS * 5)} cart events and ${fmt(SUBSCRIBERS)} Subscribed events in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
