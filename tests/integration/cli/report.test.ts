import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToCents } from '../../../contracts/money-format.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout } from '../../support/orders.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';
import { cli } from './cli-support.ts';

describe.each(BACKENDS)('dino-shop report on %s', (backend) => {
  let app: TestApp;
  let now = new Date('2026-11-28T09:00:00Z');
  const clock = () => now;
  const report = (args: string[] = []) => cli(app, ['report', ...args], { now: clock });
  /** Two products with stock to spare, and their prices in cents. */
  const pick = (index: number) => {
    const product = app.catalogue.products().filter((p) => app.catalogue.variants(p.id).some((v) => v.stock >= 10))[
      index
    ]!;
    const variant = app.catalogue.variants(product.id).find((v) => v.stock >= 10)!;
    return { product, variant, cents: decimalToCents(product.price) };
  };
  const add = (me: ReturnType<typeof shopper>, which: ReturnType<typeof pick>, quantity: number) =>
    me.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: which.product.id, variantId: which.variant.id, quantity },
    });
  const order = async (me: ReturnType<typeof shopper>) => {
    const placed = await me.request({ method: 'POST', url: '/api/orders', payload: checkout() });
    expect(placed.statusCode).toBe(201);
    return placed.json() as { number: string; total: string };
  };
  const totals: number[] = [];
  let cancelledNumber: string;

  beforeAll(async () => {
    app = await createTestApp(backend, { now: clock });
    const p = pick(0);
    const q = pick(1);
    // 28 November: one shopper orders two of P; another takes their one Q out again.
    const a = shopper(app);
    await add(a, p, 2);
    const first = await order(a);
    totals.push(decimalToCents(first.total));
    const b = shopper(app);
    const line = (await add(b, q, 1)).json().items[0].id as string;
    await b.request({ method: 'DELETE', url: `/api/cart/${line}` });
    // 29 November: one cart is left holding a P and a Q; another sets its Q to 0, then orders a P.
    now = new Date('2026-11-29T15:00:00Z');
    const c = shopper(app);
    await add(c, p, 1);
    await add(c, q, 1);
    const d = shopper(app);
    const dLine = (await add(d, q, 1)).json().items[0].id as string;
    await d.request({ method: 'PUT', url: `/api/cart/${dLine}`, payload: { quantity: 0 } });
    await add(d, p, 1);
    totals.push(decimalToCents((await order(d)).total));
    // 30 November: an order of a Q, cancelled by the shop.
    now = new Date('2026-11-30T10:00:00Z');
    const e = shopper(app);
    await add(e, q, 1);
    cancelledNumber = (await order(e)).number;
    expect(
      (await cli(app, ['orders', 'cancel', cancelledNumber, '--reason', 'Out of stock'], { now: clock })).code,
    ).toBe(0);
    // 1 December: the first order ships and is refunded $1.50.
    now = new Date('2026-12-01T09:00:00Z');
    expect(
      (
        await cli(app, ['orders', 'ship', first.number, '--carrier', 'Raptor Post', '--tracking', 'RP-1'], {
          now: clock,
        })
      ).code,
    ).toBe(0);
    expect(
      (await cli(app, ['orders', 'refund', first.number, '--amount', '1.50', '--reason', 'Late'], { now: clock })).code,
    ).toBe(0);
    now = new Date('2026-12-01T12:00:00Z');
  });
  afterAll(() => app?.close());

  it("the figures are the log's: sales by day, refunds on their day, products, carts by fate, what was taken out", async () => {
    const run = await report(['--since', '2026-11-28', '--until', '2026-12-01', '--format', 'json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const figures = JSON.parse(run.stdout);
    const money = (cents: number) => (cents / 100).toFixed(2);
    const [p, q] = [pick(0), pick(1)];
    expect(figures.since).toBe('2026-11-28T00:00:00.000Z');
    expect(figures.until).toBe('2026-12-02T00:00:00.000Z');
    expect(
      figures.days.map((d: Record<string, unknown>) => [d.day, d.orders, d.cancelled, d.items, d.revenue, d.refunded]),
    ).toEqual([
      ['2026-11-28', 1, 0, 2, money(totals[0]!), '0.00'],
      ['2026-11-29', 1, 0, 1, money(totals[1]!), '0.00'],
      ['2026-11-30', 1, 1, 0, '0.00', '0.00'],
      ['2026-12-01', 0, 0, 0, '0.00', '1.50'],
    ]);
    expect(figures.totals).toMatchObject({
      orders: 3,
      cancelled: 1,
      items: 3,
      revenue: money(totals[0]! + totals[1]!),
      refunds: 1,
      refunded: '1.50',
      net: money(totals[0]! + totals[1]! - 150),
    });
    // The cancelled Q sold nothing; P sold three at its price
    expect(figures.topByUnits).toEqual([
      { productId: p.product.id, name: p.product.name, units: 3, revenue: money(3 * p.cents) },
    ]);
    // Five carts: three ordered (the cancelled order's too), one emptied, one left holding a P and a Q
    expect(figures.carts).toEqual({
      started: 5,
      ordered: 3,
      emptied: 1,
      abandoned: 1,
      open: 0,
      abandonedValue: money(p.cents + q.cents),
      orderedShare: 0.6,
    });
    // A removal and a quantity set to 0 both take Q out
    expect(figures.takenOut).toEqual([{ productId: q.product.id, name: q.product.name, removals: 2 }]);
  });

  it('without dates, the last seven days to now; a cart changed within the hour is open, not abandoned', async () => {
    now = new Date('2026-11-29T15:30:00Z');
    const run = await report(['--format', 'json']);
    now = new Date('2026-12-01T12:00:00Z');
    const figures = JSON.parse(run.stdout);
    expect(figures.since).toBe('2026-11-23T00:00:00.000Z');
    expect(figures.until).toBe('2026-11-29T15:30:00.000Z');
    expect(figures.days).toHaveLength(7);
    expect(figures.carts).toMatchObject({ started: 4, ordered: 2, emptied: 1, abandoned: 0, open: 1 });
  });

  it('a replay rebuilds the read models to the same report', async () => {
    const before = (await report(['--since', '2026-11-28', '--format', 'json'])).stdout;
    expect((await cli(app, ['projections', 'replay'])).code).toBe(0);
    expect((await report(['--since', '2026-11-28', '--format', 'json'])).stdout).toBe(before);
  });

  it('reads as tables, as CSV, and as one HTML page written where asked', async () => {
    const table = await report(['--since', '2026-11-28']);
    expect(table.stdout).toContain('Dino Shop report: 2026-11-28 to 2026-12-01 (UTC days), up to 12:00');
    expect(table.stdout).toMatch(/^2026-12-01\s+0\s+0\s+0\s+\$0\.00\s+\$1\.50\s+–$/m);
    const csv = await report(['--since', '2026-11-28', '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('day,orders,cancelled,items,revenue,refunds,refunded,average_order');
    const file = path.join(tmpdir(), `dino-report-${backend}-${process.pid}.html`);
    try {
      const html = await report(['--since', '2026-11-28', '--html', file]);
      expect(html).toEqual({ code: 0, stdout: '', stderr: `Wrote the report to ${file}.\n` });
      const page = await readFile(file, 'utf8');
      expect(page).toContain('<title>Dino Shop report: 2026-11-28 to 2026-12-01 (UTC days), up to 12:00</title>');
      expect(page).toContain('<svg');
    } finally {
      await rm(file, { force: true });
    }
  });

  it('refuses a span that ends before it starts, a date that is none, and a file it cannot write', async () => {
    expect(await report(['--since', '2026-12-01', '--until', '2026-11-28'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: --since (2026-12-01T00:00:00.000Z) must come before --until (2026-11-29T00:00:00.000Z)\n',
    });
    const bad = await report(['--since', 'yesterday']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/Expected an ISO 8601 date/);
    const unwritable = await report(['--html', '/nonexistent-dir/report.html']);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toMatch(/^dino-shop: cannot write \/nonexistent-dir\/report\.html: /);
  });
});
