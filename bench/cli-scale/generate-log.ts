import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { type NewEvent, type StreamAppend, appendToStreams } from '../../eventstore/streams.ts';
import { stepsOf } from '../../eventstore/projection.ts';
import { projections } from '../../projections/registry.ts';
import { subscriberLookupKey } from '../../db/subscriber-keys.ts';
import { sealPersonal, newDataKey, subscriberIdOf } from '../../domain/personal-seal.ts';
import { SUBSCRIBER_STREAM_PREFIX } from '../../domain/subscriptions/subscription.events.ts';
import { loadCatalogueSnapshot } from '../../projections/catalogue/catalogue.queries.ts';

/** The generated log's size: carts of five events each, and one Subscribed event per subscriber. */
export interface LogSize {
  carts: number;
  subscribers: number;
}

const CHUNK = 20_000;
/** Streams per statement of the generation's appends (the live path groups up to 16; larger here only to be quick). */
const LIVE_GROUP = 1000;

export const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);

/** Cart streams of five events each and one Subscribed event per subscriber, interleaved chunk by chunk. */
export async function generateLog(db: Database, { carts: CARTS, subscribers: SUBSCRIBERS }: LogSize): Promise<void> {
  const snapshot = await loadCatalogueSnapshot(db);
  const variants = snapshot.variants.filter((v) => v.stock >= 5);
  const variantIds = variants.map((v) => v.id);
  const productIds = variants.map((v) => v.productId);
  // Written as the live path writes: the cart service's grouped append (appendToStreams with the
  // projections' steps in the same statement), one event per stream per statement, in large groups.
  // The read models the replays rebuild are then compared with these (read-models.ts).
  const iso = (ms: number) => new Date(ms).toISOString();
  const T0 = Date.UTC(2024, 0, 1);
  const md5uuid = (text: string) => {
    const h = createHash('md5').update(text).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  };
  const cartEvent = (c: number, version: number): NewEvent => {
    const t = T0 + c * 1000;
    const n = variantIds.length;
    const [a, b, d] = [c % n, (c * 7) % n, (c * 13) % n];
    const line = (k: number, l: string, quantity: number, ms: number) => ({
      schemaVersion: 1,
      lineId: md5uuid(`${l}-${c}`),
      productId: productIds[k]!,
      variantId: variantIds[k]!,
      quantity,
      at: iso(t + ms),
    });
    switch (version) {
      case 1:
        return { type: 'ItemAdded', data: line(a, 'l1', 1, 0) };
      case 2:
        return { type: 'ItemAdded', data: line(b, 'l2', 2, 1) };
      case 3:
        return {
          type: 'QuantityChanged',
          data: { schemaVersion: 1, lineId: md5uuid(`l1-${c}`), quantity: 3, at: iso(t + 2) },
        };
      case 4:
        return {
          type: 'ItemRemoved',
          data: {
            schemaVersion: 1,
            lineId: md5uuid(`l2-${c}`),
            productId: productIds[b]!,
            variantId: variantIds[b]!,
            at: iso(t + 3),
          },
        };
      default:
        return { type: 'ItemAdded', data: line(d, 'l3', 1, 4) };
    }
  };
  const live = async (appends: StreamAppend[]) => {
    for (let i = 0; i < appends.length; i += LIVE_GROUP) {
      const group = appends.slice(i, i + LIVE_GROUP);
      const outcomes = await appendToStreams(db, group, {
        alsoRun: stepsOf(projections, [...new Set(group.flatMap((g) => g.events.map((e) => e.type)))]),
      });
      const refused = outcomes.find((o) => o instanceof Error);
      if (refused) throw refused;
    }
  };
  const carts = async (from: number, to: number) => {
    for (let version = 1; version <= 5; version++) {
      const appends: StreamAppend[] = [];
      for (let c = from; c <= to; c++)
        appends.push({
          streamId: `cart-${md5uuid(`cart-${c}`)}`,
          expectedVersion: version - 1,
          events: [cartEvent(c, version)],
        });
      await live(appends);
    }
  };
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
      data.push(JSON.stringify({ schemaVersion: 2, subscriberId, emailCipher: sealPersonal(key, email), at }));
    }
    await db.query('insert into subscriber_keys (subscriber_id, key) select * from unnest($1::text[], $2::bytea[])', [
      ids,
      keys,
    ]);
    await live(
      ids.map((id, i) => ({
        streamId: SUBSCRIBER_STREAM_PREFIX + id,
        expectedVersion: 0,
        events: [{ type: 'Subscribed', data: JSON.parse(data[i]!) }],
      })),
    );
  };
  const chunks = Math.max(Math.ceil(CARTS / CHUNK), Math.ceil(SUBSCRIBERS / (CHUNK * 5)));
  const started = performance.now();
  for (let k = 0; k < chunks; k++) {
    const cartFrom = k * CHUNK + 1;
    const cartTo = Math.min(CARTS, (k + 1) * CHUNK);
    if (cartFrom <= cartTo) await carts(cartFrom, cartTo);
    const subFrom = k * CHUNK * 5 + 1;
    const subTo = Math.min(SUBSCRIBERS, (k + 1) * CHUNK * 5);
    if (subFrom <= subTo) await subscribers(subFrom, subTo);
    process.stderr.write(`\rgenerating events: ${Math.round(((k + 1) / chunks) * 100)}%`);
  }
  // As a shop's log is by the time anyone replays it: vacuumed (hint bits and visibility map set), so
  // the first replay does not pay for the bulk load's clean-up and the later ones do not skip it (and
  // written out before each command: see `settled` below).
  await db.query('vacuum analyze events');
  process.stderr.write(
    `\rgenerated ${fmt(CARTS * 5)} cart events and ${fmt(SUBSCRIBERS)} Subscribed events in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
