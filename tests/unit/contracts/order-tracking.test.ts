import { describe, expect, it } from 'vitest';
import { SAMPLE_ORDER, trackSampleOrder, validateTrackForm } from '../../../contracts/order-tracking.ts';
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
});
