import { describe, expect, it } from 'vitest';
import { formatHappenedAt } from '../../../contracts/order-history.ts';
import { orderNumber } from '../../../contracts/checkout.ts';
import {
  ORDER_NUMBER_HINT,
  SAMPLE_ORDER,
  linkedOrderNumber,
  trackOrderPath,
  shopperCanCancel,
  trackSampleOrder,
  trackedOrderOf,
  validateTrackForm,
} from '../../../contracts/order-tracking.ts';
import { statusBadgeClass } from '../../../storefront/lib/order-status-badge.ts';

describe('track order', () => {
  it('finds the sample order case-insensitively with any email', () => {
    expect(trackSampleOrder(SAMPLE_ORDER.number, 'a@b.c')).toEqual({ kind: 'found', order: SAMPLE_ORDER });
    expect(trackSampleOrder(` ${SAMPLE_ORDER.number.toLowerCase()} `, 'anything')).toMatchObject({ kind: 'found' });
  });
  it('finds nothing else', () => {
    expect(trackSampleOrder('COC-000000', 'a@b.c')).toEqual({ kind: 'not-found' });
    expect(trackSampleOrder(SAMPLE_ORDER.number, '  ')).toEqual({ kind: 'not-found' });
  });
  it('requires both fields, not blank, without a format check', () => {
    expect(validateTrackForm('', ' ')).toEqual({
      orderNumber: 'Please enter your order number',
      email: 'Please enter your email address',
    });
    expect(validateTrackForm('12345', 'x')).toEqual({});
  });
  it('hints at the numbers the shop gives out, and keeps the sample’s working', () => {
    expect(ORDER_NUMBER_HINT).toBe('Order numbers start with #DINO- followed by six digits, e.g. #DINO-123456.');
    expect(orderNumber(() => 0.5)).toMatch(/^#DINO-\d{6}$/);
  });
  it('fills the number a link names, trimmed and bounded; none is none', () => {
    expect(linkedOrderNumber(new URLSearchParams(trackOrderPath('#DINO-123456').split('?')[1]))).toBe('#DINO-123456');
    expect(linkedOrderNumber(new URLSearchParams('number=%20%20'))).toBeUndefined();
    expect(linkedOrderNumber(new URLSearchParams(`number=${'9'.repeat(80)}`))).toHaveLength(40);
  });
  it('uses a COC- number and a total that adds up', () => {
    expect(SAMPLE_ORDER.number).toMatch(/^COC-\d+$/);
    const cents = SAMPLE_ORDER.items.reduce((sum, i) => sum + Math.round(Number(i.price) * 100) * i.quantity, 0);
    expect(cents).toBe(Math.round(Number(SAMPLE_ORDER.total) * 100));
  });
  it('colours the status badge', () => {
    expect(statusBadgeClass('Processing')).toContain('sun');
    expect(statusBadgeClass('Shipped')).toContain('brand');
    expect(statusBadgeClass('delivered')).toContain('sky');
    expect(statusBadgeClass('Cancelled')).toContain('ink');
  });
  it('keeps the sample as the spec has it: shipped, no history, no refund, nothing to cancel', () => {
    expect(SAMPLE_ORDER.status).toBe('Shipped');
    expect(SAMPLE_ORDER.history).toBeUndefined();
    expect(SAMPLE_ORDER.refunded).toBeUndefined();
    expect(shopperCanCancel(SAMPLE_ORDER)).toBe(false);
  });
});

describe('an order that moves, as Track Order shows it', () => {
  const view = {
    number: '#DINO-123456',
    placedAt: '2026-11-28T23:30:00.000Z',
    status: 'Delivered',
    lines: [
      { variantId: 11, name: 'T-Rex Tiny Arms Thong', size: 'M', color: 'Green', quantity: 2, unitPrice: '24.99' },
    ],
    subtotal: '49.98',
    shippingCost: '0.00',
    discount: '0.00',
    total: '49.98',
    shipping: {
      method: 'Standard Shipping (3-5 business days)',
      carrier: 'Pterodactyl Express',
      trackingNumber: 'PTX-7741',
      eta: '2026-12-03',
    },
    refunded: '12.34',
    history: [
      { type: 'OrderPlaced', at: '2026-11-28T23:30:00.000Z' },
      { type: 'OrderShipped', at: '2026-11-29T10:00:00.000Z' },
      { type: 'OrderDelivered', at: '2026-12-02T16:05:00.000Z' },
    ],
  };

  it('carries the shipment, what was refunded and the history; nothing refunded is no refund line', () => {
    const tracked = trackedOrderOf(view);
    expect(tracked.shipping).toEqual({
      method: 'Standard Shipping (3-5 business days)',
      carrier: 'Pterodactyl Express',
      trackingNumber: 'PTX-7741',
      eta: 'December 3, 2026',
    });
    expect(tracked.refunded).toBe('12.34');
    expect(tracked.history).toEqual(view.history);
    expect(tracked.statusLabel).toBe('Partly refunded');
    expect(trackedOrderOf({ ...view, refunded: '0.00' }).refunded).toBeUndefined();
    expect(
      trackedOrderOf({ ...view, shipping: { ...view.shipping, carrier: null, trackingNumber: null, eta: null } })
        .shipping,
    ).toEqual({ method: 'Standard Shipping (3-5 business days)' });
  });

  // Every state an order can be in, as its badge, its estimate and its history say it.
  const at = '2026-12-02T10:00:00.000Z';
  const processingView = () => ({
    ...view,
    status: 'Processing',
    refunded: '0.00',
    shipping: { ...view.shipping, carrier: null, trackingNumber: null, eta: null },
  });
  const shippedWithout = { ...view.shipping, eta: null };
  const states = {
    processing: processingView(),
    'shipped without an estimate': { ...view, status: 'Shipped', refunded: '0.00', shipping: shippedWithout },
    'shipped with one': { ...view, status: 'Shipped', refunded: '0.00' },
    delivered: { ...view, refunded: '0.00' },
    'delivered, partly refunded': view,
    'delivered, refunded in full': { ...view, refunded: '49.98' },
    'cancelled by the shop': { ...view, status: 'Cancelled', refunded: '0.00' },
    'cancelled, then refunded': { ...view, status: 'Cancelled', refunded: '49.98' },
    'processing, partly refunded': { ...processingView(), refunded: '10.00' },
  } as const;

  it('given each state, when Track Order shows it, then the badge says the status, or what was refunded', () => {
    expect(
      Object.fromEntries(Object.entries(states).map(([name, v]) => [name, trackedOrderOf(v).statusLabel])),
    ).toEqual({
      processing: 'Processing',
      'shipped without an estimate': 'Shipped',
      'shipped with one': 'Shipped',
      delivered: 'Delivered',
      'delivered, partly refunded': 'Partly refunded',
      'delivered, refunded in full': 'Refunded',
      'cancelled by the shop': 'Cancelled',
      // Only a shipped or delivered order is renamed by a refund: a cancel stays said, and an order
      // still Processing keeps its Cancel.
      'cancelled, then refunded': 'Cancelled',
      'processing, partly refunded': 'Processing',
    });
    expect(shopperCanCancel(trackedOrderOf(states['processing, partly refunded']))).toBe(true);
    // The badge's colour and a Cancel still go by the status its moves left.
    expect(trackedOrderOf(states['delivered, refunded in full']).status).toBe('Delivered');
  });

  it('given an order shipped without an estimate, then it says so honestly; before shipping or once delivered it says nothing', () => {
    expect(trackedOrderOf(states['shipped without an estimate']).shipping.eta).toBe('No estimate yet');
    expect(trackedOrderOf(states['shipped with one']).shipping.eta).toBe('December 3, 2026');
    expect(trackedOrderOf(states.processing).shipping.eta).toBeUndefined();
    // Delivered: the estimate it was given, or nothing (no "yet" about a parcel that arrived).
    expect(trackedOrderOf(states.delivered).shipping.eta).toBe('December 3, 2026');
    expect(trackedOrderOf({ ...states.delivered, shipping: shippedWithout }).shipping.eta).toBeUndefined();
  });

  it('given a cancel, a return and a refund, then the history says who, what and why', () => {
    const tracked = trackedOrderOf({
      ...view,
      history: [
        { type: 'OrderCancelled', at, by: 'shop', reason: 'out of stock' },
        { type: 'OrderCancelled', at, by: 'shopper', reason: 'Cancelled by the shopper on Track Order' },
        { type: 'ReturnReceived', at, units: 1, lines: [{ variantId: 11, quantity: 1 }], reason: 'too snug' },
        { type: 'RefundIssued', at, amount: '24.99', reason: 'one pair returned' },
      ],
    });
    expect(tracked.history?.map((e) => e.note)).toEqual([
      'by the shop: out of stock',
      'by you',
      'T-Rex Tiny Arms Thong (M, Green) × 1: too snug',
      '$24.99 by the shop: one pair returned',
    ]);
  });

  it('says when, en-US, in UTC as the placing date is', () => {
    expect(formatHappenedAt('2026-11-29T10:00:00.000Z')).toBe('Nov 29, 2026, 10:00 AM UTC');
    expect(formatHappenedAt('2026-11-28T23:30:00.000Z')).toBe('Nov 28, 2026, 11:30 PM UTC');
    expect(trackedOrderOf(view).date).toBe('November 28, 2026');
  });

  it('offers the shopper Cancel only while a recorded order is Processing', () => {
    const tracked = trackedOrderOf(view);
    expect(shopperCanCancel({ ...tracked, status: 'Processing' })).toBe(true);
    for (const status of ['Shipped', 'Delivered', 'Cancelled'])
      expect(shopperCanCancel({ ...tracked, status })).toBe(false);
  });
});
