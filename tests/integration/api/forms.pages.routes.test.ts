import { subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/databases.ts';
import { ORIGIN, browser, eventsOf } from '../../support/plain-forms.ts';
import { countEvents, variantWithStock } from '../../support/orders.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * The page forms without JavaScript: signup, contact and order tracking answer with their outcome, and
 * what was typed comes back in a flash that fits a cookie.
 */
describe.each(BACKENDS)('plain HTML forms on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  it('what was typed comes back in a flash the browser keeps: long values are cut to fit a cookie, a body over the limit is a notice', async () => {
    const plain = browser(app);
    const message = '🦖'.repeat(1_000);
    const answer = await plain.post('/contact', { name: 'Rex', email: '', subject: 'Hi', message });
    const cookieLine = [answer.headers['set-cookie']].flat().find((line) => line?.startsWith('dino.flash='))!;
    expect(cookieLine.length).toBeLessThan(4_096);
    const { form: kept } = plain.flash();
    expect(kept.errors).toEqual({ email: 'Please enter your email address' });
    expect(kept.values).toMatchObject({ name: 'Rex', subject: 'Hi' });
    expect(message.startsWith(kept.values.message)).toBe(true);
    expect(kept.values.message.length).toBeGreaterThan(100);

    const tooLong = await plain.post(
      '/contact',
      { name: 'Rex', email: 'rex@jurassic.com', subject: 'Hi', message: 'x'.repeat(17_000) },
      { origin: ORIGIN, referer: `${ORIGIN}/contact` },
    );
    expect(tooLong.statusCode).toBe(303);
    expect(tooLong.headers.location).toBe('/contact');
    expect(plain.flash().notice).toEqual({
      title: 'That was too long to send',
      description: expect.any(String),
      tone: 'error',
    });
  });

  it('signup records Subscribed like POST /api/subscribe; contact and tracking answer with their outcome', async () => {
    const plain = browser(app);
    const bad = await plain.post('/subscribe', { email: 'nope', returnTo: '/' });
    expect(bad.headers.location).toBe('/#signup');
    expect(plain.flash().form).toEqual({
      name: 'signup',
      values: { email: 'nope' },
      errors: { email: 'Please enter a valid email address' },
    });
    await plain.post('/subscribe', { email: 'Form@Jurassic.com', returnTo: '/about' });
    expect(plain.flash().notice).toEqual({
      title: 'Subscription successful!',
      description: "You've been added to our dinosaur mailing list.",
      tone: 'success',
    });
    const subscriberId = await subscriberIdFor(app.db, 'form@jurassic.com');
    expect(await eventsOf(app, `subscriber-${subscriberId}`)).toEqual([
      { type: 'Subscribed', subscriberId, emailCipher: expect.stringMatching(/^a1\./), schemaVersion: 2 },
    ]);

    await plain.post('/contact', { name: 'Rex', email: '', subject: 'Hi', message: 'Hello' });
    expect(plain.flash().form).toEqual({
      name: 'contact',
      values: { name: 'Rex', email: '', subject: 'Hi', message: 'Hello' },
      errors: { email: 'Please enter your email address' },
    });
    await plain.post('/contact', { name: 'Rex', email: 'rex at jurassic', subject: 'Hi', message: 'Hello' });
    expect(plain.flash().form.errors).toEqual({ email: 'Please enter a valid email address' });
    await plain.post('/contact', { name: 'Rex', email: 'rex@jurassic.com', subject: 'Hi', message: 'Hello' });
    expect(plain.flash().form.result).toBe('sent');

    await plain.post('/track-order', { orderNumber: 'coc-123456', email: 'rex@jurassic.com' });
    expect(plain.flash().form.result).toBe('found');
    await plain.post('/track-order', { orderNumber: 'COC-1', email: 'rex@jurassic.com' });
    expect(plain.flash().form.result).toBe('not-found');
    // Checked on the server too, as the page without JavaScript cannot check it first.
    await plain.post('/track-order', { orderNumber: ' ', email: '  ' });
    expect(plain.flash().form).toEqual({
      name: 'track',
      values: { orderNumber: ' ', email: '  ' },
      errors: { orderNumber: 'Please enter your order number', email: 'Please enter your email address' },
    });
  });

  it('a back-in-stock request records StockAlertRequested as POST /api/stock-alerts does, once, and comes back to the size and colour it was about', async () => {
    const plain = browser(app);
    const { product, variant } = variantWithStock(0);
    const returnTo = `/product/${product.slug}?size=${variant.size}&color=${encodeURIComponent(variant.color)}#back-in-stock`;
    const ask = (email: string, fields: Record<string, string | number> = {}) =>
      plain.post('/stock-alert', { email, productId: product.id, variantId: variant.id, returnTo, ...fields });

    const bad = await ask('rex at jurassic');
    expect(bad.statusCode).toBe(303);
    const back = new URL(returnTo, ORIGIN);
    expect(bad.headers.location).toBe(`${back.pathname}${back.search}${back.hash}`);
    expect(plain.flash().form).toEqual({
      name: 'stock-alert',
      values: { email: 'rex at jurassic', variantId: String(variant.id) },
      errors: { email: 'Please enter a valid email address' },
    });
    expect(await countEvents(app, 'StockAlertRequested')).toBe(0);

    for (let i = 0; i < 2; i++) {
      await ask(' Rex@Jurassic.com ');
      expect(plain.flash().form).toEqual({
        name: 'stock-alert',
        values: { variantId: String(variant.id) },
        errors: {},
        result: 'requested',
      });
    }
    expect(await countEvents(app, 'StockAlertRequested')).toBe(1);

    // In stock again by the time the form was sent, or not a size of this product: said, nothing recorded.
    const stocked = variantWithStock(20);
    await ask('rex@jurassic.com', { productId: stocked.product.id, variantId: stocked.variant.id });
    expect(plain.flash().notice).toEqual({
      title: 'Error',
      description: 'This size and colour is in stock: add it to your cart',
      tone: 'error',
    });
    await ask('rex@jurassic.com', { variantId: '' });
    expect(plain.flash().notice).toEqual({
      title: 'Error',
      description: 'Please choose a size and colour',
      tone: 'error',
    });
    expect(await countEvents(app, 'StockAlertRequested')).toBe(1);
  });
});
