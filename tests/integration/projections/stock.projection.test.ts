import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStreamId } from '../../../domain/orders/order.events.ts';
import { stockStreamId } from '../../../domain/stock/stock.events.ts';
import { stockDeltas } from '../../../domain/stock/stock-deltas.ts';
import { ordersProjection } from '../../../projections/orders/orders.projection.ts';
import { projectEvents } from '../../../eventstore/projection.ts';
import { STOCK_CHECK, stockProjection } from '../../../projections/stock/stock.projection.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { projectionSpec, splits } from '../../support/projection-spec.ts';

interface Variant {
  id: number;
  productId: number;
  stock: number;
}

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const orderId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

/** Stock received for a variant: event `version` of its stock stream, at log position `position`. */
const received = (variant: Pick<Variant, 'id'>, quantity: number, position: number, version = 1) => ({
  streamId: stockStreamId(variant.id),
  version,
  position,
  type: 'StockReceived',
  data: { schemaVersion: 1, variantId: variant.id, quantity, at: at(position) },
});

/** Order `n` placed at log position `position`, taking [variant, quantity] per line. */
const placed = (n: number, position: number, lines: Array<[Pick<Variant, 'id' | 'productId'>, number]>) => ({
  streamId: orderStreamId(orderId(n)),
  version: 1,
  position,
  type: 'OrderPlaced',
  data: {
    schemaVersion: 1,
    orderId: orderId(n),
    number: `#DINO-${100000 + n}`,
    cartId: `00000000-0000-4000-8000-1000000000${String(n).padStart(2, '0')}`,
    lines: lines.map(([v, quantity]) => ({
      productId: v.productId,
      variantId: v.id,
      name: 'Dino',
      size: 'M',
      color: 'Jurassic Jade',
      quantity,
      unitPriceCents: 1999,
    })),
    subtotalCents: 1999,
    shippingCents: 599,
    discountCents: 0,
    promoCode: null,
    totalCents: 2598,
    shippingMethod: 'Standard Shipping (3-5 business days)',
    customerId: `customer-${n}`,
    personal: `a1.sealed-personal-${n}`,
    at: at(position),
  },
});

/** A stock_levels row; `left` is what the check judges (seeded + received - ordered). */
const level = (
  variant: Pick<Variant, 'id'>,
  seeded: number,
  received: number,
  ordered: number,
  position: number,
  returned = 0,
) => ({
  variant_id: variant.id,
  seeded,
  received,
  ordered,
  returned,
  left: seeded + received - ordered + returned,
  position,
});

/** Order `n`'s move at stream version `version` giving units back: a cancellation, or a return (restocked or not). */
const givenBack = (
  n: number,
  version: number,
  position: number,
  type: 'OrderCancelled' | 'ReturnReceived',
  lines: Array<[Pick<Variant, 'id'>, number]>,
  restock = true,
) => ({
  streamId: orderStreamId(orderId(n)),
  version,
  position,
  type,
  data: {
    schemaVersion: 1,
    orderId: orderId(n),
    lines: lines.map(([v, quantity]) => ({ variantId: v.id, quantity })),
    ...(type === 'OrderCancelled' ? { reason: 'changed my mind', by: 'shopper' } : { restock }),
    at: at(position),
  },
});

