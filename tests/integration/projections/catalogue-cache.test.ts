import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from '../../../app/event-store.ts';
import { connectPostgres } from '../../../db/postgres.ts';
import { openCatalogueCache } from '../../../projections/catalogue/catalogue.cache.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { seedCatalogue } from '../../../seed/seed-catalogue.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { until } from '../../support/until.ts';
import { receiveStock } from '../../../app/stock/stock.service.ts';
import type { CatalogueChange } from '../../../projections/catalogue/catalogue-change.ts';
import { variantWithStock } from '../../support/orders.ts';
import { decide, initialState } from '../../../domain/stock/stock.decider.ts';
import { stockStreamId } from '../../../domain/stock/stock.events.ts';
import { appendWithProjections } from '../../../projections/registry.ts';

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

describe.each(BACKENDS)('what a stock reload tells its listeners on %s', (backend) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
  });
  afterAll(() => t?.drop());

  it('stock received names the product, and says whether a size went in or out of stock', async () => {
    const cache = await openCatalogueCache(t.db, { pollMs: 60_000 });
    const changes: CatalogueChange[] = [];
    cache.onChange((_version, change) => changes.push(change));
    try {
      const stocked = variantWithStock(5);
      await receiveStock(createEventStore(t.db), stocked.variant.id, 2);
      await cache.refresh();
      const soldOut = variantWithStock(0);
      await receiveStock(createEventStore(t.db), soldOut.variant.id, 1);
      await cache.refresh();
      expect(changes).toEqual([
        { kind: 'stock', productIds: new Set([stocked.product.id]), availability: false },
        { kind: 'stock', productIds: new Set([soldOut.product.id]), availability: true },
      ]);
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

  it('finds the products with their stock as it is now (the search words are kept from before)', async () => {
    const cache = await openCatalogueCache(t.db, { pollMs: 60_000 });
    try {
      const { product, variant } = variantWithStock(5);
      const stockIn = (found: ReadonlyArray<{ id: number; variants: ReadonlyArray<{ id: number; stock: number }> }>) =>
        found.find((p) => p.id === product.id)?.variants.find((v) => v.id === variant.id)?.stock;
      expect(stockIn(cache.search(product.name, 10).products.map((hit) => hit.item))).toBe(variant.stock);
      await receiveStock(createEventStore(t.db), variant.id, 3);
      await cache.refresh();
      expect(stockIn(cache.search(product.name, 10).products.map((hit) => hit.item))).toBe(variant.stock + 3);
      expect(stockIn(cache.products({ search: product.name }))).toBe(variant.stock + 3);
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
    const receipt = (variantId: number) => decide({ type: 'ReceiveStock', variantId, quantity: 2, variantExists: true, at: new Date().toISOString() }, initialState());
    const early = variantWithStock(6).variant;
    const late = seed.products.flatMap((p) => p.variants).find((v) => v.stock >= 5 && v.id !== early.id)!;
    const before = cache.variant(early.id)!.stock;
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
      expect(cache.variant(early.id)!.stock).toBe(before + 2);
    } finally {
      release();
      await cache.close();
    }
  });
});
