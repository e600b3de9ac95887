import { hostname, userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStreamId } from '../../../domain/orders/order.events.ts';
import { appendWithProjections } from '../../support/append.ts';
import { liveStock } from '../../../projections/stock/stock.queries.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout } from '../../support/orders.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';
import { cli } from './cli-support.ts';

/** Two seeded variants of different products with plenty in stock. */
const plenty = seed.products.flatMap((product) =>
  product.variants
    .filter((v) => v.stock >= 10)
    .slice(0, 1)
    .map((variant) => ({ product, variant })),
);
type Stocked = (typeof plenty)[number];
const first: Stocked = plenty[0]!;
const second: Stocked = plenty[1]!;

describe.each(BACKENDS)('dino-shop orders ship, deliver, cancel, return and refund on %s', (backend) => {
  let app: TestApp;
  /** Shipped, delivered, returned and refunded through the tests below (two lines: 2 of first, 1 of second). */
  let moving: string;
  /** Cancelled. */
  let cancelled: string;
  /** Left Processing. */
  let waiting: string;
  beforeAll(async () => {
    app = await createTestApp(backend);
    const place = async (lines: Array<[Stocked, number]>) => {
      const me = shopper(app);
      for (const [{ product, variant }, quantity] of lines) {
        expect(
          (
            await me.request({
              method: 'POST',
              url: '/api/cart',
              payload: { productId: product.id, variantId: variant.id, quantity },
            })
          ).statusCode,
        ).toBe(201);
      }
      const placed = await me.request({ method: 'POST', url: '/api/orders', payload: checkout() });
      expect(placed.statusCode).toBe(201);
      return placed.json().number as string;
    };
    moving = await place([
      [first, 2],
      [second, 1],
    ]);
    cancelled = await place([[first, 3]]);
    waiting = await place([[second, 1]]);
  });
  afterAll(() => app?.close());

  const eventsOf = async (number: string, type: string) =>
    (
      await app.db.query<{ n: number }>(
        `select count(*)::int as n from events e join orders o on e.stream_id = 'order-' || o.order_id::text where o.number = $1 and e.type = $2`,
        [number, type],
      )
    ).rows[0]!.n;
  const allEvents = async () => (await app.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0]!.n;
  const stockOf = async (variantId: number) => (await liveStock(app.db, [variantId])).get(variantId)!;
  const digits = (number: string) => number.replace('#DINO-', 'dino');

  it('ship records OrderShipped with the carrier, tracking number and ETA; the same call again records nothing', async () => {
    const args = [
      'orders',
      'ship',
      digits(moving),
      '--carrier',
      'Pterodactyl Express',
      '--tracking',
      'PTX-7741',
      '--eta',
      '2026-12-03',
    ];
    expect(await cli(app, args)).toEqual({
      code: 0,
      stdout: `Shipped ${moving} with Pterodactyl Express, tracking PTX-7741, estimated delivery: December 3, 2026.\n`,
      stderr: '',
    });
    expect(await cli(app, args)).toEqual({
      code: 0,
      stdout: `${moving} was already shipped with Pterodactyl Express, tracking PTX-7741, estimated delivery: December 3, 2026; nothing recorded.\n`,
      stderr: '',
    });
    expect(await eventsOf(moving, 'OrderShipped')).toBe(1);
  });

  it('refuses a move the order does not allow: exit 1 with the reason in one line, nothing recorded', async () => {
    const before = await allEvents();
    expect(await cli(app, ['orders', 'cancel', moving, '--reason', 'Too late'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: This order has already shipped, so it can no longer be cancelled\n',
    });
    expect(await cli(app, ['orders', 'ship', moving, '--carrier', 'Other', '--tracking', 'X-1'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: This order has already shipped\n',
    });
    expect(await cli(app, ['orders', 'deliver', waiting])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: This order has not shipped yet, so it cannot be delivered\n',
    });
    expect(await cli(app, ['orders', 'return', moving, '--line', `${first.variant.id}:1`])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: Only a delivered order can be returned\n',
    });
    expect(await allEvents()).toBe(before);
  });

  it('deliver records OrderDelivered once', async () => {
    expect(await cli(app, ['orders', 'deliver', moving])).toEqual({
      code: 0,
      stdout: `Delivered ${moving}.\n`,
      stderr: '',
    });
    expect(await cli(app, ['orders', 'deliver', moving])).toEqual({
      code: 0,
      stdout: `${moving} was already delivered: nothing recorded.\n`,
      stderr: '',
    });
    expect(await eventsOf(moving, 'OrderDelivered')).toBe(1);
  });

  it('cancel gives the units back to stock, once', async () => {
    const stock = await stockOf(first.variant.id);
    expect(await cli(app, ['orders', 'cancel', cancelled, '--reason', 'Out of stock at the warehouse'])).toEqual({
      code: 0,
      stdout: `Cancelled ${cancelled}: 3 units back in stock.\n`,
      stderr: '',
    });
    expect(await cli(app, ['orders', 'cancel', cancelled, '--reason', 'Out of stock at the warehouse'])).toEqual({
      code: 0,
      stdout: `${cancelled} was already cancelled: nothing recorded.\n`,
      stderr: '',
    });
    expect(await eventsOf(cancelled, 'OrderCancelled')).toBe(1);
    expect(await stockOf(first.variant.id)).toBe(stock + 3);
    expect(
      await cli(app, ['orders', 'ship', cancelled, '--carrier', 'Pterodactyl Express', '--tracking', 'PTX-1']),
    ).toEqual({ code: 1, stdout: '', stderr: 'dino-shop: This order was cancelled, so it cannot be shipped\n' });
  });

  it('return records the units that came back (restocked or not); retried with the same --key it records once', async () => {
    const stock = await stockOf(first.variant.id);
    const label = `${first.product.name} (${first.variant.size}, ${first.variant.color}) × 1 [variant ${first.variant.id}]`;
    const args = ['orders', 'return', moving, '--line', `${first.variant.id}:1`, '--key', 'return-1'];
    expect(await cli(app, args)).toEqual({
      code: 0,
      stdout: `Received the return of 1 unit of ${moving}: ${label}; back in stock.\n`,
      stderr: '',
    });
    expect(await stockOf(first.variant.id)).toBe(stock + 1);
    // The operator's retry after a crash: the same command with the same key records nothing more.
    expect(await cli(app, args)).toEqual({
      code: 0,
      stdout: `Already recorded with key "return-1": nothing recorded again. ${moving} is Delivered, nothing refunded.\n`,
      stderr: '',
    });
    expect(await eventsOf(moving, 'ReturnReceived')).toBe(1);
    expect(await stockOf(first.variant.id)).toBe(stock + 1);
    // The same key on other arguments is refused, not answered.
    expect(
      await cli(app, ['orders', 'return', moving, '--line', `${first.variant.id}:2`, '--key', 'return-1']),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: the key "return-1" was already used for another command; use a new key for a new command\n',
    });
    // Not restocked: the stock stays; more than is left to return is refused.
    const other = await stockOf(second.variant.id);
    expect(
      (
        await cli(app, [
          'orders',
          'return',
          moving,
          '--line',
          `${second.variant.id}:1`,
          '--no-restock',
          '--reason',
          'Torn seam',
        ])
      ).stdout,
    ).toMatch(/; not restocked\.\n$/);
    expect(await stockOf(second.variant.id)).toBe(other);
    expect(await cli(app, ['orders', 'return', moving, '--line', `${first.variant.id}:2`])).toEqual({
      code: 1,
      stdout: '',
      stderr: `dino-shop: Only 1 of variant ${first.variant.id} can still be returned (2 bought)\n`,
    });
    expect(await cli(app, ['orders', 'return', moving, '--line', '999999:1'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: Variant 999999 is not in this order\n',
    });
    expect(await eventsOf(moving, 'ReturnReceived')).toBe(2);
  });

  it('refund gives back an amount or what is left, never more; retried with the same --key it records once', async () => {
    const { rows } = await app.db.query<{ total_cents: number }>('select total_cents from orders where number = $1', [
      moving,
    ]);
    const total = rows[0]!.total_cents;
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const args = ['orders', 'refund', moving, '--amount', '1.50', '--reason', 'Late delivery', '--key', 'refund-1'];
    expect(await cli(app, args)).toEqual({
      code: 0,
      stdout: `Refunded $1.50 for ${moving}: $1.50 of ${dollars(total)} refunded in all.\n`,
      stderr: '',
    });
    expect(await cli(app, args)).toEqual({
      code: 0,
      stdout: `Already recorded with key "refund-1": nothing recorded again. ${moving} is Delivered, $1.50 of ${dollars(total)} refunded.\n`,
      stderr: '',
    });
    expect(await eventsOf(moving, 'RefundIssued')).toBe(1);
    expect(await cli(app, ['orders', 'refund', moving, '--amount', '100000', '--reason', 'Sorry'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `dino-shop: A refund cannot be more than what is left to refund: ${dollars(total - 150)}\n`,
    });
    expect(await cli(app, ['orders', 'refund', moving, '--reason', 'Returned in full'])).toEqual({
      code: 0,
      stdout: `Refunded ${dollars(total - 150)} for ${moving}: ${dollars(total)} of ${dollars(total)} refunded in all.\n`,
      stderr: '',
    });
    expect(await cli(app, ['orders', 'refund', moving, '--reason', 'Returned in full'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: This order has been refunded in full already\n',
    });
    expect(await eventsOf(moving, 'RefundIssued')).toBe(2);
  });

  it('refuses a return past the window', async () => {
    // Shipped and delivered long ago: the delivery recorded straight into the log with its old time.
    const old = (await app.db.query<{ order_id: string }>('select order_id from orders where number = $1', [waiting]))
      .rows[0]!.order_id;
    expect(
      (await cli(app, ['orders', 'ship', waiting, '--carrier', 'Pterodactyl Express', '--tracking', 'PTX-9'])).code,
    ).toBe(0);
    await appendWithProjections(app.db, orderStreamId(old), 2, [
      { type: 'OrderDelivered', data: { schemaVersion: 1, orderId: old, at: '2020-01-01T00:00:00.000Z' } },
    ]);
    expect(await cli(app, ['orders', 'return', waiting, '--line', `${second.variant.id}:1`])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'dino-shop: Returns are taken within 30 days of delivery\n',
    });
  });

  it('an unknown order number exits 1 and records nothing', async () => {
    const before = await allEvents();
    for (const args of [
      ['ship', '#DINO-000000', '--carrier', 'Pterodactyl Express', '--tracking', 'PTX-1'],
      ['deliver', '#DINO-000000'],
      ['cancel', 'dino-000000', '--reason', 'Out of stock'],
      ['return', 'DINO-000000', '--line', '1:1', '--key', 'k-unknown'],
      ['refund', 'DINO-000000', '--amount', '1', '--reason', 'Late'],
      ['show', 'DINO-000000'],
    ]) {
      expect(await cli(app, ['orders', ...args]), args.join(' ')).toEqual({
        code: 1,
        stdout: '',
        stderr: 'dino-shop: no order #DINO-000000\n',
      });
    }
    expect(await allEvents()).toBe(before);
  });

  it('bad arguments are usage errors: exit 2, one line saying what is wrong, nothing recorded', async () => {
    const before = await allEvents();
    const cases: Array<[string[], RegExp]> = [
      [['ship', moving, '--tracking', 'PTX-1'], /^error: required option '--carrier <name>' not specified/],
      [
        ['ship', moving, '--carrier', 'Pterodactyl Express'],
        /^error: required option '--tracking <code>' not specified/,
      ],
      [
        ['ship', moving, '--carrier', ' ', '--tracking', 'PTX-1'],
        /^error: option '--carrier <name>' argument ' ' is invalid\. It must not be empty\./,
      ],
      [
        ['ship', moving, '--carrier', 'P', '--tracking', 'PTX-1', '--eta', '2026-02-30'],
        /^error: option '--eta <date>' argument '2026-02-30' is invalid\. Expected a calendar date as YYYY-MM-DD/,
      ],
      [
        ['ship', moving, '--carrier', 'P', '--tracking', 'PTX-1', '--eta', 'tomorrow'],
        /^error: option '--eta <date>' argument 'tomorrow' is invalid\./,
      ],
      [
        ['ship', 'twelve', '--carrier', 'P', '--tracking', 'PTX-1'],
        /^error: command-argument value 'twelve' is invalid for argument 'number'\. Expected an order number/,
      ],
      [['deliver'], /^error: missing required argument 'number'/],
      [['deliver', moving, 'again'], /^error: too many arguments for 'deliver'/],
      [['return', moving], /^error: required option '--line <variant:quantity>' not specified/],
      [
        ['return', moving, '--line', '104'],
        /^error: option '--line <variant:quantity>' argument '104' is invalid\. Expected VARIANT:QUANTITY/,
      ],
      [
        ['return', moving, '--line', '104:0'],
        /^error: option '--line <variant:quantity>' argument '104:0' is invalid\./,
      ],
      [
        ['return', moving, '--line', '104:1', '--line', 'x:1'],
        /^error: option '--line <variant:quantity>' argument 'x:1' is invalid\./,
      ],
      [
        ['return', moving, '--line', '104:1', '--key', ''],
        /^error: option '--key <text>' argument '' is invalid\. It must not be empty\./,
      ],
      [
        ['refund', moving, '--amount', '12.345'],
        /^error: option '--amount <decimal>' argument '12\.345' is invalid\. Expected an amount in dollars with at most two decimals/,
      ],
      [['refund', moving, '--amount', 'ten'], /^error: option '--amount <decimal>' argument 'ten' is invalid\./],
      [['refund', moving, '--amount', '-1'], /^error: option '--amount <decimal>' argument '-1' is invalid\./],
      [
        ['refund', moving, '--amount', '0'],
        /^error: option '--amount <decimal>' argument '0' is invalid\. Expected an amount from 0\.01/,
      ],
      [
        ['list', '--status', 'Lost'],
        /^error: option '--status <status>' argument 'Lost' is invalid\. Allowed choices are Processing, Shipped, Delivered, Cancelled \(in any case\)\./,
      ],
      [['show', 'twelve'], /^error: command-argument value 'twelve' is invalid for argument 'number'\./],
      [
        ['cancel', moving, '--reason', 'x', '--reasn', 'x'],
        /^error: unknown option '--reasn' \(Did you mean --reason\?\)/,
      ],
      [['cancel', moving], /^error: required option '--reason <text>' not specified/],
      [['refund', moving, '--amount', '1'], /^error: required option '--reason <text>' not specified/],
      [
        ['cancel', moving, '--reason', ' '],
        /^error: option '--reason <text>' argument ' ' is invalid\. It must not be empty\./,
      ],
    ];
    for (const [args, message] of cases) {
      const run = await cli(app, ['orders', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stderr.split('\n'), args.join(' ')).toHaveLength(2);
      expect(run.stderr).toMatch(new RegExp(` \\(see: dino-shop orders ${args[0]} --help\\)\\n$`));
    }
    expect(await allEvents()).toBe(before);
  });

  it('list --status keeps the orders in that status', async () => {
    const numbers = async (status: string) => {
      const run = await cli(app, ['orders', 'list', '--status', status, '--format', 'ndjson']);
      expect(run.code).toBe(0);
      const rows = run.stdout
        .trimEnd()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { number: string; status: string });
      expect(rows.every((row) => row.status === status)).toBe(true);
      expect(run.stderr).toBe(`Listed ${rows.length} order(s) (ndjson).\n`);
      return rows.map((row) => row.number);
    };
    expect(await numbers('Delivered')).toEqual([moving, waiting]);
    expect(await numbers('Cancelled')).toEqual([cancelled]);
    expect(await numbers('Processing')).toEqual([]);
    expect(await numbers('Shipped')).toEqual([]);
    expect((await cli(app, ['orders', 'list'])).stdout.trimEnd().split('\r\n')).toHaveLength(4);
  });

  it('show prints the status, shipment, refunds and the timeline in words', async () => {
    const run = await cli(app, ['orders', 'show', moving]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const total = (
      await app.db.query<{ total_cents: number }>('select total_cents from orders where number = $1', [moving])
    ).rows[0]!.total_cents;
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const text = run.stdout;
    // Refunded in full: the shopper's badge says so; the moves' status stands beside it.
    expect(text).toContain('\nStatus    Refunded (Delivered)\n');
    expect(text).toContain(
      '\nShipment  Pterodactyl Express, tracking PTX-7741, estimated delivery: December 3, 2026\n',
    );
    expect(text).toContain(`\nRefunded  ${dollars(total)} of ${dollars(total)}\n`);
    // Each line: version, time, who, what happened, details; columns two or more spaces apart.
    // Who: the shopper who placed it as a pseudonym, the operator as their login on this host.
    const timeline = text
      .slice(text.indexOf('Timeline:\n') + 'Timeline:\n'.length)
      .trimEnd()
      .split('\n')
      .map((line) => line.trim().split(/ {2,}/));
    // Each moment as Track Order's history writes it.
    for (const [, at] of timeline) expect(at).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC$/);
    const label = (p: Stocked) => `${p.product.name} (${p.variant.size}, ${p.variant.color})`;
    const operator = `cli:${userInfo().username}@${hostname()}`;
    expect(timeline[0]![2]).toMatch(/^shopper:[\w-]{16}$/);
    expect(
      timeline.map(([version, , actor, ...rest]) => [
        version,
        actor === operator ? 'operator' : actor!.split(':')[0],
        ...rest,
      ]),
    ).toEqual([
      ['v1', 'shopper', 'Placed', `3 items in 2 lines, total ${dollars(total)}`],
      [
        'v2',
        'operator',
        'Shipped',
        'with Pterodactyl Express, tracking PTX-7741, estimated delivery: December 3, 2026',
      ],
      ['v3', 'operator', 'Delivered'],
      ['v4', 'operator', 'Return received', `${label(first)} × 1; back in stock`],
      ['v5', 'operator', 'Return received', `${label(second)} × 1: Torn seam; not restocked`],
      ['v6', 'operator', 'Refund issued', '$1.50 by the shop: Late delivery'],
      ['v7', 'operator', 'Refund issued', `${dollars(total - 150)} by the shop: Returned in full`],
    ]);

    const cancelledText = (await cli(app, ['orders', 'show', cancelled])).stdout;
    expect(cancelledText).toContain('\nStatus    Cancelled\n');
    expect(cancelledText).toContain('\nShipment  not shipped\n');
    expect(cancelledText).toContain('\nRefunded  nothing\n');
    expect(cancelledText).toMatch(
      /\n {2}v2 +.+ UTC +cli:\S+ +Cancelled +by the shop: Out of stock at the warehouse; 3 units back in stock\n$/,
    );
  });
});
