import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../contracts/money-format.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';
import { cli } from './cli-support.ts';

describe.each(BACKENDS)('dino-shop carts list and cart replay on %s', (backend) => {
  let app: TestApp;
  let cartId: string;
  let lineIds: string[];
  const pick = (index: number) => {
    const product = app.catalogue.products().filter((p) => app.catalogue.variants(p.id).some((v) => v.stock >= 10))[
      index
    ]!;
    const variant = app.catalogue.variants(product.id).find((v) => v.stock >= 10)!;
    return { product, variant, cents: Math.round(Number(product.price) * 100) };
  };

  beforeAll(async () => {
    app = await createTestApp(backend);
    // A real cart's history through the API: add, add, change, remove.
    const me = shopper(app);
    const a = pick(0);
    const b = pick(1);
    let cart = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: a.product.id, variantId: a.variant.id, quantity: 1 },
      })
    ).json();
    cart = (
      await me.request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: b.product.id, variantId: b.variant.id, quantity: 2 },
      })
    ).json();
    cart = (await me.request({ method: 'PUT', url: `/api/cart/${cart.items[0].id}`, payload: { quantity: 3 } })).json();
    lineIds = cart.items.map((i: { id: string }) => i.id);
    cart = (await me.request({ method: 'DELETE', url: `/api/cart/${lineIds[1]}` })).json();
    cartId = cart.id;
    // A second, later cart.
    const other = shopper(app);
    await other.request({
      method: 'POST',
      url: '/api/cart',
      payload: { productId: b.product.id, variantId: b.variant.id, quantity: 4 },
    });
  });
  afterAll(() => app?.close());

  it("carts list shows the most recent carts with lines, items, total and the last event's time", async () => {
    const run = await cli(app, ['carts', 'list']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [header, first, second, ...rest] = run.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^CART\s+LINES\s+ITEMS\s+TOTAL\s+LAST EVENT AT$/);
    expect(rest).toEqual([]);
    const b = pick(1);
    expect(first).toMatch(
      new RegExp(`^[0-9a-f-]{36}\\s+1\\s+4\\s+\\${formatCents(b.cents * 4)}\\s+\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`),
    );
    const a = pick(0);
    expect(second).toMatch(new RegExp(`^${cartId}\\s+1\\s+3\\s+\\${formatCents(a.cents * 3)}\\s+\\d{4}-`));

    const limited = await cli(app, ['carts', 'list', '--limit', '1']);
    expect(limited.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('cart replay steps through a real cart: each event and the cart after it', async () => {
    const a = pick(0);
    const b = pick(1);
    const run = await cli(app, ['cart', 'replay', cartId]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`Cart ${cartId} (stream cart-${cartId}): 4 event(s)\n`);
    const steps = run.stdout.split('\n\n').slice(1);
    expect(steps.map((s) => s.split('\n')[0]!.split('  ').slice(0, 2))).toEqual([
      ['v1', 'ItemAdded'],
      ['v2', 'ItemAdded'],
      ['v3', 'QuantityChanged'],
      ['v4', 'ItemRemoved'],
    ]);
    expect(steps[0]).toContain(`cart: 1 line(s), 1 item(s), total ${formatCents(a.cents)}`);
    expect(steps[0]).toContain(
      `- 1 × ${a.product.name} (${a.variant.size}, ${a.variant.color}) at ${formatCents(a.cents)} = ${formatCents(a.cents)}`,
    );
    expect(steps[1]).toContain(`cart: 2 line(s), 3 item(s), total ${formatCents(a.cents + 2 * b.cents)}`);
    expect(steps[2]).toContain(`cart: 2 line(s), 5 item(s), total ${formatCents(3 * a.cents + 2 * b.cents)}`);
    expect(steps[3]).toContain(`cart: 1 line(s), 3 item(s), total ${formatCents(3 * a.cents)}`);
    const data = JSON.parse(/data: (.*)/.exec(steps[3]!)![1]!);
    expect(data).toEqual({
      schemaVersion: 1,
      lineId: lineIds[1],
      productId: b.product.id,
      variantId: b.variant.id,
      at: expect.stringMatching(/^\d{4}-.*Z$/),
    });
  });

  it('--json prints the steps for tools; --until-version stops early; the cart- prefix is accepted', async () => {
    const run = await cli(app, ['cart', 'replay', `cart-${cartId}`, '--until-version', '3', '--json']);
    expect(run.code).toBe(0);
    const steps = JSON.parse(run.stdout);
    expect(steps).toHaveLength(3);
    const a = pick(0);
    expect(steps[2]).toEqual({
      version: 3,
      position: expect.any(Number),
      type: 'QuantityChanged',
      recordedAt: expect.stringMatching(/Z$/),
      data: { schemaVersion: 1, lineId: lineIds[0], quantity: 3, at: expect.any(String) },
      state: {
        lines: [
          expect.objectContaining({
            lineId: lineIds[0],
            productId: a.product.id,
            product: a.product.name,
            quantity: 3,
            unitPriceCents: a.cents,
            lineTotalCents: 3 * a.cents,
          }),
          expect.objectContaining({ lineId: lineIds[1], quantity: 2 }),
        ],
        itemCount: 5,
        totalCents: expect.any(Number),
      },
    });
    // A version past the stream's end is not echoed as if the stream reached it.
    const past = await cli(app, ['cart', 'replay', cartId, '--until-version', '999']);
    expect(past.stdout.split('\n')[0]).toBe(
      `Cart ${cartId} (stream cart-${cartId}): 4 event(s), up to version 4 (the stream ends before version 999)`,
    );
    expect((await cli(app, ['cart', 'replay', cartId, '--until-version', '2'])).stdout.split('\n')[0]).toBe(
      `Cart ${cartId} (stream cart-${cartId}): 2 event(s), up to version 2`,
    );
    // The replayed state after the last event equals what the API answers for the cart.
    const all = JSON.parse((await cli(app, ['cart', 'replay', cartId.toUpperCase(), '--json'])).stdout);
    expect(all.at(-1).state.lines.map((l: { lineId: string; quantity: number }) => [l.lineId, l.quantity])).toEqual([
      [lineIds[0], 3],
    ]);
  });

  it('fails in one line on an unknown cart, a bad id or a bad version', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await cli(app, ['cart', 'replay', unknown])).toEqual({
      code: 1,
      stdout: '',
      stderr: `dino-shop: no cart ${unknown}: the stream cart-${unknown} has no events\n`,
    });
    expect(await cli(app, ['cart', 'replay', 'not-a-cart'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: "not-a-cart" is not a cart id (a UUID, with or without the "cart-" prefix)\n',
    });
    const version = await cli(app, ['cart', 'replay', cartId, '--until-version', 'two']);
    expect(version.code).toBe(2);
    expect(version.stderr).toBe(
      "error: option '--until-version <n>' argument 'two' is invalid. Expected a whole number from 1 to 2147483647. (see: dino-shop cart replay --help)\n",
    );
    // Past PostgreSQL's integer: a usage error, not a failed query.
    expect(await cli(app, ['cart', 'replay', cartId, '--until-version', '99999999999999'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--until-version <n>' argument '99999999999999' is invalid. Expected a whole number from 1 to 2147483647. (see: dino-shop cart replay --help)\n",
    });
    expect((await cli(app, ['cart', 'replay', cartId, '--until-version', '2147483647'])).stdout.split('\n')[0]).toBe(
      `Cart ${cartId} (stream cart-${cartId}): 4 event(s), up to version 4 (the stream ends before version 2147483647)`,
    );
    const missing = await cli(app, ['cart', 'replay']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("error: missing required argument 'cart-id' (see: dino-shop cart replay --help)\n");
    const limit = await cli(app, ['carts', 'list', '--limit', '-3']);
    expect(limit.code).toBe(2);
    expect(limit.stderr.split('\n')).toHaveLength(2);
    // Commander's suggestion is on the same line as the error.
    expect(await cli(app, ['carts', 'list', '--limt', '3'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: unknown option '--limt' (Did you mean --limit?) (see: dino-shop carts list --help)\n",
    });
  });
});
