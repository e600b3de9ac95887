import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { cliCommandKey, parseAmount, parseEta, parseReturnLine, parseText } from '../../../cli/commands/order-moves.ts';
import { parseOrderNumber } from '../../../cli/commands/orders.ts';
import { orderEventText } from '../../../cli/order-text.ts';

describe('the order moves’ argument parsers (a bad value is a usage error)', () => {
  it('order numbers: any case, with or without # or the dash', () => {
    for (const input of ['#DINO-123456', 'dino-123456', 'DINO123456', ' #dino-123456 '])
      expect(parseOrderNumber(input)).toBe('#DINO-123456');
    for (const input of ['twelve', 'DINO-12345', 'COC-123456', ''])
      expect(() => parseOrderNumber(input)).toThrow(InvalidArgumentError);
  });

  it('--eta is a calendar date as YYYY-MM-DD', () => {
    expect(parseEta('2026-12-03')).toBe('2026-12-03');
    expect(parseEta(' 2028-02-29 ')).toBe('2028-02-29');
    for (const input of ['2026-02-29', '2026-13-01', '2026-12-3', 'tomorrow', '2026-12-03T00:00:00Z', '0000-01-01'])
      expect(() => parseEta(input), input).toThrow(InvalidArgumentError);
  });

  it('--line is VARIANT:QUANTITY, collected in the order given', () => {
    expect(parseReturnLine('104:1')).toEqual([{ variantId: 104, quantity: 1 }]);
    expect(parseReturnLine(' 211 : 2 ', [{ variantId: 104, quantity: 1 }])).toEqual([
      { variantId: 104, quantity: 1 },
      { variantId: 211, quantity: 2 },
    ]);
    for (const input of ['104', '104:', ':1', '104:0', '0:1', '104:-1', '104:1.5', 'x:1', '104:1:2', '104:99999999999'])
      expect(() => parseReturnLine(input), input).toThrow(InvalidArgumentError);
  });

  it('--amount is dollars with at most two decimals, more than zero, in cents', () => {
    expect(parseAmount('12.34')).toBe(1234);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('0.5')).toBe(50);
    expect(parseAmount('$7.20')).toBe(720);
    for (const input of ['12.345', '-1', '0', '0.00', 'ten', '1,000', '.5', '12.', '', '99999999.99'])
      expect(() => parseAmount(input), input).toThrow(InvalidArgumentError);
  });

  it('text options are trimmed and must say something', () => {
    expect(parseText(' Pterodactyl Express ')).toBe('Pterodactyl Express');
    expect(() => parseText('  ')).toThrow(InvalidArgumentError);
  });
});

describe('cliCommandKey', () => {
  it('is the same for the same text, command and arguments; another command or argument is another request', () => {
    const key = cliCommandKey('refund-1', 'orders refund', { number: '#DINO-123456', amountCents: 150, reason: '' });
    expect(key).toEqual(
      cliCommandKey('refund-1', 'orders refund', { number: '#DINO-123456', amountCents: 150, reason: '' }),
    );
    expect(key.key).not.toContain('refund-1');
    const other = cliCommandKey('refund-1', 'orders refund', { number: '#DINO-123456', amountCents: 200, reason: '' });
    expect(other.key).toBe(key.key);
    expect(other.request).not.toBe(key.request);
    expect(
      cliCommandKey('refund-2', 'orders refund', { number: '#DINO-123456', amountCents: 150, reason: '' }).key,
    ).not.toBe(key.key);
  });
});

describe('the timeline in words', () => {
  const lines = [
    {
      productId: 1,
      variantId: 104,
      name: 'T-Rex Tiny Arms Thong',
      size: 'XL',
      color: 'Red',
      quantity: 2,
      unitPriceCents: 2499,
    },
  ];
  const at = '2026-11-29T10:00:00.000Z';
  it('says what each event did, with its details', () => {
    expect(
      orderEventText(
        {
          type: 'OrderShipped',
          data: {
            schemaVersion: 1,
            orderId: 'o',
            carrier: 'Pterodactyl Express',
            trackingNumber: 'PTX-1',
            eta: null,
            at,
          },
        },
        lines,
      ),
    ).toEqual({
      what: 'Shipped',
      details: 'with Pterodactyl Express, tracking PTX-1, estimated delivery: No estimate yet',
    });
    expect(
      orderEventText(
        {
          type: 'OrderCancelled',
          data: {
            schemaVersion: 1,
            orderId: 'o',
            reason: '',
            by: 'shopper',
            lines: [{ variantId: 104, quantity: 2 }],
            at,
          },
        },
        lines,
      ),
    ).toEqual({
      what: 'Cancelled',
      details: 'by the shopper; 2 units back in stock',
    });
    expect(
      orderEventText(
        {
          type: 'ReturnReceived',
          data: { schemaVersion: 1, orderId: 'o', lines: [{ variantId: 104, quantity: 1 }], restock: true, at },
        },
        lines,
      ).details,
    ).toBe('T-Rex Tiny Arms Thong (XL, Red) × 1; back in stock');
    expect(
      orderEventText(
        { type: 'RefundIssued', data: { schemaVersion: 1, orderId: 'o', amountCents: 1234, reason: ' Late ', at } },
        lines,
      ),
    ).toEqual({ what: 'Refund issued', details: '$12.34 by the shop: Late' });
  });
});
