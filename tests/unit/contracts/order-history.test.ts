import { describe, expect, it } from 'vitest';
import { orderEventText } from '../../../cli/order-text.ts';
import {
  orderCancelledMessage,
  orderShippedMessage,
  refundIssuedMessage,
} from '../../../consumers/mail/order-update-messages.ts';
import {
  ORDER_HISTORY_LABELS,
  estimateOf,
  formatHappenedAt,
  historyLabel,
  historyNote,
} from '../../../contracts/order-history.ts';
import type { OrderEvent } from '../../../domain/orders/order.events.ts';
import { orderHistoryItem } from '../../../app/orders/order-view.ts';

const at = '2026-12-02T15:30:00.000Z';
const line = {
  productId: 1,
  variantId: 104,
  name: 'T-Rex Tiny Arms Thong',
  size: 'XL',
  color: 'Red',
  quantity: 2,
  unitPriceCents: 2499,
};
const units = [{ variantId: 104, quantity: 2 }];
/** One event of each type an order's stream holds. */
const EVENTS: OrderEvent[] = [
  {
    type: 'OrderPlaced',
    data: {
      schemaVersion: 1,
      orderId: 'o',
      number: '#DINO-123456',
      cartId: 'c',
      lines: [line],
      subtotalCents: 4998,
      shippingCents: 0,
      discountCents: 0,
      promoCode: null,
      totalCents: 4998,
      shippingMethod: 'Standard',
      customerId: 'u',
      personal: '',
      at,
    },
  },
  {
    type: 'OrderShipped',
    data: { schemaVersion: 1, orderId: 'o', carrier: 'Pterodactyl Express', trackingNumber: 'PTX-1', eta: null, at },
  },
  { type: 'OrderDelivered', data: { schemaVersion: 1, orderId: 'o', at } },
  { type: 'OrderCancelled', data: { schemaVersion: 1, orderId: 'o', reason: '', by: 'shop', lines: units, at } },
  { type: 'ReturnReceived', data: { schemaVersion: 1, orderId: 'o', lines: units, restock: true, at } },
  { type: 'RefundIssued', data: { schemaVersion: 1, orderId: 'o', amountCents: 1234, reason: '', at } },
];

describe('an order’s history in words', () => {
  it('given each event of an order, when Track Order names it, then it reads as the shop words it', () => {
    expect(EVENTS.map((event) => historyLabel(event.type))).toEqual([
      'Placed',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Return received',
      'Refund issued',
    ]);
    // One not known here yet is still words, not a code.
    expect(historyLabel('OrderHeldAtCustoms')).toBe('Order held at customs');
    expect(historyLabel('constructor')).toBe('Constructor');
  });

  it('given each event of an order, when the CLI’s timeline names it, then it is Track Order’s label', () => {
    expect(EVENTS.map((event) => orderEventText(event, [line]).what)).toEqual(
      EVENTS.map((event) => historyLabel(event.type)),
    );
  });

  it('given a move mailed to the shopper, when the mail says what happened and when, then it is Track Order’s label and time', () => {
    const personal = { email: 'rex@example.com', firstName: 'Rex' };
    const common = {
      order: { number: '#DINO-123456', lines: [line] },
      personal,
      publicUrl: 'https://dinobooty.test',
      messageId: '<m@x>',
    };
    const when = formatHappenedAt(at);
    const moved = (move: OrderEvent) => ({ ...common, move: orderHistoryItem(move) });
    expect(when).toBe('Dec 2, 2026, 3:30 PM UTC');
    const shipped = orderShippedMessage({
      ...moved(EVENTS[1]!),
      shipment: { carrier: 'Pterodactyl Express', trackingNumber: 'PTX-1', eta: null },
    });
    const cancelled = orderCancelledMessage(moved(EVENTS[3]!));
    const refunded = refundIssuedMessage(moved(EVENTS[5]!));
    expect(shipped.text).toContain(`\n${ORDER_HISTORY_LABELS.OrderShipped}: ${when}\n`);
    // The moves Track Order tells more of read as its history does: label, time, and its note.
    expect(cancelled.text).toContain(`\n${ORDER_HISTORY_LABELS.OrderCancelled}, ${when} — by the shop\n`);
    expect(refunded.text).toContain(`\n${ORDER_HISTORY_LABELS.RefundIssued}, ${when} — $12.34 by the shop\n`);
  });

  it('given a move the shopper is told more of, when Track Order shows it, then it says who, how much and why', () => {
    expect(historyNote({ type: 'RefundIssued', at, amount: '1.00', reason: 'damaged in transit' })).toBe(
      '$1.00 by the shop: damaged in transit',
    );
    expect(historyNote({ type: 'OrderCancelled', at, by: 'shop', reason: 'Out of stock at the warehouse' })).toBe(
      'by the shop: Out of stock at the warehouse',
    );
    // A shopper's own cancel says so, without repeating their words back to them.
    expect(
      historyNote({ type: 'OrderCancelled', at, by: 'shopper', reason: 'Cancelled by the shopper on Track Order' }),
    ).toBe('by you');
    expect(historyNote({ type: 'ReturnReceived', at, units: 2, reason: 'too snug' })).toBe('2 units: too snug');
    expect(historyNote({ type: 'ReturnReceived', at, units: 1 })).toBe('1 unit');
    // Written before the shop kept a reason: the cancel by the shop, with none.
    expect(historyNote({ type: 'OrderCancelled', at, by: 'shop' })).toBe('by the shop');
    // The operator reads who it was, not "you".
    expect(historyNote({ type: 'OrderCancelled', at, by: 'shopper' }, [], 'operator')).toBe('by the shopper');
    // A return names the order's lines; a variant not among them is counted in units.
    const returned = { type: 'ReturnReceived', at, units: 3, reason: 'too snug' };
    const lines = [
      { variantId: 104, quantity: 2 },
      { variantId: 999, quantity: 1 },
    ];
    expect(historyNote({ ...returned, lines }, [line])).toBe('T-Rex Tiny Arms Thong (XL, Red) × 2, 1 unit: too snug');
  });

  it('given a shipped order, when its estimate is told, then a day, or "No estimate yet" for none or a date that is not one', () => {
    expect(estimateOf({ status: 'Shipped', eta: '2026-12-03' })).toBe('December 3, 2026');
    expect(estimateOf({ status: 'Shipped', eta: null })).toBe('No estimate yet');
    expect(estimateOf({ status: 'Shipped', eta: '2026-13-45' })).toBe('No estimate yet');
    expect(estimateOf({ status: 'Delivered', eta: null })).toBeUndefined();
    expect(estimateOf({ status: 'Processing', eta: null })).toBeUndefined();
  });

  it('given a move with nothing more to say, or an entry from before notes were kept, then there is no note', () => {
    for (const type of ['OrderPlaced', 'OrderShipped', 'OrderDelivered', 'RefundIssued', 'ReturnReceived'])
      expect(historyNote({ type, at }), type).toBeUndefined();
  });
});
