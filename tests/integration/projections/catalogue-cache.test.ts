import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopEventStore } from '../../../app/shop.ts';
import { createShop } from '../../../app/shop.ts';
import { STOCK_CHANNEL } from '../../../projections/catalogue/catalogue.queries.ts';
import { connectPostgres } from '../../../db/postgres.ts';
import { openCatalogueCache } from '../../../projections/catalogue/catalogue.cache.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../../seed/seed-catalogue.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { until } from '../../support/until.ts';
import { receiveStock } from '../../../app/stock/stock.service.ts';
import type { CatalogueChange } from '../../../projections/catalogue/catalogue-change.ts';
import { checkout, variantWithStock } from '../../support/orders.ts';
import { decide, initialState } from '../../../domain/stock/stock.decider.ts';
import { stockStreamId } from '../../../domain/stock/stock.events.ts';
import { appendWithProjections } from '../../support/append.ts';

const renamed = (name: string) => ({
  ...seed,
  products: seed.products.map((p, i) => (i === 0 ? { ...p, name, priceCents: p.priceCents + 100 } : p)),
});

describe.each(BACKENDS)('catalogue cache on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  it('seeding the same catalogue again changes nothing and keeps the version', async () => {
    const before = await seedCatalogue(t.db, seed);
    expect(before.changed).toBe(false);
    expect((await seedCatalogue(t.db, seed)).version).toBe(before.version);
  });

  it('a seed that changes the catalogue is picked up by refresh, and onChange fires', async () => {
    const cache = await openCatalogueCache(t.db, { pollMs: 60_000 });
    const changes: number[] = [];
    cache.onChange((v) => changes.push(v));
    try {
      const result = await seedCatalogue(t.db, renamed('Renamed Rex'));
      expect(result.changed).toBe(true);
      await cache.refresh();
      expect(cache.productById(seed.products[0]!.id)?.name).toBe('Renamed Rex');
      expect(changes).toEqual([result.version]);
      expect(cache.version).toBe(result.version);
    } finally {
      await cache.close();
    }
  });
});

/** A seeded variant whose stock is `stock`, other than `not`. */
const seededWith = (stock: number, not: readonly number[] = []) => {
  for (const product of seed.products) {
    const variant = product.variants.find((v) => v.stock === stock && !not.includes(v.id));
    if (variant) return { product, variant };
  }
  throw new Error(`no seeded variant has ${stock} in stock`);
};

describe.each(BACKENDS)('what a stock movement tells its listeners on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  it('a count moving within its band tells nothing; a band crossed names the product; a size back in stock says so', async () => {
    const cache = await openCatalogueCache(t.db, { pollMs: 60_000 });
    const changes: CatalogueChange[] = [];
    cache.onChange((_version, change) => changes.push(change));
    try {
      const within = variantWithStock(5);
      await receiveStock(shopEventStore(t.db), within.variant.id, 2);
      await cache.refresh();
      expect(changes).toEqual([]);
      expect(cache.stockOf(within.variant.id)).toBe(7);
      expect(cache.variant(within.variant.id)!.stock).toBe(5);

      const low = seededWith(4);
      await receiveStock(shopEventStore(t.db), low.variant.id, 1);
      await cache.refresh();
      const soldOut = variantWithStock(0);
      await receiveStock(shopEventStore(t.db), soldOut.variant.id, 1);
      await cache.refresh();
      expect(changes).toEqual([
        { kind: 'stock', productIds: new Set([low.product.id]), availability: false },
        { kind: 'stock', productIds: new Set([soldOut.product.id]), availability: true },
      ]);
    } finally {
      await cache.close();
    }
  });

  it('the stock an order moved is applied by the instance that placed it, without a reload', async () => {
    const cache = await openCatalogueCache(t.db, { pollMs: 600_000 });
    const changes: CatalogueChange[] = [];
    cache.onChange((_version, change) => changes.push(change));
    try {
      const shop = createShop({ db: t.db, catalogue: cache });
      const { product, variant } = seededWith(6);
      const { cart } = await shop.carts.addItem(null, { productId: product.id, variantId: variant.id, quantity: 2 });
      await shop.orders.placeOrder(cart.id, checkout(), false);
      // 6 → 4: from "5 or more" to "Only 4 left", heard at once.
      expect(cache.stockOf(variant.id)).toBe(4);
      expect(cache.variant(variant.id)!.stock).toBe(4);
      expect(changes).toEqual([{ kind: 'stock', productIds: new Set([product.id]), availability: false }]);
    } finally {
      await cache.close();
    }
  });
});

describe.each(BACKENDS)('search after a stock movement on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  it('finds the products with their stock as shoppers are shown it now', async () => {
    const cache = await openCatalogueCache(t.db, { pollMs: 60_000 });
    try {
      const { product, variant } = seededWith(4);
      const stockIn = (found: ReadonlyArray<{ id: number; variants: ReadonlyArray<{ id: number; stock: number }> }>) =>
        found.find((p) => p.id === product.id)?.variants.find((v) => v.id === variant.id)?.stock;
      expect(stockIn(cache.search(product.name, 10).products.map((hit) => hit.item))).toBe(4);
      await receiveStock(shopEventStore(t.db), variant.id, 7);
      await cache.refresh();
      expect(stockIn(cache.search(product.name, 10).products.map((hit) => hit.item))).toBe(10);
      expect(stockIn(cache.products({ search: product.name }))).toBe(10);
      expect(cache.stockOf(variant.id)).toBe(11);
    } finally {
      await cache.close();
    }
  });
});

