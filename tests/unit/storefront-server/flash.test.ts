import { describe, expect, it } from 'vitest';
import { FLASH_COOKIE, fitsCookie, flashValue, readFlash } from '../../../storefront-server/forms/flash.ts';

const cookie = (value: unknown) => ({
  headers: { cookie: `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(value))}` },
});
const order = { number: '#DINO-1', placedAt: '2026-11-27T10:00:00.000Z', totalCents: 2499, email: 'rex@jurassic.com' };

describe('the flash cookie', () => {
  it('is read back as the page expects it', () => {
    expect(readFlash(cookie({ order }))).toEqual({ order });
  });

  it('is ignored when edited by hand into something the page cannot show', () => {
    expect(readFlash(cookie({ order: { ...order, placedAt: 'garbage' } }))).toBeNull();
    expect(readFlash(cookie({ order: { ...order, totalCents: 1.5 } }))).toBeNull();
    expect(readFlash({ headers: { cookie: `${FLASH_COOKIE}=not-json` } })).toBeNull();
    expect(readFlash({ headers: { cookie: `${FLASH_COOKIE}=%E0%A4%A` } })).toBeNull();
  });

  it('carries an address as typed, so a kept answer can be searched for it, and nothing a cookie cannot hold', () => {
    const value = flashValue({ order });
    expect(value).toContain('rex@jurassic.com');
    expect(value).toMatch(/^[\x21-\x7e]+$/);
    expect(value).not.toMatch(/[;,"\\]/);
    const typed = { form: { name: 'contact', values: { name: 'Ré "Rex", 100% T-Rex; \\o/ 🦖' }, errors: {} } };
    expect(flashValue(typed)).toMatch(/^[\x21-\x7e]+$/);
    expect(flashValue(typed)).not.toMatch(/[;,"\\]/);
    expect(readFlash(cookie(typed))).toEqual(typed);
    expect(readFlash({ headers: { cookie: `${FLASH_COOKIE}=${flashValue(typed)}` } })).toEqual(typed);
  });

  it('cuts the longest typed values, by characters, until it fits a cookie; a short one is untouched', () => {
    const short = { form: { name: 'contact', values: { name: 'Rex', message: 'Hello' }, errors: {} } };
    expect(JSON.parse(decodeURIComponent(flashValue(short)))).toEqual(short);
    const long = {
      form: {
        name: 'contact',
        values: { name: 'Rex', message: '🦖'.repeat(3_000) },
        errors: { email: 'Please enter your email address' },
      },
    };
    const value = flashValue(long);
    expect(value.length).toBeLessThanOrEqual(3_500);
    const kept = JSON.parse(decodeURIComponent(value));
    expect(kept.form.errors).toEqual(long.form.errors);
    expect(kept.form.values.name).toBe('Rex');
    expect(kept.form.values.message).toMatch(/^(🦖)+$/u);
  });

  it('says when a flash does not fit a cookie whole: a found order of forty lines, or typed values that would be cut', () => {
    const tracked = (lines: number) => ({
      form: {
        name: 'track',
        values: { orderNumber: '#DINO-123456', email: 'rex@jurassic.com' },
        errors: {},
        result: 'found',
      },
      tracked: {
        number: '#DINO-123456',
        date: 'November 28, 2026',
        status: 'Processing',
        statusLabel: 'Processing',
        items: Array.from({ length: lines }, (_, i) => ({
          name: `Stego Plate-Mate Briefs ${i} (XL, Jungle Green)`,
          quantity: 1,
          price: '21.99',
        })),
        shipping: { method: 'Standard Shipping (3-5 business days)' },
        total: '21.99',
      },
    });
    expect(fitsCookie(tracked(2))).toBe(true);
    expect(fitsCookie(tracked(40))).toBe(false);
    const typed = tracked(2);
    expect(
      fitsCookie({ ...typed, form: { ...typed.form, values: { ...typed.form.values, email: 'r'.repeat(3_500) } } }),
    ).toBe(false);
  });
});
