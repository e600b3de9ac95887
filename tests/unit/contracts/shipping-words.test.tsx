import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { welcomeMessage } from '../../../consumers/mail/welcome-message.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS, shippingCents } from '../../../contracts/cart-rules.ts';
import { PROMO_MESSAGES } from '../../../contracts/shop-messages.ts';
import { SHIPPING_WORDS, shippingWords } from '../../../contracts/shipping-words.ts';
import { PromoBanner } from '../../../storefront/components/layout/promo-banner.tsx';
import shippingReturnsConfig from '../../../storefront/pages/shipping-returns/+config.ts';

/** The text a reader sees in rendered HTML: tags and React's text separators dropped. */
const textOf = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

describe('the free-shipping promise, built from the rule', () => {
  it('given the shop’s threshold and code, when the banner is rendered, then it reads word for word as the spec’s banner', () => {
    expect(SHIPPING_WORDS.banner.text).toBe('Free shipping on orders over $50 · Use code DINOBOOTY at checkout');
    expect(textOf(renderToStaticMarkup(<PromoBanner />))).toBe(SHIPPING_WORDS.banner.text);
  });

  it('given the policy text, when the shipping page describes itself, then it reads as it always has', () => {
    expect(shippingReturnsConfig.description).toBe(
      'Standard shipping in 3-5 business days, free over $50; expedited 1-2 days for $12.99; international 7-14 days. ' +
        '30-day returns of unworn items with tags.',
    );
    expect(PROMO_MESSAGES.invalid).toBe('Invalid coupon code. Try DINOBOOTY for free shipping!');
  });

  it('given another threshold and code, when the words are built, then every one of them follows', () => {
    const words = shippingWords(7550, 'RAWR');
    expect(words.banner.text).toBe('Free shipping on orders over $75.50 · Use code RAWR at checkout');
    expect(words.freeOver).toBe('Free shipping over $75.50');
    expect(words.checkoutHint).toBe('Free shipping on orders of $75.50 or more.');
    expect(shippingWords(10000, 'RAWR').eitherWay).toBe('Free shipping over $100, or anytime with code RAWR.');
    expect(
      Object.values(words)
        .flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value)))
        .join(' '),
    ).not.toMatch(/\$50|DINOBOOTY/);
  });

  it('given the rule (either the subtotal or the code), when the welcome mail states it, then it says either, in the cart or at checkout', () => {
    // The rule the words state: the threshold alone frees shipping, and the code alone on any order.
    expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS)).toBe(0);
    expect(shippingCents(1, { promoApplied: true })).toBe(0);
    expect(shippingCents(FREE_SHIPPING_THRESHOLD_CENTS - 1)).toBeGreaterThan(0);
    const mail = welcomeMessage({
      to: 'rex@example.com',
      publicUrl: 'https://dinobooty.test',
      messageId: '<w@dinobooty.test>',
    });
    const promise =
      'Free shipping on orders of $50 or more, or on any order with the code DINOBOOTY, entered in your cart or at checkout.';
    expect(SHIPPING_WORDS.welcome).toBe(promise);
    expect(mail.text).toContain(`\n${promise}\n`);
    expect(mail.html).toContain(
      '<p>Free shipping on orders of $50 or more, or on any order with the code <strong>DINOBOOTY</strong>, entered in your cart or at checkout.',
    );
    expect(`${mail.text}${mail.html}`).not.toMatch(/over \$50 with the code/);
  });
});