describe.each(BACKENDS)('stock projection on %s', (backend) => {
  let t: TestDatabase;
  let spec: ReturnType<typeof projectionSpec>;
  // Variants of the seeded catalogue: plenty in stock, nearly sold out, sold out; and one it lacks.
  let plenty: Variant;
  let low: Variant;
  let soldOut: Variant;
  const unknown: Variant = { id: 987_654_321, productId: 9_876_543, stock: 0 };
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    const pick = async (where: string) => {
      const { rows } = await t.db.query<{ id: number; product_id: number; stock: number }>(
        `select id, product_id, stock from variants where ${where} order by id limit 1`,
      );
      if (!rows[0]) throw new Error(`the seeded catalogue has no variant where ${where}`);
      return { id: rows[0].id, productId: rows[0].product_id, stock: rows[0].stock };
    };
    plenty = await pick('stock >= 10');
    low = await pick('stock between 2 and 4');
    soldOut = await pick('stock = 0');
    expect((await t.db.query('select 1 from variants where id = $1', [unknown.id])).rows).toEqual([]);
    spec = projectionSpec(t.db, stockProjection, {
      stock_levels:
        'select variant_id, seeded, received, ordered, returned, seeded + received - ordered + returned as "left", position::int from stock_levels order by variant_id',
    });
  });
  afterAll(() => t?.drop());

  const orders = async () => (await t.db.query('select order_id, position::int from orders order by order_id')).rows;

  it('a first receipt makes the row, its counted level taken from the catalogue; later receipts add to it — however the events are grouped', async () => {
    const events = [received(plenty, 5, 1), received(soldOut, 3, 2), received(plenty, 2, 4, 2)];
    for (const sets of splits(events)) {
      expect(await spec.given(...sets)).toEqual({
        stock_levels: [level(plenty, plenty.stock, 7, 0, 4), level(soldOut, 0, 3, 0, 2)].sort(
          (a, b) => a.variant_id - b.variant_id,
        ),
      });
    }
  });

  it("an order's lines lower each variant's stock, two lines of one variant adding up — however the events are grouped", async () => {
    const events = [
      placed(1, 3, [
        [plenty, 2],
        [low, 1],
        [plenty, 1],
      ]),
      placed(2, 8, [[low, low.stock - 1]]),
    ];
    for (const sets of splits(events)) {
      expect(await spec.given(...sets)).toEqual({
        stock_levels: [level(plenty, plenty.stock, 0, 3, 3), level(low, low.stock, 0, low.stock, 8)].sort(
          (a, b) => a.variant_id - b.variant_id,
        ),
      });
    }
  });

  it('receipts and orders of several variants add up; an order may take more than the counted level once enough was received', async () => {
    const events = [
      received(soldOut, 3, 1),
      placed(1, 2, [
        [soldOut, 2],
        [plenty, 1],
      ]),
      received(low, 4, 3),
      placed(2, 5, [
        [soldOut, 1],
        [low, low.stock + 4],
      ]),
      received(soldOut, 1, 6, 2),
    ];
    for (const sets of splits(events)) {
      expect(await spec.given(...sets)).toEqual({
        stock_levels: [
          level(plenty, plenty.stock, 0, 1, 2),
          level(low, low.stock, 4, low.stock + 4, 5),
          level(soldOut, 0, 4, 3, 6),
        ].sort((a, b) => a.variant_id - b.variant_id),
      });
    }
  });

  it('a variant the catalogue lacks counts from zero', async () => {
    for (const sets of splits([received(unknown, 4, 1), placed(1, 2, [[unknown, 4]])])) {
      expect(await spec.given(...sets)).toEqual({ stock_levels: [level(unknown, 0, 4, 4, 2)] });
    }
  });

  it('given too little, an order fails the statement and writes nothing: not its other lines, not the rest of the set', async () => {
    // No row yet: more than the counted level.
    await spec.reset();
    await expect(
      projectEvents(
        t.db,
        [stockProjection],
        [
          placed(1, 1, [
            [plenty, 1],
            [low, low.stock + 1],
          ]),
        ],
      ),
    ).rejects.toThrow(STOCK_CHECK);
    expect(await spec.rows()).toEqual({ stock_levels: [] });
    // Sold out, and a variant the catalogue lacks.
    await expect(projectEvents(t.db, [stockProjection], [placed(1, 1, [[soldOut, 1]])])).rejects.toThrow(STOCK_CHECK);
    await expect(projectEvents(t.db, [stockProjection], [placed(1, 1, [[unknown, 1]])])).rejects.toThrow(STOCK_CHECK);
    expect(await spec.rows()).toEqual({ stock_levels: [] });

    // A row there: one left, two ordered, beside a receipt and another variant's line in the same set.
    const before = {
      stock_levels: [level(plenty, plenty.stock, 0, 1, 2), level(low, low.stock, 1, low.stock, 2)].sort(
        (a, b) => a.variant_id - b.variant_id,
      ),
    };
    expect(
      await spec.given([
        received(low, 1, 1),
        placed(1, 2, [
          [low, low.stock],
          [plenty, 1],
        ]),
      ]),
    ).toEqual(before);
    await expect(
      projectEvents(
        t.db,
        [stockProjection],
        [
          received(soldOut, 5, 3),
          placed(2, 4, [
            [plenty, 1],
            [low, 2],
          ]),
        ],
      ),
    ).rejects.toThrow(STOCK_CHECK);
    expect(await spec.rows()).toEqual(before);
    // Exactly what is left passes, and leaves none.
    await projectEvents(
      t.db,
      [stockProjection],
      [
        placed(2, 4, [
          [plenty, 1],
          [low, 1],
        ]),
      ],
    );
    expect(await spec.rows()).toEqual({
      stock_levels: [level(plenty, plenty.stock, 0, 2, 4), level(low, low.stock, 1, low.stock + 1, 4)].sort(
        (a, b) => a.variant_id - b.variant_id,
      ),
    });
  });

  it('as an append runs them, an order refused for stock leaves no order row either', async () => {
    await spec.reset();
    await t.db.query('delete from orders');
    await expect(
      projectEvents(
        t.db,
        [ordersProjection, stockProjection],
        [
          placed(1, 1, [
            [plenty, 1],
            [low, low.stock + 1],
          ]),
        ],
      ),
    ).rejects.toThrow(STOCK_CHECK);
    expect(await spec.rows()).toEqual({ stock_levels: [] });
    expect(await orders()).toEqual([]);
    await projectEvents(
      t.db,
      [ordersProjection, stockProjection],
      [
        placed(1, 1, [
          [plenty, 1],
          [low, low.stock],
        ]),
      ],
    );
    expect(await spec.rows()).toEqual({
      stock_levels: [level(plenty, plenty.stock, 0, 1, 1), level(low, low.stock, 0, low.stock, 1)].sort(
        (a, b) => a.variant_id - b.variant_id,
      ),
    });
    expect(await orders()).toEqual([{ order_id: orderId(1), position: 1 }]);
    await t.db.query('delete from orders');
  });

  it('events applied again (a retry, a replay) are counted once, even an order that took the last one', async () => {
    const events = [
      received(plenty, 5, 1),
      placed(1, 2, [
        [plenty, 3],
        [low, low.stock],
      ]),
      received(low, 2, 3),
    ];
    const expected = {
      stock_levels: [level(plenty, plenty.stock, 5, 3, 2), level(low, low.stock, 2, low.stock, 3)].sort(
        (a, b) => a.variant_id - b.variant_id,
      ),
    };
    expect(await spec.given(events)).toEqual(expected);
    await projectEvents(t.db, [stockProjection], events);
    await projectEvents(t.db, [stockProjection], events.slice(1, 2));
    await projectEvents(t.db, [stockProjection], [events[2]!, events[0]!]);
    expect(await spec.rows()).toEqual(expected);

    // Applied again among new ones: only the new count.
    const later = placed(2, 4, [[low, 1]]);
    await projectEvents(t.db, [stockProjection], [...events, later]);
    await projectEvents(t.db, [stockProjection], [later, events[1]!]);
    expect(await spec.rows()).toEqual({
      stock_levels: [level(plenty, plenty.stock, 5, 3, 2), level(low, low.stock, 2, low.stock + 1, 4)].sort(
        (a, b) => a.variant_id - b.variant_id,
      ),
    });
  });

  it('ignores events of other types', async () => {
    const added = {
      streamId: 'cart-x',
      version: 1,
      position: 1,
      type: 'ItemAdded',
      data: {
        schemaVersion: 1,
        lineId: 'l',
        productId: plenty.productId,
        variantId: plenty.id,
        quantity: 2,
        at: at(1),
      },
    };
    const alert = {
      streamId: `stock-alert-${soldOut.id}-rex`,
      version: 1,
      position: 2,
      type: 'StockAlertRequested',
      data: {
        schemaVersion: 1,
        subscriberId: 'rex',
        emailCipher: 'a1.sealed-rex',
        productId: soldOut.productId,
        variantId: soldOut.id,
        at: at(2),
      },
    };
    expect(await spec.given([added, alert])).toEqual({ stock_levels: [] });
  });

  it('a cancellation gives every line back and a restocked return its lines; a return kept off sale gives nothing back — however the events are grouped', async () => {
    const events = [
      placed(1, 3, [
        [plenty, 2],
        [low, 1],
      ]),
      givenBack(1, 2, 5, 'OrderCancelled', [
        [plenty, 2],
        [low, 1],
      ]),
      placed(2, 6, [[plenty, 3]]),
      givenBack(2, 4, 8, 'ReturnReceived', [[plenty, 1]], true),
      givenBack(2, 5, 9, 'ReturnReceived', [[plenty, 2]], false),
    ];
    for (const sets of splits(events)) {
      expect(await spec.given(...sets)).toEqual({
        stock_levels: [level(plenty, plenty.stock, 0, 5, 8, 3), level(low, low.stock, 0, 1, 5, 1)].sort(
          (a, b) => a.variant_id - b.variant_id,
        ),
      });
    }
  });

  it('moves each variant by what domain/stock/stock-deltas.ts says the events move (the stock moves decide their NOTIFY on it)', async () => {
    const events = [
      received(soldOut, 4, 2),
      placed(1, 3, [
        [plenty, 2],
        [low, 1],
        [soldOut, 1],
      ]),
      givenBack(1, 2, 5, 'OrderCancelled', [[low, 1]]),
      placed(2, 6, [[plenty, 3]]),
      givenBack(2, 4, 8, 'ReturnReceived', [[plenty, 1]], true),
      givenBack(2, 5, 9, 'ReturnReceived', [[plenty, 2]], false),
    ];
    const { stock_levels: rows } = (await spec.given(events)) as { stock_levels: Array<ReturnType<typeof level>> };
    const moved = new Map(
      rows.map((row) => [row.variant_id, row.left - row.seeded] as const).filter(([, units]) => units !== 0),
    );
    expect(moved).toEqual(stockDeltas(events as never));
    expect(moved.size).toBe(2);
  });

  it('a cancellation brings a sold-out size back on sale, and given back again (a retry, a replay) it counts once', async () => {
    const lastOne = placed(1, 3, [[low, low.stock]]);
    const cancelled = givenBack(1, 2, 4, 'OrderCancelled', [[low, low.stock]]);
    expect(await spec.given([lastOne])).toEqual({ stock_levels: [level(low, low.stock, 0, low.stock, 3)] });
    await projectEvents(t.db, [stockProjection], [cancelled]);
    await projectEvents(t.db, [stockProjection], [lastOne, cancelled]);
    expect(await spec.rows()).toEqual({ stock_levels: [level(low, low.stock, 0, low.stock, 4, low.stock)] });
  });
});
