import { describe, expect, it } from 'vitest';
import { orderConfirmationMessage, trackOrderLink } from '../../../consumers/mail/order-confirmation-message.ts';

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
  subtotalCents: 7197,
  shippingCents: 0,
  discountCents: 720,
  totalCents: 6477,
  shippingMethod: 'Standard Shipping (3-5 business days)',
};

describe('order confirmation message', () => {
  const message = orderConfirmationMessage({
    order,
    personal,
    publicUrl: 'https://dinobooty.test',
    messageId: '<order-confirmation.7@dinobooty.test>',
  });

  it('lists each line (name, size, colour, quantity, unit price, line total) and the totals as dollars, in text and HTML', () => {
    expect(message.to).toBe('rex@example.com');
    expect(message.subject).toBe('Your DinoBooty order #DINO-123456');
    expect(message.text).toContain('T-Rex Tiny Arms Thong (M, Green) × 2 ($24.99 each): $49.98');
    expect(message.text).toContain('Stego <Plate> Briefs (L, Purple) × 1 ($21.99 each): $21.99');
    expect(message.text).toMatch(/^Subtotal: \$71\.97$/m);
    expect(message.text).toMatch(/^Shipping: Free$/m);
    expect(message.text).toMatch(/^Discount: −\$7\.20$/m);
    expect(message.text).toMatch(/^Total: \$64\.77$/m);
    expect(message.text).toContain('Shipping method: Standard Shipping (3-5 business days)');
    expect(message.text).toContain('42 Fossil Lane\n  Bedrock, CA 90210\n  US');
    expect(message.html).toContain('Stego &#60;Plate&#62; Briefs (L, Purple)<br><small>× 1 ($21.99 each)</small>');
    expect(message.html).not.toContain('<Plate>');
    for (const amount of ['$24.99', '$49.98', '$71.97', '−$7.20', '$64.77']) expect(message.html).toContain(amount);
    expect(message.html).toContain('href="https://dinobooty.test/track-order?number=%23DINO-123456"');
  });

  it('links Track Order with the number only (the address stays out of URLs), and omits a discount of nothing', () => {
    expect(trackOrderLink('https://dinobooty.test', '#DINO-123456')).toBe(
      'https://dinobooty.test/track-order?number=%23DINO-123456',
    );
    expect(message.text).not.toContain('rex@example.com');
    const plain = orderConfirmationMessage({
      order: { ...order, discountCents: 0, shippingCents: 599 },
      personal,
      publicUrl: 'https://dinobooty.test',
      messageId: '<x@y>',
    });
    expect(plain.text).not.toMatch(/Discount/);
    expect(plain.text).toMatch(/^Shipping: \$5\.99$/m);
  });
});
