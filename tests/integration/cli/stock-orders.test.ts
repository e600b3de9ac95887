import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, shopperWith, variantWithStock } from '../../support/orders.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { cli } from './cli-support.ts';
import { readModels, wholeDatabase } from '../../support/read-models.ts';
import { browser } from '../../support/plain-forms.ts';

describe.each(BACKENDS)('dino-shop stock, orders and customers on %s', (backend) => {
  let app: TestApp;
  let number: string;
  const { product, variant } = variantWithStock(3);
  beforeAll(async () => {
    app = await createTestApp(backend);
    const me = await shopperWith(app, product.id, variant.id, 2);
    const placed = await me.request({
      method: 'POST',
      url: '/api/orders',
      payload: checkout({
        email: 'Stock.Taker@Example.com',
        lastName: 'Quarryworth',
        address: '7 Obsidian Quarry Road',
      }),
    });
    expect(placed.statusCode).toBe(201);
    number = placed.json().number;
  });
  afterAll(() => app?.close());

  const onHand = async () => {
    const run = await cli(app, ['stock', 'list']);
    const row = run.stdout.split('\n').find((line) => line.startsWith(`${variant.id} `))!;
    return row.trim().split(/\s+/).slice(0, 5).map(Number);
  };

  it('stock list shows the counted level, what was ordered and what is on hand; --low keeps the low ones', async () => {
    expect(await onHand()).toEqual([variant.id, 1, 3, 0, 2]);
    const low = await cli(app, ['stock', 'list', '--low', '1']);
    expect(low).toMatchObject({ code: 0, stderr: '' });
    expect(low.stdout.split('\n')[0]).toMatch(
      /^VARIANT\s+ON HAND\s+COUNTED\s+RECEIVED\s+ORDERED\s+RETURNED\s+PRODUCT$/,
    );
    const rows = low.stdout.trimEnd().split('\n').slice(1);
    expect(rows.some((line) => line.startsWith(`${variant.id} `))).toBe(true);
    expect(rows.every((line) => Number(line.trim().split(/\s+/)[1]) <= 1)).toBe(true);
  });

  it('stock list --format csv, json or ndjson writes records as orders list does, the product, size and colour apart', async () => {
    // Given the variant an order took two of, when the stock is listed as CSV
    const csv = await cli(app, ['stock', 'list', '--format', 'csv']);
    // Then a header names the fields, and the variant's record reads as the table does
    expect(csv).toMatchObject({ code: 0, stderr: '' });
    const [header, ...records] = csv.stdout.split('\r\n');
    expect(header).toBe('variant,on_hand,counted,received,ordered,returned,product,size,color');
    expect(records).toContain(`${variant.id},1,3,0,2,0,${product.name},${variant.size},${variant.color}`);
    expect(records.at(-1)).toBe('');
    // When as JSON and NDJSON, then the same records, numbers as numbers
    const json = JSON.parse((await cli(app, ['stock', 'list', '--format', 'json'])).stdout) as Record<
      string,
      unknown
    >[];
    const mine = {
      variant: variant.id,
      on_hand: 1,
      counted: 3,
      received: 0,
      ordered: 2,
      returned: 0,
      product: product.name,
      size: variant.size,
      color: variant.color,
    };
    expect(json).toContainEqual(mine);
    expect(json).toHaveLength(records.length - 1);
    const ndjson = (await cli(app, ['stock', 'list', '--format', 'ndjson', '--low', '1'])).stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(ndjson).toContainEqual(mine);
    // And an unknown format is a usage error
    const bad = await cli(app, ['stock', 'list', '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are table, csv, json, ndjson/);
  });

  it('stock receive records StockReceived and the stock is on hand at once; bad input is refused in one line, recording nothing', async () => {
    const run = await cli(app, ['stock', 'receive', String(variant.id), '5', '--reason', 'Delivery note 8841']);
    expect(run).toEqual({ code: 0, stdout: `Received 5 of variant ${variant.id}: 6 on hand.\n`, stderr: '' });
    expect(await onHand()).toEqual([variant.id, 6, 3, 5, 2]);
    const { rows } = await app.db.query<{ reason: string; actor: string }>(
      `select data->>'reason' as reason, metadata->>'actor' as actor from events where type = 'StockReceived' and stream_id = $1`,
      [`stock-${variant.id}`],
    );
    // Recorded once, with where it came from and who received it.
    expect(rows).toEqual([{ reason: 'Delivery note 8841', actor: expect.stringMatching(/^cli:\S+@\S+$/) }]);

    for (const args of [
      ['999999', '5'],
      [String(variant.id), '0'],
      [String(variant.id), '100001'],
      [String(variant.id), 'lots'],
      [String(variant.id), '5', '--reason', ' '],
    ]) {
      const refused = await cli(app, ['stock', 'receive', ...args]);
      expect(refused.code).not.toBe(0);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    expect((await cli(app, ['stock', 'receive', '999999', '5'])).stderr).toMatch(/no variant 999999 in the catalogue/);
    expect(await onHand()).toEqual([variant.id, 6, 3, 5, 2]);
  });

  it('orders list streams the orders as CSV, JSON or NDJSON, with no personal details; --since filters', async () => {
    const csv = await cli(app, ['orders', 'list']);
    expect(csv.code).toBe(0);
    const [header, row, ...rest] = csv.stdout.split('\r\n');
    expect(header).toBe(
      'number,placed_at,status,lines,items,subtotal,shipping,discount,total,promo_code,shipping_method',
    );
    expect(row).toMatch(
      new RegExp(
        `^\\${number},\\d{4}-[^,]+,Processing,1,2,\\d+\\.\\d\\d,\\d+\\.\\d\\d,0\\.00,\\d+\\.\\d\\d,,Standard Shipping \\(3-5 business days\\)$`,
      ),
    );
    expect(rest).toEqual(['']);
    expect(csv.stdout.toLowerCase()).not.toContain('stock.taker');
    expect(csv.stderr).toBe('Listed 1 order(s) (csv).\n');

    const json = JSON.parse((await cli(app, ['orders', 'list', '--format', 'json'])).stdout);
    expect(json).toEqual([expect.objectContaining({ number, items: 2, lines: 1, promo_code: null })]);
    const ndjson = (await cli(app, ['orders', 'list', '--format', 'ndjson', '--since', '2999-01-01'])).stdout;
    expect(ndjson).toBe('');
    const bad = await cli(app, ['orders', 'list', '--format', 'xml']);
    expect(bad.code).not.toBe(0);
  });

  it('orders list --status takes the status in any case; an unknown one is a usage error listing them', async () => {
    // Given one order in Processing, when it is listed by its status typed in any case
    for (const typed of ['Processing', 'processing', 'PROCESSING']) {
      const run = await cli(app, ['orders', 'list', '--status', typed, '--format', 'ndjson']);
      // Then the order is listed
      expect(run, typed).toMatchObject({ code: 0, stderr: 'Listed 1 order(s) (ndjson).\n' });
      expect(JSON.parse(run.stdout)).toMatchObject({ number, status: 'Processing' });
    }
    // And a status no order has is an empty list, whatever its case
    for (const typed of ['cancelled', 'CANCELLED']) {
      expect(await cli(app, ['orders', 'list', '--status', typed, '--format', 'ndjson']), typed).toEqual({
        code: 0,
        stdout: '',
        stderr: 'Listed 0 order(s) (ndjson).\n',
      });
    }
    // And a word that is no status exits 2, naming them
    const bad = await cli(app, ['orders', 'list', '--status', 'lost']);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toBe(
      "error: option '--status <status>' argument 'lost' is invalid. Allowed choices are Processing, Shipped, Delivered, Cancelled (in any case). (see: dino-shop orders list --help)\n",
    );
  });

  it('orders show prints its status, lines, totals and timeline; an unknown number exits 1, a malformed one 2', async () => {
    const run = await cli(app, ['orders', 'show', number.replace('#', '').toLowerCase()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Order \\${number} \\(stream order-[0-9a-f-]{36}\\)\\n`));
    expect(run.stdout).toContain(`${product.name} (${variant.size}, ${variant.color})`);
    // Worded as the shop words an order everywhere: shipping 'Free' when waived, no discount row without one.
    expect(run.stdout).toMatch(/\nSubtotal \$\d+\.\d\d {2}Shipping (?:Free|\$\d+\.\d\d) {2}Total \$\d+\.\d\d\n/);
    expect(run.stdout).toMatch(/\nStatus {4}Processing\n/);
    expect(run.stdout).toMatch(
      /Timeline:\n {2}v1 {2}.+ UTC {2}shopper:[\w-]{16} {2}Placed {2}2 items in 1 line, total \$\d+\.\d\d\n$/,
    );
    expect(run.stdout.toLowerCase()).not.toContain('stock.taker');
    expect(await cli(app, ['orders', 'show', '#DINO-000000'])).toMatchObject({
      code: 1,
      stderr: 'dino-shop: no order #DINO-000000\n',
    });
    expect((await cli(app, ['orders', 'show', 'twelve'])).code).toBe(2);
  });

  it("customers forget deletes the key that seals the order's personal details; its lines and totals stay", async () => {
    // Sealed from the start: no name, address or e-mail of the order in clear anywhere.
    const clear = ['stock.taker', 'quarryworth', 'obsidian quarry'];
    const dumped = (await wholeDatabase(app.db)).toLowerCase();
    expect(clear.filter((text) => dumped.includes(text))).toEqual([]);
    // The operator's view of the log shows the order and its sealed details, never them in clear.
    const tail = await cli(app, ['events', 'tail', '-n', '100']);
    expect(tail.stdout).toMatch(/ {2}OrderPlaced {2}/);
    expect(clear.filter((text) => tail.stdout.toLowerCase().includes(text))).toEqual([]);
    const keys = async () =>
      (
        await app.db.query<{ n: number }>(
          'select count(*)::int as n from subscriber_keys k join orders o on o.customer_id = k.subscriber_id where o.number = $1',
          [number],
        )
      ).rows[0]!.n;
    expect(await keys()).toBe(1);
    // Without JavaScript the shop keeps a form's answer for its retries, flash and all: an order's
    // confirmation names the address. A refused form hands back what was typed, and is never kept.
    const other = variantWithStock(4);
    const plain = browser(app);
    await plain.post('/cart/add', { productId: other.product.id, variantId: other.variant.id, quantity: 1 });
    const keptMentioning = async () => {
      const { rows } = await app.db.query<{ answer: string }>(
        'select body || headers::text as answer from idempotency_keys',
      );
      return rows.filter(({ answer }) =>
        clear.some((text) =>
          decodeURIComponent(answer.replaceAll('%', '%25').replace(/%25([0-9A-F]{2})/g, '%$1'))
            .toLowerCase()
            .includes(text),
        ),
      ).length;
    };
    const typed = checkout({
      email: 'STOCK.taker@example.com',
      lastName: 'Quarryworth',
      address: '7 Obsidian Quarry Road',
    });
    expect((await plain.post('/checkout', { ...typed, zipCode: '' })).statusCode).toBe(303);
    expect(plain.flash().form.values.address).toBe('7 Obsidian Quarry Road');
    expect(await keptMentioning()).toBe(0);
    expect((await plain.post('/checkout', typed)).statusCode).toBe(303);
    expect(plain.flash().order.email).toBe('STOCK.taker@example.com');
    expect(await keptMentioning()).toBe(1);
    const run = await cli(app, ['customers', 'forget', ' Stock.Taker@example.com ']);
    expect(run.code).toBe(0);
    expect(await keptMentioning()).toBe(0);
    expect(run.stdout).toMatch(
      /^That address is not on the mailing list \(customer \S+\); nothing readable of it is left\.\n$/,
    );
    expect(await keys()).toBe(0);
    const { rows } = await app.db.query<{ total_cents: number; lines: unknown[] }>(
      'select total_cents, lines from orders where number = $1',
      [number],
    );
    expect(rows[0]!.total_cents).toBeGreaterThan(0);
    expect(rows[0]!.lines).toHaveLength(1);
    expect((await cli(app, ['orders', 'show', number])).code).toBe(0);
    // A replay rebuilds the same read models without the key.
    const before = await readModels(app.db);
    expect((await cli(app, ['projections', 'replay'])).code).toBe(0);
    expect(await readModels(app.db)).toEqual(before);
    expect((await cli(app, ['customers', 'forget', 'not-an-address'])).code).toBe(1);
  });
});
