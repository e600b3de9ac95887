import { describe, expect, it } from 'vitest';
import { stockDeltas } from '../../../domain/stock/stock-deltas.ts';

const at = '2026-11-29T10:00:00.000Z';
const lines = [
  { productId: 1, variantId: 11, name: 'Rex', size: 'M', color: 'Red', quantity: 2, unitPriceCents: 2499 },
  { productId: 2, variantId: 21, name: 'Tri', size: 'S', color: 'Blue', quantity: 1, unitPriceCents: 1950 },
];
const units = lines.map(({ variantId, quantity }) => ({ variantId, quantity }));

describe('the units events move', () => {
  it('an order takes its lines; a cancellation and a restocked return give them back; a receipt adds', () => {
    expect(stockDeltas([{ type: 'OrderPlaced', data: { lines } } as never])).toEqual(
      new Map([
        [11, -2],
        [21, -1],
      ]),
    );
    expect(
      stockDeltas([
        { type: 'OrderCancelled', data: { orderId: 'o', reason: '', by: 'shop', lines: units, at } } as never,
      ]),
    ).toEqual(
      new Map([
        [11, 2],
        [21, 1],
      ]),
    );
    expect(
      stockDeltas([{ type: 'ReturnReceived', data: { orderId: 'o', lines: units, restock: true, at } } as never]),
    ).toEqual(
      new Map([
        [11, 2],
        [21, 1],
      ]),
    );
    expect(
      stockDeltas([{ type: 'StockReceived', data: { schemaVersion: 1, variantId: 31, quantity: 4, at } } as never]),
    ).toEqual(new Map([[31, 4]]));
  });

  it('a return not restocked, a shipment, a cart event move nothing; moves that cancel out are left out', () => {
    expect(
      stockDeltas([{ type: 'ReturnReceived', data: { orderId: 'o', lines: units, restock: false, at } } as never]),
    ).toEqual(new Map());
    expect(stockDeltas([{ type: 'OrderShipped' }, { type: 'ItemAdded' }])).toEqual(new Map());
    expect(
      stockDeltas([
        { type: 'OrderPlaced', data: { lines } } as never,
        { type: 'OrderCancelled', data: { lines: units } } as never,
      ]),
    ).toEqual(new Map());
  });
});
