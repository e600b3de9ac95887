import { centsToDecimal } from '../../contracts/money-format.ts';
import type { OrderHistoryItem } from '../../contracts/order-history.ts';
import type { OrderView } from '../../contracts/orders.ts';
import type { OrderEvent } from '../../domain/orders/order.events.ts';
import type { OrderRow } from '../../projections/orders/orders.queries.ts';

/** An order in API shape: money as decimal strings, nothing personal. */
export const toOrderView = (order: OrderRow): OrderView => ({
  number: order.number,
  placedAt: order.placedAt.toISOString(),
  status: order.status,
  lines: order.lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    name: l.name,
    size: l.size,
    color: l.color,
    quantity: l.quantity,
    unitPrice: centsToDecimal(l.unitPriceCents),
  })),
  subtotal: centsToDecimal(order.subtotalCents),
  shippingCost: centsToDecimal(order.shippingCents),
  discount: centsToDecimal(order.discountCents),
  total: centsToDecimal(order.totalCents),
  shipping: {
    method: order.shippingMethod,
    carrier: order.shipment?.carrier ?? null,
    trackingNumber: order.shipment?.trackingNumber ?? null,
    eta: order.shipment?.eta ?? null,
  },
  refunded: centsToDecimal(order.refundedCents),
  history: order.history.map(({ amountCents, ...entry }) => ({
    ...entry,
    ...(amountCents === undefined ? {} : { amount: centsToDecimal(amountCents) }),
  })),
});

/**
 * One event of an order's stream as its history tells it (what the orders projection keeps for
 * each, in SQL): who cancelled, the shop's reason, a refund's sum, a return's units and variants.
 */
export function orderHistoryItem(event: OrderEvent): OrderHistoryItem {
  const { type, data } = event;
  const reason = 'reason' in data && data.reason?.trim() ? { reason: data.reason.trim() } : {};
  switch (event.type) {
    case 'OrderCancelled':
      return { type, at: data.at, by: event.data.by, ...reason };
    case 'RefundIssued':
      return { type, at: data.at, amount: centsToDecimal(event.data.amountCents), ...reason };
    case 'ReturnReceived':
      return {
        type,
        at: data.at,
        units: event.data.lines.reduce((sum, l) => sum + l.quantity, 0),
        lines: event.data.lines.map(({ variantId, quantity }) => ({ variantId, quantity })),
        ...reason,
      };
    default:
      return { type, at: data.at };
  }
}
