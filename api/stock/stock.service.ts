import type { Database } from '../../db/database.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import { decide, evolve, initialState } from '../../domain/stock/stock.decider.ts';
import { readStockEvent, stockStreamId } from '../../domain/stock/stock.events.ts';
import { appendWithProjections } from '../../projections/registry.ts';
import { liveStock } from '../../projections/stock/stock.queries.ts';

const decider = { readEvent: readStockEvent, initialState, evolve, decide };

/**
 * Records stock that arrived (StockReceived on the variant's stock stream); the stock read model adds
 * it in the same statement. Running servers see the new level with their catalogue's next poll.
 * Answers the variant's live stock after the receipt.
 */
export async function receiveStock(db: Database, variantId: number, quantity: number, now: () => Date = () => new Date()): Promise<{ stock: number }> {
  const variantExists = (await liveStock(db, [variantId])).has(variantId);
  await handleCommand(
    db,
    stockStreamId(variantId),
    decider,
    () => ({ type: 'ReceiveStock' as const, variantId, quantity, variantExists, at: now().toISOString() }),
    { append: appendWithProjections },
  );
  return { stock: (await liveStock(db, [variantId])).get(variantId) ?? 0 };
}
