import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { orderShowText } from '../../../cli/order-text.ts';
import { orderConfirmationMessage } from '../../../consumers/mail/order-confirmation-message.ts';
import { centsToDecimal } from '../../../contracts/money-format.ts';
import { trackedOrderOf } from '../../../contracts/order-tracking.ts';
import { tooFewLeft } from '../../../domain/orders/order.decider.ts';
import type { OrderRow } from '../../../projections/orders/orders.queries.ts';
import { OrderTotals } from '../../../storefront/components/order-totals.tsx';

/**
 * One order, three presentations: the confirmation mail, `dino-shop orders show` and the storefront's
 * totals. Each is read back from its own output (text, terminal text, HTML without its tags) and
 * must say the same words: the same rows, labels and amounts, in the same order.
 */

const lines = [
  {
    productId: 1,
    variantId: 11,
    name: 'T-Rex Tiny Arms Thong',
    size: 'M',
    color: 'Green',
    quantity: 2,
    unitPriceCents: 2499,
  },
  {
    productId: 2,
    variantId: 21,
    name: 'Stego Plate-Mate Briefs',
    size: 'L',
    color: 'Purple',
    quantity: 1,
    unitPriceCents: 2199,
  },
];
const personal = {
  email: 'rex@example.com',
  firstName: 'Rex',
  lastName: 'Saurus',
  address: '42 Fossil Lane',
  city: 'Bedrock',
  state: 'CA',
  zip: '90210',
  country: 'US',
};

const orders = {
  'waived shipping and a discount': {
    money: { subtotalCents: 7197, shippingCents: 0, discountCents: 720, totalCents: 6477 },
    rows: [
      ['Subtotal', '$71.97'],
      ['Shipping', 'Free'],
      ['Discount', '−$7.20'],
      ['Total', '$64.77'],
    ],
  },
  'paid shipping and no discount': {
    money: { subtotalCents: 4698, shippingCents: 599, discountCents: 0, totalCents: 5297 },
    rows: [
      ['Subtotal', '$46.98'],
      ['Shipping', '$5.99'],
      ['Total', '$52.97'],
    ],
  },
};

const LABEL = '(Subtotal|Shipping|Discount|Total)';

/** The mail's text: "Label: value" lines. */
const mailRows = (text: string) => [...text.matchAll(new RegExp(`^${LABEL}: (.+)$`, 'gm'))].map((m) => [m[1], m[2]]);
/** `orders show`: one line of "Label value" pairs, two spaces apart. */
const cliRows = (text: string) => {
  const line = text.split('\n').find((l) => l.startsWith('Subtotal '))!;
  return line.split('  ').map((pair) => [pair.slice(0, pair.indexOf(' ')), pair.slice(pair.indexOf(' ') + 1)]);
};
/** The component's HTML, tags stripped: label, value, label, value… */
const pageRows = (html: string) => {
  const words = html.split(/<[^>]+>/).filter((w) => w.trim() !== '');
  return words.flatMap((word, i) => (new RegExp(`^${LABEL}$`).test(word) ? [[word, words[i + 1]]] : []));
};

describe.each(Object.entries(orders))(
  'an order with %s reads the same in the mail, the CLI and the storefront',
  (_name, { money, rows }) => {
    const mail = orderConfirmationMessage({
      order: { number: '#DINO-123456', lines, ...money, shippingMethod: 'Standard Shipping (3-5 business days)' },
      personal,
      publicUrl: 'https://dinobooty.test',
      messageId: '<order-confirmation.1@dinobooty.test>',
    });
    const row: OrderRow = {
      orderId: '5b0c0e5e-1111-4222-8333-444455556666',
      number: '#DINO-123456',
      customerId: 'customer-1',
      placedAt: new Date('2026-11-28T08:02:11.201Z'),
      lines,
      ...money,
      promoCode: money.shippingCents === 0 ? 'DINOBOOTY' : null,
      shippingMethod: 'Standard Shipping (3-5 business days)',
      personal: 'sealed',
      status: 'Processing',
      shipment: null,
      refundedCents: 0,
      history: [{ type: 'OrderPlaced', at: '2026-11-28T08:02:11.201Z' }],
    };
    const cli = orderShowText(row, []);
    const page = renderToStaticMarkup(
      <OrderTotals
        totals={{
          subtotal: money.subtotalCents,
          shipping: money.shippingCents,
          discount: money.discountCents,
          total: money.totalCents,
        }}
      />,
    );

    it('has the same totals rows: Subtotal, Shipping (Free when waived), Discount with − only when there is one, Total', () => {
      expect(mailRows(mail.text)).toEqual(rows);
      expect(cliRows(cli)).toEqual(rows);
      expect(pageRows(page)).toEqual(rows);
      // The HTML part of the mail carries the same rows.
      for (const [label, value] of rows)
        expect(mail.html).toContain(`${label}</td><td style="padding: 4px 8px; text-align: right;">${value}</td>`);
      // No second spelling: no hyphen-minus discount, no "$0.00" shipping, no "x" quantity.
      for (const text of [mail.text, mail.html, cli, page]) {
        expect(text).not.toMatch(/-\$\d/);
        expect(text).not.toMatch(/Shipping:? \$0\.00/);
        expect(text).not.toMatch(/\d x /);
      }
    });

    it('names each line the same way, with the same line total, where the line is shown, and in the refusals', () => {
      const tracked = trackedOrderOf({
        number: '#DINO-123456',
        placedAt: '2026-11-28T08:02:11.201Z',
        status: 'Processing',
        lines: lines.map(({ unitPriceCents, ...line }) => ({ ...line, unitPrice: centsToDecimal(unitPriceCents) })),
        subtotal: centsToDecimal(money.subtotalCents),
        shippingCost: centsToDecimal(money.shippingCents),
        discount: centsToDecimal(money.discountCents),
        total: centsToDecimal(money.totalCents),
        shipping: { method: 'Standard Shipping (3-5 business days)', carrier: null, trackingNumber: null, eta: null },
        refunded: '0.00',
        history: [{ type: 'OrderPlaced', at: '2026-11-28T08:02:11.201Z' }],
      });
      const labels = ['T-Rex Tiny Arms Thong (M, Green)', 'Stego Plate-Mate Briefs (L, Purple)'];
      expect(tracked.items.map((item) => item.name)).toEqual(labels);
      expect(mail.text).toContain('T-Rex Tiny Arms Thong (M, Green) × 2 ($24.99 each): $49.98');
      expect(mail.text).toContain('Stego Plate-Mate Briefs (L, Purple) × 1 ($21.99 each): $21.99');
      expect(mail.html).toContain('T-Rex Tiny Arms Thong (M, Green)<br><small>× 2 ($24.99 each)</small>');
      expect(cli).toMatch(/^2 +\$24\.99 +\$49\.98 +11 +T-Rex Tiny Arms Thong \(M, Green\)$/m);
      expect(cli).toMatch(/^1 +\$21\.99 +\$21\.99 +21 +Stego Plate-Mate Briefs \(L, Purple\)$/m);
      expect(tooFewLeft(lines[0]!, 0)).toBe(`Sorry, ${labels[0]} is sold out: 0 left`);
      expect(tooFewLeft(lines[1]!, 1)).toBe(`Sorry, only 1 of ${labels[1]} is left`);
    });
  },
);
