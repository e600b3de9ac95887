import { describe, expect, it } from 'vitest';
import { restockedVariants } from '../../../consumers/back-in-stock.consumer.ts';
import {
  orderCancelledMessage,
  orderShippedMessage,
  refundIssuedMessage,
} from '../../../consumers/mail/order-update-messages.ts';
import type { RecordedEvent } from '../../../eventstore/streams.ts';

const publicUrl = 'https://dinobooty.test';
const personal = { email: 'rex@example.com', firstName: 'Rex' };
const order = {
  number: '#DINO-123456',
  lines: [
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
      name: 'Stego <Plate> Briefs',
      size: 'L',
      color: 'Purple',
      quantity: 1,
      unitPriceCents: 2199,
    },
  ],
};
const track = 'https://dinobooty.test/track-order?number=%23DINO-123456';
/** When the move happened, and how Track Order's history writes it. */
const at = '2026-12-02T15:30:00.000Z';
const when = 'Dec 2, 2026, 3:30 PM UTC';

describe('the shipped mail', () => {
  const shipment = { carrier: 'Pterodactyl <Express>', trackingNumber: 'PTX-7741', eta: '2026-12-03' };
  const message = orderShippedMessage({
    order,
    personal,
    shipment,
    publicUrl,
    move: { type: 'OrderShipped', at },
    messageId: '<order-shipped.7@dinobooty.test>',
  });

  it('names the carrier, tracking number and estimated delivery, what is in the box, and links Track Order with the number (named in the text too)', () => {
    expect(message).toMatchObject({
      to: 'rex@example.com',
      subject: 'Your DinoBooty order #DINO-123456 has shipped',
      messageId: '<order-shipped.7@dinobooty.test>',
    });
    expect(message.text).toContain('Good news, Rex: your order #DINO-123456 is on its way!');
    expect(message.text).toMatch(new RegExp(`^Shipped: ${when}$`, 'm'));
    expect(message.text).toMatch(/^Carrier: Pterodactyl <Express>$/m);
    expect(message.text).toMatch(/^Tracking number: PTX-7741$/m);
    expect(message.text).toMatch(/^Estimated delivery: December 3, 2026$/m);
    expect(message.text).toContain('  T-Rex Tiny Arms Thong (M, Green) × 2\n  Stego <Plate> Briefs (L, Purple) × 1');
    expect(message.text).toContain(
      `Track your order with its number, #DINO-123456, and the email you ordered with: ${track}`,
    );
    expect(message.html).toContain(
      `<strong>Shipped:</strong> ${when}<br><strong>Carrier:</strong> Pterodactyl &#60;Express&#62;<br><strong>Tracking number:</strong> PTX-7741<br><strong>Estimated delivery:</strong> December 3, 2026`,
    );
    expect(message.html).toContain('<li>Stego &#60;Plate&#62; Briefs (L, Purple) × 1</li>');
    expect(message.html).not.toMatch(/<Plate>|<Express>/);
    expect(message.html).toContain(`href="${track}"`);
    expect(message.html).toContain('>Track Order</a>');
  });

  it('says "No estimate yet", as Track Order does, when the carrier gave no date', () => {
    const none = orderShippedMessage({
      order,
      personal,
      shipment: { ...shipment, eta: null },
      publicUrl,
      move: { type: 'OrderShipped', at },
      messageId: '<x@y>',
    });
    expect(none.text).toMatch(/^Estimated delivery: No estimate yet$/m);
    expect(none.html).toContain('<strong>Estimated delivery:</strong> No estimate yet');
  });
});

