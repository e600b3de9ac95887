import { describe, expect, it } from 'vitest';
import { receiveStock } from '../../../app/stock/stock.service.ts';
import { forgetSubscriber } from '../../../app/subscriptions/subscription.service.ts';
import { backInStock } from '../../../consumers/back-in-stock.consumer.ts';
import { listDeadLetters } from '../../../eventstore/dead-letters.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, countEvents, shopperWith, variantWithStock } from '../../support/orders.ts';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { consumersStarted, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, withInbox } from '../../support/smtp-inbox.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';

describe.each(BACKENDS)('back-in-stock alerts on %s', (backend) => {
  let app: TestApp;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestApp(backend),
    (opened, started) => ([app, inbox] = [opened, started]),
  );

  it('one alert per address and variant; refused for a variant in stock or unknown; stored sealed', async () => {
    const alerts = app.shop.stockAlerts;
    const { product, variant } = variantWithStock(0);
    const before = await countEvents(app, 'StockAlertRequested');
    await alerts.request({ email: 'Ptera@Example.com', productId: product.id, variantId: variant.id });
    await alerts.request({ email: 'ptera@example.com ', productId: product.id, variantId: variant.id });
    expect(await countEvents(app, 'StockAlertRequested')).toBe(before + 1);
    const { rows } = await app.db.query<{ data: unknown }>(
      `select data from events where type = 'StockAlertRequested'`,
    );
    expect(JSON.stringify(rows)).not.toMatch(/ptera/i);
    const stocked = variantWithStock(20);
    await expect(
      alerts.request({ email: 'ptera@example.com', productId: stocked.product.id, variantId: stocked.variant.id }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    await expect(
      alerts.request({ email: 'ptera@example.com', productId: product.id + 1, variantId: variant.id }),
    ).rejects.toMatchObject({ kind: 'not-found' });
    expect(await countEvents(app, 'StockAlertRequested')).toBe(before + 1);
  });

  it('stock received mails each waiting address once (product, size, colour, link), fulfils the alert, and a forgotten address gets none', async () => {
    const alerts = app.shop.stockAlerts;
    const { product, variant } = variantWithStock(0);
    const running = startMailConsumers(app.db, [backInStock], inbox);
    try {
      await consumersStarted(app.db, [backInStock.name]);
      inbox.messages.length = 0;
      await alerts.request({ email: 'rex@example.com', productId: product.id, variantId: variant.id });
      await alerts.request({ email: 'trike@example.com', productId: product.id, variantId: variant.id });
      await forgetSubscriber(app.shop.store, 'trike@example.com');
      await receiveStock(app.shop.store, variant.id, 3);
      await until(() => running.stats()[0]!.handled === 1, 10_000);
      expect(await countEvents(app, 'StockAlertFulfilled')).toBe(3);
      // ptera (the first test's) and rex get one each; trike, forgotten, none.
      const recipients = inbox.messages.flatMap((m) => m.to).sort();
      expect(recipients).toEqual(['ptera@example.com', 'rex@example.com']);
      const rex = inbox.messages.find((m) => m.to[0] === 'rex@example.com')!;
      expect(rex.messageId).toMatch(/^<back-in-stock\.\d+\.[0-9a-f]{16}@dinobooty\.test>$/);
      expect(rex.raw).toContain(variant.size);
      expect(rex.raw).toMatch(/Content-Type: text\/html/);

      // Fulfilled: the next receipt mails no one; a new request waits anew.
      await receiveStock(app.shop.store, variant.id, 1);
      await until(() => running.stats()[0]!.handled === 2, 10_000);
      expect(inbox.messages).toHaveLength(2);
      expect(await listDeadLetters(app.db, 'back-in-stock')).toEqual([]);
    } finally {
      await running.stop();
    }
  });

  it('a size sold out again before its mail goes still tells the shopper: the receipt is what they waited for', async () => {
    const alerts = app.shop.stockAlerts;
    // Another seeded size at 0 than the tests above use.
    const [, second] = seed.products.flatMap((product) =>
      product.variants.filter((v) => v.stock === 0).map((variant) => ({ product, variant })),
    );
    const { product, variant } = second!;
    await alerts.request({ email: 'dilo@example.com', productId: product.id, variantId: variant.id });
    await receiveStock(app.shop.store, variant.id, 1);
    await app.catalogue.refresh();
    const buyer = await shopperWith(app, product.id, variant.id, 1);
    const order = await buyer.request({
      method: 'POST',
      url: '/api/orders',
      payload: checkout({ email: 'buyer@example.com' }),
    });
    expect(order.statusCode, order.body).toBe(201);

    // The consumer runs only now, from where the tests above left it: the receipt, then the sale.
    inbox.messages.length = 0;
    const running = startMailConsumers(app.db, [backInStock], inbox);
    try {
      await until(() => inbox.messages.some((m) => m.to.includes('dilo@example.com')), 10_000);
      expect(inbox.messages.flatMap((m) => m.to)).toEqual(['dilo@example.com']);
    } finally {
      await running.stop();
    }
  });
});
