import { shownStock } from '../../contracts/stock-bands.ts';
import type { Queryable } from '../../db/database.ts';
import { stockDeltas } from '../../domain/stock/stock-deltas.ts';
import type { StreamAppend } from '../../eventstore/streams.ts';
import { STOCK_CHANNEL } from '../../projections/catalogue/catalogue.queries.ts';
import { type StockLevel, stockLevels } from '../../projections/stock/stock.queries.ts';

/** Where this process's committed stock moves go: its in-memory catalogue (none in the CLI). */
export type StockApplied = (levels: ReadonlyMap<number, StockLevel>) => void;

/**
 * One command's stock moves. `inTransaction` runs in the transaction that appends the command's
 * events, after them, on every attempt: it reads the moved variants' levels and, only when a band a
 * shopper sees changed (a NOTIFY takes a lock at commit), NOTIFYs every instance with their ids.
 * `committed` hands the levels to this process's catalogue once the events are recorded, so it
 * answers without waiting for a reload.
 */
export function stockMoves(applied?: StockApplied) {
  let levels: Map<number, StockLevel> | undefined;
  return {
    inTransaction: async (tx: Queryable, appends: readonly StreamAppend[]): Promise<void> => {
      levels = undefined;
      const deltas = stockDeltas(appends.flatMap((append) => append.events));
      if (deltas.size === 0) return;
      const after = await stockLevels(tx, [...deltas.keys()]);
      const crossed = [...deltas].filter(([id, delta]) => {
        const stock = after.get(id)?.stock ?? 0;
        return shownStock(stock) !== shownStock(stock - delta);
      });
      if (crossed.length > 0)
        await tx.query('select pg_notify($1, $2)', [
          STOCK_CHANNEL,
          JSON.stringify(crossed.map(([id]) => [id, after.get(id)?.moved ?? 0])),
        ]);
      levels = after;
    },
    /** After the command: its levels, when it recorded events (a read in an attempt rolled back is never applied). */
    committed(recorded: readonly unknown[]): void {
      if (recorded.length > 0 && levels) applied?.(levels);
    },
  };
}
