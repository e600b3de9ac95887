import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/databases.ts';
import { ORIGIN, browser, product, variant } from '../../support/plain-forms.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * The promo code and checkout forms: the code kept in the session (posted by the enhanced cart page too),
 * checkout validated with the schema and the order placed, an empty cart sent back to the cart.
 */
describe.each(BACKENDS)('plain HTML forms on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it('promo code posted by the enhanced cart page (fetch, JSON answer): applying a code again after another replaced it applies it again', async () => {
    const shopper = browser(app);
    await shopper.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    const apply = async (promoCode: string) =>
      (await shopper.post('/cart/promo', { promoCode }, { origin: ORIGIN, accept: 'application/json' })).json();
    const sessionPromo = () => {
      const signed = decodeURIComponent(shopper.jar.get('dino.sid') ?? '');
      return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64url').toString()).promoCode;
    };
    expect(await apply('dinobooty')).toEqual({ applied: true });
    expect(sessionPromo()).toBe('DINOBOOTY');
    expect(await apply('nope')).toEqual({ applied: false });
    expect(sessionPromo()).toBeUndefined();
    // The same fields and nonce as the first post: whether it runs again or replays the first answer,
    // that answer's session cookie carries the code.
    expect(await apply('dinobooty')).toEqual({ applied: true });
    expect(sessionPromo()).toBe('DINOBOOTY');
  });

  it('promo code: kept in the session; checkout validates with the schema, keeps values (not the card number) and places the order', async () => {
    const plain = browser(app);
    await plain.post('/cart/add', { productId: product.id, variantId: variant.id, quantity: 1 });
    await plain.post('/cart/promo', { promoCode: 'nope', returnTo: '/cart' });
    expect(plain.flash().form).toEqual({
      name: 'promo',
      values: { promoCode: 'nope' },
      errors: { promoCode: 'Invalid coupon code. Try DINOBOOTY for free shipping!' },
      result: 'invalid',
    });
    expect(plain.jar.get('dino.promo') ?? '').toBe('');
    await plain.post('/cart/promo', { promoCode: ' dinobooty ', returnTo: '/cart' });
    expect(plain.flash().form.result).toBe('applied');
    // The flag the cart drawer reads (the code itself stays in the session).
    expect(plain.jar.get('dino.promo')).toBe('1');

    const invalid = await plain.post('/checkout', {
      email: 'rex@',
      firstName: 'Rex',
      cardNumber: '4242',
      paymentMethod: 'credit-card',
    });
    expect(invalid.headers.location).toBe('/checkout');
    const { form: kept } = plain.flash();
    expect(kept.values).toMatchObject({ email: 'rex@', firstName: 'Rex' });
    expect(kept.values).not.toHaveProperty('cardNumber');
    expect(kept.errors).toMatchObject({
      email: 'Please enter a valid email address',
      lastName: 'Last name must be at least 2 characters',
      paymentMethod: 'Please complete all credit card details',
    });

    const valid = {
      email: 'rex@jurassic.com',
      firstName: 'Rex',
      lastName: 'Tyrant',
      address: '1 Volcano Way',
      city: 'Pangaea',
      state: 'CA',
      zipCode: '90210',
      country: 'US',
      paymentMethod: 'paypal',
    };
    const placed = await plain.post('/checkout', valid);
    expect(placed.headers.location).toBe('/checkout');
    const { order } = plain.flash();
    expect(order.number).toMatch(/^#DINO-\d{6}$/);
    // The promo code applied on the cart page frees the shipping at checkout too.
    expect(order.totalCents).toBe(Math.round(Number(product.priceCents)));
    const cart = (await plain.json('GET', '/api/cart')).json();
    expect(cart.items).toEqual([]);
    expect(plain.jar.get('dino.items')).toBe('0');
    expect(plain.jar.get('dino.promo')).toBe('');
  });

  it('checkout of an empty cart from a page that showed none goes back to the cart, without a notice', async () => {
    const plain = browser(app);
    const valid = {
      email: 'rex@jurassic.com',
      firstName: 'Rex',
      lastName: 'Tyrant',
      address: '1 Volcano Way',
      city: 'Pangaea',
      state: 'CA',
      zipCode: '90210',
      country: 'US',
      paymentMethod: 'paypal',
    };
    const empty = await plain.post('/checkout', valid);
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/cart');
    expect(plain.flash()).toBeNull();
  });
});
