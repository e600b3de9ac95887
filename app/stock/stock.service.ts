import { decide, evolve, initialState } from '../../domain/stock/stock.decider.ts';
import { readStockEvent, stockStreamId } from '../../domain/stock/stock.events.ts';
import { liveStock } from '../../projections/stock/stock.queries.ts';
import type { EventStore } from '../event-store.ts';

const decider = { readEvent: readStockEvent, initialState, evolve, decide };

/**
 * Records stock that arrived (StockReceived on the variant's stock stream); the stock read model adds
 * it in the same statement. Running servers see the new level with their catalogue's next poll.
 * Answers the variant's live stock after the receipt.
 */
export async function receiveStock(store: EventStore, variantId: number, quantity: number, now: () => Date = () => new Date()): Promise<{ stock: number }> {
  const variantExists = (await liveStock(store.db, [variantId])).has(variantId);
  await store.handle(stockStreamId(variantId), decider, () => ({ type: 'ReceiveStock' as const, variantId, quantity, variantExists, at: now().toISOString() }));
  return { stock: (await liveStock(store.db, [variantId])).get(variantId) ?? 0 };
}
