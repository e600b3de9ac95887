import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartStreamId } from '../../../domain/cart/cart.events.ts';
import { orderStreamId } from '../../../domain/orders/order.events.ts';
import { projectEvents } from '../../../eventstore/projection.ts';
import { cartRemovalsProjection } from '../../../projections/cart-removals/cart-removals.projection.ts';
import { refundsProjection } from '../../../projections/refunds/refunds.projection.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { projectionSpec, splits, streamOf } from '../../support/projection-spec.ts';

const CART = '3f1c2a9e-7d1b-4c55-9a0e-2b7f0c1d9e42';
const ORDER = '7b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const at = (minute: number) => `2026-11-30T10:${String(minute).padStart(2, '0')}:00.000Z`;
const added = (lineId: string, productId: number, minute: number) => ({
  type: 'ItemAdded',
  data: { schemaVersion: 1, lineId, productId, variantId: productId * 100, quantity: 1, at: at(minute) },
});
const removed = (lineId: string, minute: number, productId?: number) => ({
  type: 'ItemRemoved',
  data: {
    schemaVersion: 1,
    lineId,
    ...(productId === undefined ? {} : { productId, variantId: productId * 100 }),
    at: at(minute),
  },
});
const removal = (lineId: string, productId: number, minute: number, position: number) => ({
  cart_id: CART,
  line_id: lineId,
  product_id: productId,
  variant_id: productId * 100,
  removed_at: at(minute),
  position,
});

describe.each(BACKENDS)("the owner's figures' projections on %s", (backend) => {
  let t: TestDatabase;
  let removals: ReturnType<typeof projectionSpec>;
  let refunds: ReturnType<typeof projectionSpec>;
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    const utc = `to_char(%s at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    removals = projectionSpec(t.db, cartRemovalsProjection, {
      cart_removals: `select cart_id, line_id, product_id, variant_id, ${utc.replace('%s', 'removed_at')} as removed_at, position::int
        from cart_removals order by position`,
    });
    refunds = projectionSpec(t.db, refundsProjection, {
      order_refunds: `select order_id, version, amount_cents, ${utc.replace('%s', 'refunded_at')} as refunded_at, position::int
        from order_refunds order by position`,
    });
  });
  afterAll(() => t?.drop());

  it('a line taken out of a cart is one row naming its product, however the events are grouped; a quantity change or an add is none', async () => {
    // Given a cart where two lines were added, one changed and one taken out
    const events = streamOf(cartStreamId(CART), [
      added('a', 1, 1),
      added('b', 2, 2),
      { type: 'QuantityChanged', data: { schemaVersion: 1, lineId: 'a', quantity: 3, at: at(3) } },
      removed('b', 4, 2),
    ]);
    // Then one row says product 2 was taken out, when, at which position
    for (const sets of splits(events))
      expect(await removals.given(...sets)).toEqual({ cart_removals: [removal('b', 2, 4, 4)] });
  });

  it('a removal recorded before removals named their product takes it from its add in the same set (a replay)', async () => {
    // Given the whole stream in one set, as a replay applies it, and a removal without a product
    const events = streamOf(cartStreamId(CART), [added('a', 1, 1), added('b', 2, 2), removed('a', 3)]);
    // Then the removal is attributed to the product its add named
    expect(await removals.given(events)).toEqual({ cart_removals: [removal('a', 1, 3, 3)] });
  });

  it('a removal applied again (a retry, a replay) is counted once', async () => {
    const events = streamOf(cartStreamId(CART), [added('a', 1, 1), removed('a', 2, 1)]);
    await removals.given(events);
    await projectEvents(t.db, [cartRemovalsProjection], events);
    await projectEvents(t.db, [cartRemovalsProjection], [events[1]!]);
    expect(await removals.rows()).toEqual({ cart_removals: [removal('a', 1, 2, 2)] });
  });

  it('each refund is a row on the day it was given, applied again counted once; other order events make none', async () => {
    // Given an order placed, shipped and refunded twice
    const events = streamOf(
      orderStreamId(ORDER),
      [
        { type: 'OrderShipped', data: { schemaVersion: 1, orderId: ORDER, at: at(1) } },
        {
          type: 'RefundIssued',
          data: { schemaVersion: 1, orderId: ORDER, amountCents: 150, reason: 'Late', at: at(2) },
        },
        {
          type: 'RefundIssued',
          data: { schemaVersion: 1, orderId: ORDER, amountCents: 200, reason: 'Torn', at: at(3) },
        },
      ],
      { version: 2, position: 10 },
    );
    const expected = {
      order_refunds: [
        { order_id: ORDER, version: 3, amount_cents: 150, refunded_at: at(2), position: 11 },
        { order_id: ORDER, version: 4, amount_cents: 200, refunded_at: at(3), position: 12 },
      ],
    };
    for (const sets of splits(events)) expect(await refunds.given(...sets)).toEqual(expected);
    await projectEvents(t.db, [refundsProjection], events);
    expect(await refunds.rows()).toEqual(expected);
  });
});
