import { decide, evolve, initialState } from '../../domain/stock/stock.decider.ts';
import { readStockEvent, stockStreamId } from '../../domain/stock/stock.events.ts';
import { liveStock } from '../../projections/stock/stock.queries.ts';
import type { EventStore } from '../../eventstore/store.ts';
import { stockMoves } from './stock-moves.ts';

const decider = { readEvent: readStockEvent, initialState, evolve, decide };

/**
 * Records stock that arrived (StockReceived on the variant's stock stream); the stock read model adds
 * it in the same statement. Running servers hear of a band that changed at once, of the rest at their catalogue's next poll.
 * Answers the variant's live stock after the receipt. `reason`: why or from where, when the operator says.
 */
export async function receiveStock(
  store: EventStore,
  variantId: number,
  quantity: number,
  { reason, now = () => new Date() }: { reason?: string; now?: () => Date } = {},
): Promise<{ stock: number }> {
  const variantExists = (await liveStock(store.db, [variantId])).has(variantId);
  // A band that changes is heard by every running server at once (the others at their next poll).
  const moves = stockMoves();
  await store.handle(
    stockStreamId(variantId),
    decider,
    () => ({ type: 'ReceiveStock' as const, variantId, quantity, reason, variantExists, at: now().toISOString() }),
    {
      alsoInTransaction: moves.inTransaction,
    },
  );
  return { stock: (await liveStock(store.db, [variantId])).get(variantId) ?? 0 };
}
