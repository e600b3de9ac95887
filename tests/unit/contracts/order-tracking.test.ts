import { describe, expect, it } from 'vitest';
import { formatHappenedAt } from '../../../contracts/order-history.ts';
import {
  SAMPLE_ORDER,
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
    lines: [{ name: 'T-Rex Tiny Arms Thong', size: 'M', color: 'Green', quantity: 2, unitPrice: '24.99' }],
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
    expect(trackedOrderOf({ ...view, refunded: '0.00' }).refunded).toBeUndefined();
    expect(
      trackedOrderOf({ ...view, shipping: { ...view.shipping, carrier: null, trackingNumber: null, eta: null } })
        .shipping,
    ).toEqual({ method: 'Standard Shipping (3-5 business days)' });
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
