import type { OrderEvent, OrderUnits } from '../orders/order.events.ts';
import type { StockEvent } from './stock.events.ts';

/**
 * The units each variant's stock gains (+) or loses (−) by these events, as the stock read model
 * counts them: an order takes its lines, a cancellation and a restocked return give theirs back, a
 * receipt adds. Other events move nothing (absent from the map).
 */
export function stockDeltas(events: Iterable<OrderEvent | StockEvent | { type: string }>): Map<number, number> {
  const deltas = new Map<number, number>();
  const add = (lines: readonly OrderUnits[], sign: 1 | -1) => {
    for (const { variantId, quantity } of lines) deltas.set(variantId, (deltas.get(variantId) ?? 0) + sign * quantity);
  };
  for (const event of events as Iterable<OrderEvent | StockEvent>) {
    if (event.type === 'OrderPlaced') add(event.data.lines, -1);
    else if (event.type === 'OrderCancelled') add(event.data.lines, 1);
    else if (event.type === 'ReturnReceived' && event.data.restock) add(event.data.lines, 1);
    else if (event.type === 'StockReceived') add([event.data], 1);
  }
  for (const [variantId, delta] of deltas) if (delta === 0) deltas.delete(variantId);
  return deltas;
}