describe.runIf(BACKENDS.includes('postgres'))('catalogue invalidation across server instances (PostgreSQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t?.drop());

  it('two instances with their own connections both reload on NOTIFY, without waiting for the poll', async () => {
    // Each "instance" has its own pool and LISTEN connection, as two processes would.
    const dbA = connectPostgres(t.target.databaseUrl!);
    const dbB = connectPostgres(t.target.databaseUrl!);
    const a = await openCatalogueCache(dbA, { pollMs: 600_000 });
    const b = await openCatalogueCache(dbB, { pollMs: 600_000 });
    try {
      const id = seed.products[0]!.id;
      await seedCatalogue(t.db, renamed('Notified Rex'));
      await until(() => a.productById(id)?.name === 'Notified Rex' && b.productById(id)?.name === 'Notified Rex');
      expect(a.version).toBe(b.version);
    } finally {
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
    }
  });

  it('a movement that commits after a later-numbered one is still seen: positions are drawn before commit', async () => {
    const cache = await openCatalogueCache(t.db, { pollMs: 600_000 });
    const receipt = (variantId: number) =>
      decide(
        { type: 'ReceiveStock', variantId, quantity: 2, variantExists: true, at: new Date().toISOString() },
        initialState(),
      );
    const early = variantWithStock(6).variant;
    const late = seed.products.flatMap((p) => p.variants).find((v) => v.stock >= 5 && v.id !== early.id)!;
    const before = cache.stockOf(early.id)!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let drawn!: () => void;
    const appended = new Promise<void>((resolve) => (drawn = resolve));
    try {
      // The early receipt draws its position first and commits last.
      const first = t.db.transaction(async (tx) => {
        const [event] = await appendWithProjections(tx, stockStreamId(early.id), 0, receipt(early.id));
        drawn();
        await held;
        return event!.position;
      });
      await appended;
      const [second] = await appendWithProjections(t.db, stockStreamId(late.id), 0, receipt(late.id));
      expect(await cache.refresh()).toBe(true);
      release();
      expect(await first).toBeLessThan(second!.position);
      expect(await cache.refresh()).toBe(true);
      expect(cache.stockOf(early.id)).toBe(before + 2);
    } finally {
      release();
      await cache.close();
    }
  });
});

describe.runIf(BACKENDS.includes('postgres'))('stock bands across server instances (PostgreSQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t?.drop());

  it('a band crossed on one instance is heard by the other at once (NOTIFY); a count moving within its band sends nothing', async () => {
    const dbA = connectPostgres(t.target.databaseUrl!);
    const dbB = connectPostgres(t.target.databaseUrl!);
    const a = await openCatalogueCache(dbA, { pollMs: 600_000 });
    const b = await openCatalogueCache(dbB, { pollMs: 600_000 });
    const heard: string[] = [];
    const unlisten = await dbB.listen(STOCK_CHANNEL, (payload) => heard.push(payload));
    try {
      const within = seededWith(20);
      const crossing = seededWith(9, [within.variant.id]);
      await receiveStock(shopEventStore(dbA), within.variant.id, 3);
      await receiveStock(shopEventStore(dbA), crossing.variant.id, 1);
      await until(() => b.variant(crossing.variant.id)!.stock === 10);
      // Notifications arrive in commit order: the within-band receipt, first, sent none.
      expect(heard.map((payload) => (JSON.parse(payload) as Array<[number, number]>).map(([id]) => id))).toEqual([
        [crossing.variant.id],
      ]);
      expect(b.stockOf(crossing.variant.id)).toBe(10);
      expect(b.stockOf(within.variant.id)).toBe(20);
      await b.refresh();
      expect(b.stockOf(within.variant.id)).toBe(23);
    } finally {
      await unlisten();
      await a.close();
      await b.close();
      await dbA.close();
      await dbB.close();
    }
  });

  it('a LISTEN connection that drops is made again, and its handlers hear that they may have missed something', async () => {
    const db = connectPostgres(t.target.databaseUrl!, { logger: { error() {} } });
    const heard: string[] = [];
    const listening = async () =>
      (
        await t.db.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and query like 'listen %'`,
        )
      ).rows.map((r) => r.pid);
    try {
      const others = await listening();
      await db.listen(STOCK_CHANNEL, (payload) => heard.push(payload));
      const [pid] = (await listening()).filter((p) => !others.includes(p));
      expect(pid).toBeDefined();
      await t.db.query('select pg_terminate_backend($1)', [pid]);
      await until(() => heard.includes(''), 10_000);
      await t.db.query('select pg_notify($1, $2)', [STOCK_CHANNEL, '[[1,1]]']);
      await until(() => heard.includes('[[1,1]]'));
      expect((await listening()).filter((p) => !others.includes(p) && p !== pid)).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
