import { formatCents } from '../contracts/money-format.ts';
import { lineLabel, lineTotal, orderTotalsRows } from '../contracts/order-presentation.ts';
import { orderStreamId } from '../domain/orders/order.events.ts';
import type { RecordedEvent } from '../eventstore/event-store.ts';
import type { OrderRow } from '../projections/orders/orders.queries.ts';
import { formatTable } from './output.ts';

/**
 * `dino-shop orders show`'s text: the order's lines and totals worded as the shop words them everywhere
 * (contracts/order-presentation.ts: "Shipping Free", "Discount −$7.20" only when there is one), then
 * the events of its stream. Its contact and address stay sealed: they are not printed.
 */
export function orderShowText(order: OrderRow, events: readonly Pick<RecordedEvent, 'version' | 'position' | 'createdAt' | 'type'>[]): string {
  const out = [
    `Order ${order.number} (stream ${orderStreamId(order.orderId)})`,
    `Placed ${order.placedAt.toISOString()} · ${order.status} · ${order.shippingMethod}${order.promoCode ? ` · promo ${order.promoCode}` : ''}`,
    `Customer ${order.customerId} (contact and address sealed)`,
    '',
    formatTable(
      ['QTY', 'UNIT', 'LINE', 'VARIANT', 'ITEM'],
      order.lines.map((l) => [String(l.quantity), formatCents(l.unitPriceCents), lineTotal(l), String(l.variantId), lineLabel(l)]),
    ).trimEnd(),
    '',
    orderTotalsRows(order)
      .map(({ label, value }) => `${label} ${value}`)
      .join('  '),
    '',
    'Events:',
    ...events.map((e) => `  v${e.version}  #${e.position}  ${e.createdAt.toISOString()}  ${e.type}`),
  ];
  return `${out.join('\n')}\n`;
}
