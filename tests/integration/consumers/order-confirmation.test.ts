import { describe, expect, it } from 'vitest';
import { forgetSubscriber } from '../../../app/subscriptions/subscription.service.ts';
import { orderConfirmation } from '../../../consumers/order-confirmation.consumer.ts';
import { formatCents } from '../../../contracts/money-format.ts';
import { listDeadLetters } from '../../../eventstore/dead-letters.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, shopperWith, variantWithStock } from '../../support/orders.ts';
import { TEST_PUBLIC_URL, consumersStarted, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, textPartOf, withInbox } from '../../support/smtp-inbox.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';

describe.each(BACKENDS)('order confirmation mail on %s', (backend) => {
  let app: TestApp;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestApp(backend),
    (opened, started) => ([app, inbox] = [opened, started]),
  );

  it('mails a placed order one confirmation over SMTP (lines, totals, method, address, Track Order link; Message-ID from the event); a customer forgotten before it goes gets none', async () => {
    const { product, variant } = variantWithStock(20);
    let running = startMailConsumers(app.db, [orderConfirmation], inbox);
    try {
      // Started first: the consumer begins at "now" (its first checkpoint) and passes over orders placed before it.
      await consumersStarted(app.db, [orderConfirmation.name]);
      const me = await shopperWith(app, product.id, variant.id, 2);
      const placed = await me.request({ method: 'POST', url: '/api/orders', payload: checkout() });
      expect(placed.statusCode).toBe(201);
      const order = placed.json();
      await until(() => inbox.messages.length === 1);
      const [mail] = inbox.messages;
      expect(mail!.to).toEqual(['rex@example.com']);
      expect(mail!.raw).toMatch(/^From: DinoBooty <hello@dinobooty\.test>$/m);
      expect(mail!.messageId).toMatch(/^<order-confirmation\.\d+@dinobooty\.test>$/);
      expect(mail!.raw).toMatch(/Content-Type: text\/html/);
      const text = textPartOf(mail!.raw);
      expect(text).toContain(`Order ${order.number}`);
      const unit = product.priceCents;
      expect(text).toContain(
        `${product.name} (${variant.size}, ${variant.color}) × 2 (${formatCents(unit)} each): ${formatCents(unit * 2)}`,
      );
      expect(text).toContain(`Subtotal: ${formatCents(unit * 2)}`);
      expect(text).toContain(`Total: $${order.total}`);
      expect(text).toContain('Shipping method: Standard Shipping (3-5 business days)');
      expect(text).toContain('Rex Saurus\n  42 Fossil Lane\n  Bedrock, CA 90210\n  US');
      expect(text).toContain(`${TEST_PUBLIC_URL}/track-order?number=${encodeURIComponent(order.number)}`);

      // Forgotten while its mail waits for a refusing server: no one to write to, and nothing dead.
      inbox.refusing = true;
      const trike = await shopperWith(app, product.id, variant.id, 1);
      expect(
        (await trike.request({ method: 'POST', url: '/api/orders', payload: checkout({ email: 'trike@example.com' }) }))
          .statusCode,
      ).toBe(201);
      await until(() => running.stats()[0]!.failed > 0);
      // Stopped while it is forgotten: a retry that read the key just before the forget would
      // otherwise send once the server takes mail again. The next run takes the event up again.
      await running.stop();
      await forgetSubscriber(app.shop.store, 'trike@example.com');
      inbox.refusing = false;
      running = startMailConsumers(app.db, [orderConfirmation], inbox);
      await until(() => running.stats()[0]!.handled === 1, 10_000);
      expect(inbox.messages).toHaveLength(1);
      expect(await listDeadLetters(app.db, 'order-confirmation')).toEqual([]);
    } finally {
      await running.stop();
    }
  });
});
