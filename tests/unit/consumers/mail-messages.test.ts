import { describe, expect, it } from 'vitest';
import { backInStockMessage } from '../../../consumers/mail/back-in-stock-message.ts';
import { orderConfirmationMessage } from '../../../consumers/mail/order-confirmation-message.ts';
import {
  orderCancelledMessage,
  orderShippedMessage,
  refundIssuedMessage,
} from '../../../consumers/mail/order-update-messages.ts';
import { welcomeMessage } from '../../../consumers/mail/welcome-message.ts';

const publicUrl = 'https://dinobooty.test';
const variant = { slug: 'stego-plate-mate-briefs', name: 'Stego <Plate> Briefs', size: 'XL', color: 'Amber & Resin' };
const moved = {
  order: { number: '#DINO-123456', lines: [] },
  personal: { email: 'rex@example.com', firstName: 'Rex' },
  publicUrl,
  at: '2026-12-02T15:30:00.000Z',
};
const messages = {
  welcome: welcomeMessage({ to: 'rex@example.com', publicUrl, messageId: '<welcome.1@dinobooty.test>' }),
  'back in stock': backInStockMessage({
    to: 'rex@example.com',
    variant,
    publicUrl,
    messageId: '<back-in-stock.1@dinobooty.test>',
  }),
  'order confirmation': orderConfirmationMessage({
    order: {
      number: '#DINO-123456',
      lines: [],
      subtotalCents: 0,
      shippingCents: 0,
      discountCents: 0,
      totalCents: 0,
      shippingMethod: 'Standard Shipping (3-5 business days)',
    },
    personal: {
      email: 'rex@example.com',
      firstName: 'Rex',
      lastName: 'Saurus',
      address: '42 Fossil Lane',
      city: 'Bedrock',
      state: 'CA',
      zip: '90210',
      country: 'US',
    },
    publicUrl,
    messageId: '<order-confirmation.1@dinobooty.test>',
  }),
  'order shipped': orderShippedMessage({
    ...moved,
    move: { type: 'OrderShipped', at: moved.at },
    shipment: { carrier: 'Pterodactyl Express', trackingNumber: 'PTX-1', eta: null },
    messageId: '<order-shipped.1@dinobooty.test>',
  }),
  'order cancelled': orderCancelledMessage({
    ...moved,
    move: { type: 'OrderCancelled', at: moved.at, by: 'shop', reason: 'Out of stock' },
    messageId: '<order-cancelled.1@dinobooty.test>',
  }),
  'refund issued': refundIssuedMessage({
    ...moved,
    move: { type: 'RefundIssued', at: moved.at, amount: '5.00', reason: 'Late' },
    messageId: '<order-refunded.1@dinobooty.test>',
  }),
};

describe.each(Object.entries(messages))('the %s mail', (_name, message) => {
  it('is one HTML page with the shop’s heading, one button and the sign-off, in text too', () => {
    expect(message.html).toMatch(
      /^<!doctype html>\n<html lang="en"><body style="[^"]+">\n<h1 style="color: #15803d;">/,
    );
    expect(message.html.endsWith('</body></html>\n')).toBe(true);
    expect(message.html.match(/<a href="https:\/\/dinobooty\.test\/[^"]*" style="background: #15803d;/g)).toHaveLength(
      1,
    );
    expect(message.html).toContain('<p>Stay fierce,<br>The DinoBooty team</p>');
    expect(message.text).toContain('Stay fierce,\nThe DinoBooty team');
  });
});

describe('the back-in-stock mail', () => {
  it('names the size and colour, escaped in HTML, and links the product page with them chosen', () => {
    const message = messages['back in stock'];
    expect(message.subject).toBe('Back in stock: Stego <Plate> Briefs (XL, Amber & Resin)');
    expect(message.text).toContain('Good news: Stego <Plate> Briefs (XL, Amber & Resin) is back in stock.');
    expect(message.html).toContain('<strong>Stego &#60;Plate&#62; Briefs (XL, Amber &#38; Resin)</strong>');
    expect(message.html).not.toContain('<Plate>');
    expect(message.html).toContain(
      'href="https://dinobooty.test/product/stego-plate-mate-briefs?size=XL&#38;color=Amber+%26+Resin"',
    );
  });
});
