import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { checkout } from '../support/orders.ts';
import { BACKENDS, httpShopper, serverForTests } from './fault-support.ts';

const SHOPPERS = 100;

/** A shopper's checkout of its cart, sent once with its own key: the status and the answer. */
async function placeOrder(
  base: string,
  cookie: string,
  email: string,
): Promise<{ status: number; body: { number?: string; message?: string } }> {
  const response = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), cookie },
    body: JSON.stringify(checkout({ email })),
  });
  return { status: response.status, body: (await response.json()) as { number?: string; message?: string } };
}
/** A variant the seed stocks with exactly 3, and its product. */
const product = seed.products.find((p) => p.variants.some((v) => v.stock === 3))!;
const variant = product.variants.find((v) => v.stock === 3)!;

/**
 * The last units of a variant, wanted by many at once through the real server: the stock check in
 * the order's own append lets exactly as many orders through as there are units, and refuses the rest
 * with the reason, recording nothing for them.
 */
describe.each(BACKENDS)('the last 3 units on %s', (backend) => {
  const ctx = serverForTests(backend);

  it(`${SHOPPERS} concurrent checkouts end in exactly 3 orders and ${SHOPPERS - 3} clear refusals; stock never below 0`, async () => {
    const base = ctx.server.url;
    const shoppers = Array.from({ length: SHOPPERS }, () => httpShopper(base));
    // Every shopper holds one of the variant (the cart allows it: 3 are in stock).
    const adds = await Promise.all(
      shoppers.map((s) => s.send('POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 1 })),
    );
    expect(adds.map((a) => a.status)).toEqual(Array(SHOPPERS).fill(201));

    const stockSeen: number[] = [];
    let placing = true;
    const watcher = (async () => {
      while (placing) {
        const variants = (await (await fetch(`${base}/api/products/${product.id}/variants`)).json()) as Array<{
          id: number;
          stock: number;
        }>;
        stockSeen.push(variants.find((v) => v.id === variant.id)!.stock);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const answers = await Promise.all(shoppers.map((s, i) => placeOrder(base, s.cookie!, `shopper${i}@example.com`)));
    placing = false;
    await watcher;

    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(SHOPPERS - 3);
    expect(new Set(placed.map((a) => a.body.number)).size).toBe(3);
    for (const { body } of refused)
      expect(body.message).toBe(`Sorry, ${product.name} (${variant.size}, ${variant.color}) is sold out: 0 left`);

    const variants = (await (await fetch(`${base}/api/products/${product.id}/variants`)).json()) as Array<{
      id: number;
      stock: number;
    }>;
    expect(variants.find((v) => v.id === variant.id)!.stock).toBe(0);
    expect(stockSeen.every((stock) => stock >= 0 && stock <= 3)).toBe(true);
    // Each order is kept and can be found with its shopper's address; a refused shopper's cart is intact.
    const i = answers.indexOf(placed[0]!);
    const found = await fetch(
      `${base}/api/orders/${encodeURIComponent(placed[0]!.body.number!)}?email=shopper${i}@example.com`,
    );
    expect(found.status).toBe(200);
    const j = answers.indexOf(refused[0]!);
    expect((await shoppers[j]!.send('GET', '/api/cart')).json.itemCount).toBe(1);
  }, 120_000);
});

/** Two variants of different products the seed stocks with a few units each: the fewer of the two bounds the orders. */
const pair = (() => {
  const found = seed.products.flatMap((p) =>
    p.variants.filter((v) => v.stock >= 6 && v.stock <= 9).map((v) => ({ product: p, variant: v })),
  );
  const first = found[0]!;
  const second = found.find((f) => f.product.id !== first.product.id && f.variant.stock !== first.variant.stock)!;
  return [first, second] as const;
})();
const RACERS = 40;

/** Deadlocks PostgreSQL has detected in one database, as its statistics show (a backend reports them within about 10 s of going idle). */
async function deadlocksIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ deadlocks: string }>(
      'select deadlocks from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]!.deadlocks);
  } finally {
    await client.end();
  }
}

/**
 * Carts holding the same two variants, half listing them one way round and half the other, all
 * checked out at once: each order locks the variants' rows in id order (and the first ones make them in
 * id order), so orders queue and never deadlock
 * (a deadlock is retried, but only after PostgreSQL's deadlock_timeout: a stall of a second or more),
 * and exactly as many orders pass as the scarcer variant has units.
 */
describe.each(BACKENDS)('two variants wanted in opposite orders on %s', (backend) => {
  const ctx = serverForTests(backend);

  it(`${RACERS} concurrent two-line checkouts: no deadlock, no oversell, every refusal clear`, async () => {
    const base = ctx.server.url;
    const [a, b] = pair;
    const fewer = Math.min(a.variant.stock, b.variant.stock);
    const deadlocksBefore = backend === 'postgres' ? await deadlocksIn(ctx.target.databaseUrl!) : 0;
    const shoppers = Array.from({ length: RACERS }, () => httpShopper(base));
    for (const [i, s] of shoppers.entries()) {
      const lines = i % 2 === 0 ? [a, b] : [b, a];
      for (const { product, variant } of lines)
        expect(
          (await s.send('POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 1 })).status,
        ).toBe(201);
    }

    const answers = await Promise.all(shoppers.map((s, i) => placeOrder(base, s.cookie!, `racer${i}@example.com`)));

    expect(answers.filter((x) => x.status === 201)).toHaveLength(fewer);
    const refused = answers.filter((x) => x.status !== 201);
    expect(refused.map((x) => x.status)).toEqual(Array(RACERS - fewer).fill(409));
    for (const { body } of refused) expect(body.message).toMatch(/^Sorry, .+ is sold out: 0 left$/);
    for (const { product, variant } of pair) {
      const variants = (await (await fetch(`${base}/api/products/${product.id}/variants`)).json()) as Array<{
        id: number;
        stock: number;
      }>;
      expect(variants.find((v) => v.id === variant.id)!.stock).toBe(variant.stock - fewer);
    }
    if (backend === 'postgres') {
      // Every backend that took part has reported its statistics by the time it has been idle 10 s.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await deadlocksIn(ctx.target.databaseUrl!)).toBe(deadlocksBefore);
    }
  }, 120_000);
});