describe('the cancellation mail', () => {
  const byShop = orderCancelledMessage({
    order,
    personal,
    move: { type: 'OrderCancelled', at, by: 'shop', reason: 'Out of <stock> at the nest' },
    publicUrl,
    messageId: '<order-cancelled.8@dinobooty.test>',
  });
  const byShopper = orderCancelledMessage({
    order,
    personal,
    move: { type: 'OrderCancelled', at, by: 'shopper', reason: 'Cancelled by the shopper on Track Order' },
    publicUrl,
    messageId: '<x@y>',
  });

  it('says which order was cancelled, the shop’s reason, and each line cancelled, with no promise about money', () => {
    expect(byShop).toMatchObject({ to: 'rex@example.com', subject: 'Your DinoBooty order #DINO-123456 was cancelled' });
    expect(byShop.text).toContain(
      `Your order #DINO-123456 was cancelled.\nCancelled, ${when} — by the shop: Out of <stock> at the nest\n`,
    );
    expect(byShop.html).toContain(`<p>Cancelled, ${when} — by the shop: Out of &#60;stock&#62; at the nest</p>`);
    expect(byShop.text).toContain(
      'Cancelled:\n  T-Rex Tiny Arms Thong (M, Green) × 2 ($24.99 each): $49.98\n  Stego <Plate> Briefs (L, Purple) × 1 ($21.99 each): $21.99',
    );
    expect(byShop.text).toMatch(/^Nothing from it will be shipped\.$/m);
    expect(byShop.html).toContain('>Track Order</a>');
    expect(byShop.html).toContain('<li>T-Rex Tiny Arms Thong (M, Green) × 2 ($24.99 each): $49.98</li>');
    expect(byShop.html).toContain(`href="${track}"`);
    for (const m of [byShop, byShopper]) expect(`${m.text}${m.html}`).not.toMatch(/refund|charged/i);
  });

  it('a shopper’s own cancellation is acknowledged without repeating a reason', () => {
    expect(byShopper.text).toContain(
      `Your order #DINO-123456 was cancelled, as you asked.\nCancelled, ${when} — by you\n`,
    );
    expect(byShopper.text).not.toMatch(/on Track Order/);
    expect(
      orderCancelledMessage({
        order,
        personal,
        move: { type: 'OrderCancelled', at, by: 'shop', reason: '  ' },
        publicUrl,
        messageId: '<x@y>',
      }).text,
    ).toContain(`Cancelled, ${when} — by the shop\n`);
  });
});

describe('the refund mail', () => {
  const message = refundIssuedMessage({
    order,
    personal,
    move: { type: 'RefundIssued', at, amount: '21.99', reason: 'Returned <briefs>' },
    publicUrl,
    messageId: '<order-refunded.9@dinobooty.test>',
  });

  it('gives the amount as dollars, the reason, and the policy’s 3-5 business days', () => {
    expect(message).toMatchObject({
      to: 'rex@example.com',
      subject: 'Your refund of $21.99 for DinoBooty order #DINO-123456',
    });
    expect(message.text).toContain(
      `We've refunded $21.99 for your order #DINO-123456.\nRefund issued, ${when} — $21.99 by the shop: Returned <briefs>\n`,
    );
    expect(message.html).toContain(`<p>Refund issued, ${when} — $21.99 by the shop: Returned &#60;briefs&#62;</p>`);
    expect(message.text).toMatch(/^Refunds reach you in 3-5 business days\.$/m);
    expect(message.html).toContain("<p>We've refunded <strong>$21.99</strong> for your order #DINO-123456.</p>");
    expect(message.html).toContain('>Track Order</a>');
    expect(message.html).toContain('Refunds reach you in 3-5 business days.');
    expect(message.html).toContain(`href="${track}"`);
    expect(
      refundIssuedMessage({
        order,
        personal,
        move: { type: 'RefundIssued', at, amount: '1234.56' },
        publicUrl,
        messageId: '<x@y>',
      }).text,
    ).toContain(
      `We've refunded $1,234.56 for your order #DINO-123456.\nRefund issued, ${when} — $1,234.56 by the shop\n\n`,
    );
  });
});

describe('what puts a variant back on sale (the back-in-stock consumer acts on it)', () => {
  const event = (type: string, data: object): RecordedEvent => ({
    position: 5,
    streamId: 's',
    version: 2,
    type,
    data: { schemaVersion: 1, ...data },
    metadata: {},
    createdAt: new Date(),
  });
  const at = '2026-11-29T10:00:00.000Z';
  const lines = [
    { variantId: 11, quantity: 2 },
    { variantId: 21, quantity: 1 },
  ];

  it('a receipt, a cancellation’s lines, a restocked return’s lines; a return not restocked, nothing', () => {
    expect(restockedVariants(event('StockReceived', { variantId: 31, quantity: 4, at }))).toEqual([31]);
    expect(restockedVariants(event('OrderCancelled', { orderId: 'o', reason: '', by: 'shop', lines, at }))).toEqual([
      11, 21,
    ]);
    expect(restockedVariants(event('ReturnReceived', { orderId: 'o', lines, restock: true, at }))).toEqual([11, 21]);
    expect(restockedVariants(event('ReturnReceived', { orderId: 'o', lines, restock: false, at }))).toEqual([]);
  });
});
