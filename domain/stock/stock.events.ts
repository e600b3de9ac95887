import * as v from 'valibot';
import { eventReader } from '../event-reader.ts';

/**
 * Stock that arrived at the warehouse. A variant's stock is its counted (seeded) level plus what was
 * received minus what orders took (OrderPlaced's lines): the stock_levels read model keeps the sums.
 * `reason`: where it came from or why, when the operator said.
 */
export interface StockReceived {
  type: 'StockReceived';
  data: { schemaVersion: 1; variantId: number; quantity: number; reason?: string; at: string };
}

export type StockEvent = StockReceived;
export const STOCK_EVENT_TYPES = ['StockReceived'] as const;

export const STOCK_STREAM_PREFIX = 'stock-';
export const stockStreamId = (variantId: number) => `${STOCK_STREAM_PREFIX}${variantId}`;

export const readStockEvent = eventReader<StockEvent>({
  StockReceived: [
    {
      schema: v.object({
        schemaVersion: v.literal(1),
        variantId: v.pipe(v.number(), v.integer(), v.minValue(1)),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
        reason: v.optional(v.pipe(v.string(), v.nonEmpty())),
        at: v.pipe(v.string(), v.isoTimestamp()),
      }),
    },
  ],
});
