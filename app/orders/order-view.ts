import { centsToDecimal } from '../../contracts/money-format.ts';
import type { OrderView } from '../../contracts/orders.ts';
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
