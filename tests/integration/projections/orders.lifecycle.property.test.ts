import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/domain-error.ts';
import type { OrderCommand } from '../../../domain/orders/order.commands.ts';
import { type OrderState, decide, evolve, initialState } from '../../../domain/orders/order.decider.ts';
import { type OrderEvent, type OrderStatus, orderStreamId } from '../../../domain/orders/order.events.ts';
import { decide as decideStock } from '../../../domain/stock/stock.decider.ts';
import { stockStreamId } from '../../../domain/stock/stock.events.ts';
import type { NewEvent } from '../../../eventstore/streams.ts';
import { ordersProjection } from '../../../projections/orders/orders.projection.ts';
import type { OrderHistoryEntry } from '../../../projections/orders/orders.queries.ts';
import { appendWithProjections } from '../../support/append.ts';
import { replayProjections } from '../../../projections/replay.ts';
import { stockProjection } from '../../../projections/stock/stock.projection.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

/** Orders per run: each lives through a random sequence of commands. */
const ORDERS = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The status moves an order may make, and no other. */
const EDGES = new Set(['Processing>Shipped', 'Processing>Cancelled', 'Shipped>Delivered']);

/** The model of an event's history entry: what the shopper is told of it, as the events say it. */
function historyEntryOf(event: OrderEvent): OrderHistoryEntry {
  const entry: OrderHistoryEntry = { type: event.type, at: event.data.at };
  if (event.type === 'OrderCancelled')
    Object.assign(entry, { by: event.data.by }, event.data.reason ? { reason: event.data.reason } : {});
  if (event.type === 'RefundIssued')
    Object.assign(entry, { amountCents: event.data.amountCents, reason: event.data.reason });
  if (event.type === 'ReturnReceived')
    Object.assign(
      entry,
      { units: event.data.lines.reduce((sum, l) => sum + l.quantity, 0), lines: event.data.lines },
      event.data.reason ? { reason: event.data.reason } : {},
    );
  return entry;
}

