import { formatCents } from '../contracts/money-format.ts';
import {
  ORDER_HISTORY_LABELS,
  estimateOf,
  formatHappenedAt,
  historyNote,
  orderStatusLabel,
  unitsText,
} from '../contracts/order-history.ts';
import { orderHistoryItem } from '../app/orders/order-view.ts';
import { QUANTITY_MARK, lineLabel, lineTotal, orderTotalsRows } from '../contracts/order-presentation.ts';
import {
  type OrderEvent,
  type OrderLine,
  type OrderUnits,
  orderStreamId,
  readOrderEvent,
} from '../domain/orders/order.events.ts';
import { envelopeOf } from '../eventstore/cause.ts';
import type { RecordedEvent } from '../eventstore/streams.ts';
import type { OrderRow, OrderShipment } from '../projections/orders/orders.queries.ts';
import { formatTable } from './output.ts';

/**
 * "Pterodactyl Express, tracking PTX-7741, estimated delivery: December 3, 2026", the estimate as the
 * shopper reads it (contracts/order-history.ts: "No estimate yet" on the way, nothing once delivered without one).
 */
export const shipmentText = (shipment: OrderShipment, status = 'Shipped') => {
  const estimate = estimateOf({ status, eta: shipment.eta });
  return `${shipment.carrier}, tracking ${shipment.trackingNumber}${estimate ? `, estimated delivery: ${estimate}` : ''}`;
};

/** Units of variants named as the order's history names them, with the variant: "T-Rex Tiny Arms Thong (XL, Red) × 1 [variant 104]". */
export function unitsOfLinesText(units: readonly OrderUnits[], lines: readonly OrderLine[]): string {
  return units
    .map(({ variantId, quantity }) => {
      const line = lines.find((l) => l.variantId === variantId);
      return `${line ? lineLabel(line) : 'variant'} ${QUANTITY_MARK} ${quantity} [variant ${variantId}]`;
    })
    .join(', ');
}

/**
 * What an event of the order's stream did, named and told as every surface tells it
 * (contracts/order-history.ts), with what the operator needs besides (stock, totals).
 */
export function orderEventText(event: OrderEvent, lines: readonly OrderLine[]): { what: string; details: string } {
  return { what: ORDER_HISTORY_LABELS[event.type], details: eventDetails(event, lines) };
}

function eventDetails(event: OrderEvent, lines: readonly OrderLine[]): string {
  switch (event.type) {
    case 'OrderPlaced': {
      const { data } = event;
      const items = data.lines.reduce((sum, l) => sum + l.quantity, 0);
      return `${items} item${items === 1 ? '' : 's'} in ${data.lines.length} line${data.lines.length === 1 ? '' : 's'}, total ${formatCents(data.totalCents)}${data.promoCode ? `, promo ${data.promoCode}` : ''}`;
    }
    case 'OrderShipped':
      return `with ${shipmentText(event.data)}`;
    case 'OrderDelivered':
      return '';
    case 'OrderCancelled': {
      const units = event.data.lines.reduce((sum, l) => sum + l.quantity, 0);
      return `${historyNote(orderHistoryItem(event), lines, 'operator')}; ${unitsText(units)} back in stock`;
    }
    case 'ReturnReceived':
      return `${historyNote(orderHistoryItem(event), lines, 'operator')}; ${event.data.restock ? 'back in stock' : 'not restocked'}`;
    case 'RefundIssued':
      return historyNote(orderHistoryItem(event), lines, 'operator') ?? formatCents(event.data.amountCents);
  }
}

type ShownEvent = Pick<RecordedEvent, 'version' | 'position' | 'createdAt' | 'type'> &
  Partial<Pick<RecordedEvent, 'streamId' | 'data' | 'metadata'>>;

/**
 * One line of the timeline: version, when it happened (the event's own time, else when it was
 * recorded), who did it (its envelope's actor; "-" for an event written before envelopes), what, details.
 */
function timelineRow(event: ShownEvent, lines: readonly OrderLine[]): string[] {
  let read: OrderEvent | undefined;
  try {
    read =
      event.data === undefined
        ? undefined
        : readOrderEvent({
            position: event.position,
            streamId: event.streamId ?? '',
            version: event.version,
            type: event.type,
            data: event.data,
          });
  } catch {
    // An event this version cannot read is still shown, by its type.
  }
  const at = formatHappenedAt(read ? read.data.at : event.createdAt.toISOString());
  const { what, details } = read ? orderEventText(read, lines) : { what: event.type, details: '' };
  const actor = envelopeOf({ metadata: event.metadata ?? {} }).actor ?? '-';
  return [`v${event.version}`, at, actor, what, details];
}

/** The status as the shopper's badge says it, and the moves' status beside it when a refund renamed it: "Partly refunded (Delivered)". */
function statusText(order: OrderRow): string {
  const label = orderStatusLabel(order);
  return label === order.status ? label : `${label} (${order.status})`;
}

/**
 * `dino-shop orders show`'s text: the order's status, shipment and refunds, its lines and totals worded
 * as the shop words them everywhere (contracts/order-presentation.ts: "Shipping Free", "Discount −$7.20"
 * only when there is one), then its timeline from the events of its stream, in words. Its contact and
 * address stay sealed: they are not printed.
 */
export function orderShowText(order: OrderRow, events: readonly ShownEvent[]): string {
  const timeline = events.map((e) => timelineRow(e, order.lines));
  const out = [
    `Order ${order.number} (stream ${orderStreamId(order.orderId)})`,
    `Status    ${statusText(order)}`,
    `Placed    ${formatHappenedAt(order.placedAt.toISOString())} · ${order.shippingMethod}${order.promoCode ? ` · promo ${order.promoCode}` : ''}`,
    `Shipment  ${order.shipment ? shipmentText(order.shipment, order.status) : 'not shipped'}`,
    `Refunded  ${order.refundedCents > 0 ? `${formatCents(order.refundedCents)} of ${formatCents(order.totalCents)}` : 'nothing'}`,
    `Customer  ${order.customerId} (contact and address sealed)`,
    '',
    formatTable(
      ['QTY', 'UNIT', 'LINE', 'VARIANT', 'ITEM'],
      order.lines.map((l) => [
        String(l.quantity),
        formatCents(l.unitPriceCents),
        lineTotal(l),
        String(l.variantId),
        lineLabel(l),
      ]),
    ).trimEnd(),
    '',
    orderTotalsRows(order)
      .map(({ label, value }) => `${label} ${value}`)
      .join('  '),
    '',
    'Timeline:',
    ...(timeline.length === 0
      ? []
      : formatTable(['', '', '', '', ''], timeline)
          .split('\n')
          .slice(1, -1)
          .map((line) => `  ${line}`)),
  ];
  return `${out.join('\n')}\n`;
}