type Step =
  | { kind: 'ship' | 'deliver' | 'cancel' }
  | { kind: 'return'; variant: number; quantity: number; restock: boolean }
  | { kind: 'refund'; cents: number | null }
  | { kind: 'receive'; variant: number; quantity: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom<Step>({ kind: 'ship' }, { kind: 'deliver' }, { kind: 'cancel' }),
  fc.record({
    kind: fc.constant('return' as const),
    variant: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 3 }),
    restock: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    cents: fc.option(fc.integer({ min: 1, max: 9_000 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('receive' as const), variant: fc.nat(2), quantity: fc.integer({ min: 1, max: 4 }) }),
);
const life = fc.record({
  /** Stock received before the order (none when 0): keeps units flowing so most orders can be placed. */
  before: fc.record({ variant: fc.nat(2), quantity: fc.nat(8) }),
  lines: fc.uniqueArray(fc.record({ variant: fc.nat(2), quantity: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 3,
    selector: (l) => l.variant,
  }),
  steps: fc.array(fc.record({ step, days: fc.integer({ min: 0, max: 20 }) }), { maxLength: 7 }),
});

describe.each(BACKENDS)(
  'orders and stock, driven by random command sequences through the decider and the projections, on %s',
  (backend) => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(backend);
    });
    afterAll(() => t?.drop());

    it(`${ORDERS} orders: stock never below zero and = counted + received − ordered + returned; refunds never above payment; status only along allowed edges; the read model is the fold, live and replayed`, async () => {
      const seed = Date.now() ^ (Math.random() * 2 ** 31);
      const [lives] = fc.sample(fc.array(life, { minLength: ORDERS, maxLength: ORDERS }), { seed, numRuns: 1 });
      const { rows: pool } = await t.db.query<{ id: number; stock: number; product_id: number }>(
        'select id, stock, product_id from variants where stock between 1 and 6 order by id limit 3',
      );
      expect(pool).toHaveLength(3);
      // The model: each variant's stock as the rules keep it, and each order's state as evolve folds it.
      const stock = pool.map((v) => v.stock);
      const counted = [...stock];
      const moved = pool.map(() => ({ received: 0, ordered: 0, returned: 0 }));
      const orders = new Map<string, { state: OrderState; version: number; history: OrderHistoryEntry[] }>();
      let clock = Date.parse('2026-01-01T00:00:00.000Z');
      const variantIndex = new Map(pool.map((v, i) => [v.id, i]));
      let refusals = 0;

      const apply = (orderId: string, events: OrderEvent[]) => {
        const order = orders.get(orderId)!;
        for (const event of events) {
          const before = order.state.status;
          order.state = evolve(order.state, event);
          if (order.state.status !== before)
            expect(EDGES.has(`${before}>${order.state.status}`), `${before} → ${order.state.status}`).toBe(true);
          order.history.push(historyEntryOf(event));
          order.version++;
          if (event.type === 'OrderCancelled' || (event.type === 'ReturnReceived' && event.data.restock)) {
            for (const line of event.data.lines) {
              const i = variantIndex.get(line.variantId)!;
              stock[i]! += line.quantity;
              moved[i]!.returned += line.quantity;
            }
          }
        }
        expect(order.state.refundedCents).toBeLessThanOrEqual(order.state.paidCents);
      };
      const append = async (streamId: string, version: number, events: readonly NewEvent[]) => {
        if (events.length > 0) await appendWithProjections(t.db, streamId, version, events);
      };

      const receive = async (variant: number, quantity: number, at: string) => {
        const events = decideStock(
          { type: 'ReceiveStock', variantId: pool[variant]!.id, quantity, variantExists: true, at },
          { received: 0 },
        );
        const { rows } = await t.db.query<{ v: number }>(
          'select coalesce(max(version), 0)::int as v from events where stream_id = $1',
          [stockStreamId(pool[variant]!.id)],
        );
        await append(stockStreamId(pool[variant]!.id), rows[0]!.v, events);
        stock[variant]! += quantity;
        moved[variant]!.received += quantity;
      };

      for (const { before, lines, steps } of lives!) {
        const orderId = randomUUID();
        const at = () => new Date(clock).toISOString();
        if (before.quantity > 0) await receive(before.variant, before.quantity, at());
        const toOrder = lines.map(({ variant, quantity }) => ({
          productId: pool[variant]!.product_id,
          variantId: pool[variant]!.id,
          name: 'Test Thong',
          size: 'M',
          color: 'Green',
          quantity,
          unitPriceCents: 2_499,
          stock: stock[variant]!,
        }));
        let placed: OrderEvent[];
        try {
          placed = decide(
            {
              type: 'PlaceOrder',
              orderId,
              number: `#DINO-${String(orders.size).padStart(6, '0')}`,
              cartId: randomUUID(),
              lines: toOrder,
              promoCode: null,
              shippingMethod: 'Standard',
              customerId: 'c',
              personal: 'sealed',
              at: at(),
            },
            initialState(),
          );
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refusals++;
          continue;
        }
        orders.set(orderId, { state: initialState(), version: 0, history: [] });
        await append(orderStreamId(orderId), 0, placed);
        for (const { variant, quantity } of lines) {
          stock[variant]! -= quantity;
          moved[variant]!.ordered += quantity;
          expect(stock[variant]).toBeGreaterThanOrEqual(0);
        }
        apply(orderId, placed);

        for (const { step: s, days } of steps) {
          clock += days * DAY_MS + 1_000;
          if (s.kind === 'receive') {
            await receive(s.variant, s.quantity, at());
            continue;
          }
          const order = orders.get(orderId)!;
          const command: OrderCommand =
            s.kind === 'ship'
              ? {
                  type: 'ShipOrder',
                  carrier: 'Pterodactyl Express',
                  trackingNumber: `PTX-${orders.size}`,
                  eta: null,
                  at: at(),
                }
              : s.kind === 'deliver'
                ? { type: 'DeliverOrder', at: at() }
                : s.kind === 'cancel'
                  ? { type: 'CancelOrder', reason: 'changed my mind', by: 'shopper', at: at() }
                  : s.kind === 'return'
                    ? {
                        type: 'ReceiveReturn',
                        lines: [{ variantId: pool[s.variant]!.id, quantity: s.quantity }],
                        restock: s.restock,
                        at: at(),
                      }
                    : {
                        type: 'IssueRefund',
                        amountCents: s.kind === 'refund' ? s.cents : null,
                        reason: 'sorry',
                        at: at(),
                      };
          let events: OrderEvent[];
          try {
            events = decide(command, order.state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            refusals++;
            continue;
          }
          await append(orderStreamId(orderId), order.version, events);
          apply(orderId, events);
        }
      }

      const expectStock = async (path: string) => {
        const { rows } = await t.db.query<{
          variant_id: number;
          seeded: number;
          received: number;
          ordered: number;
          returned: number;
        }>(
          'select variant_id, seeded, received, ordered, returned from stock_levels where variant_id = any($1) order by variant_id',
          [pool.map((v) => v.id)],
        );
        expect(
          rows.map((r) => ({ ...r, left: r.seeded + r.received - r.ordered + r.returned })),
          `${path} (seed ${seed})`,
        ).toEqual(
          pool
            .map((v, i) => ({ variant_id: v.id, seeded: counted[i], ...moved[i]!, left: stock[i] }))
            .filter((r) => r.received + r.ordered + r.returned > 0),
        );
      };
      const rowsOfOrders = async () =>
        (
          await t.db.query<{
            order_id: string;
            status: OrderStatus;
            refunded_cents: number;
            shipping: unknown;
            history: unknown;
            version: number;
          }>('select order_id, status, refunded_cents, shipping, history, version from orders order by order_id')
        ).rows;
      const expectOrders = async (path: string) => {
        const rows = await rowsOfOrders();
        const folded = [...orders]
          .map(([orderId, o]) => ({
            order_id: orderId,
            status: o.state.status,
            refunded_cents: o.state.refundedCents,
            shipping: o.state.shipping,
            history: o.history,
            version: o.version,
          }))
          .sort((a, b) => (a.order_id < b.order_id ? -1 : 1));
        const wrong = rows.findIndex((row, i) => !isDeepStrictEqual(row, folded[i]));
        expect(
          wrong === -1 && rows.length === folded.length
            ? 'all agree'
            : { path, seed, row: rows[wrong], fold: folded[wrong] },
        ).toBe('all agree');
      };

      // Most orders were placed, and some were refused for want of stock.
      expect(orders.size).toBeGreaterThan(ORDERS / 2);
      await expectStock('live');
      await expectOrders('live');
      await replayProjections(t.db, [ordersProjection, stockProjection]);
      await expectStock('replayed');
      await expectOrders('replayed');
      // Refusals happen: the rules were exercised.
      expect(refusals).toBeGreaterThan(ORDERS / 10);
    }, 240_000);
  },
);
