import { describe, expect, it } from 'vitest';
import { forgetSubscriber } from '../../../app/subscriptions/subscription.service.ts';
import { backInStock } from '../../../consumers/back-in-stock.consumer.ts';
import { createMailer } from '../../../consumers/mail/mailer.ts';
import { orderCancelled, orderRefunded, orderShipped } from '../../../consumers/order-mails.consumer.ts';
import { consumers } from '../../../consumers/registry.ts';
import { formatCents } from '../../../contracts/money-format.ts';
import { orderStreamId } from '../../../domain/orders/order.events.ts';
import { listDeadLetters } from '../../../eventstore/dead-letters.ts';
import { readStream } from '../../../eventstore/streams.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, shopperWith, variantWithStock } from '../../support/orders.ts';
import {
  TEST_FROM,
  TEST_PUBLIC_URL,
  consumersStarted,
  startMailConsumers,
  testContext,
} from '../../support/recording-consumer.ts';
import { type ReceivedMail, type SmtpInbox, textPartOf, withInbox } from '../../support/smtp-inbox.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';

/** The Subject header, unfolded. */
const subjectOf = (mail: ReceivedMail) =>
  /^Subject: (.+)$/m.exec((mail.raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORDER_MAILS = [orderShipped, orderCancelled, orderRefunded];

describe.each(BACKENDS)('mails of an order that moves (shipped, cancelled, refunded) on %s', (backend) => {
  let app: TestApp;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestApp(backend),
    (opened, started) => ([app, inbox] = [opened, started]),
  );

  const place = async (email: string, stock = 20, quantity = 1) => {
    const { product, variant } = variantWithStock(stock);
    const me = await shopperWith(app, product.id, variant.id, quantity);
    const placed = await me.request({ method: 'POST', url: '/api/orders', payload: checkout({ email }) });
    expect(placed.statusCode, placed.body).toBe(201);
    return { number: placed.json().number as string, product, variant };
  };
  const handledBy = (running: ReturnType<typeof startMailConsumers>, name: string) =>
    running.stats().find((s) => s.name === name)!.handled;

  it('are declared with the others, each starting at "now"', () => {
    for (const consumer of [...ORDER_MAILS, backInStock]) expect(consumers).toContain(consumer);
    expect(ORDER_MAILS.map((c) => [c.name, c.eventTypes, c.startAt])).toEqual([
      ['order-shipped', ['OrderShipped'], 'now'],
      ['order-cancelled', ['OrderCancelled'], 'now'],
      ['order-refunded', ['RefundIssued'], 'now'],
    ]);
  });

  it('each move mails the customer once over SMTP, with its content; a redelivered event carries the same Message-ID', async () => {
    const running = startMailConsumers(app.db, ORDER_MAILS, inbox);
    try {
      // Started first: a consumer begins at "now" (its first checkpoint) and passes over moves recorded before it.
      await consumersStarted(
        app.db,
        ORDER_MAILS.map((c) => c.name),
      );
      inbox.messages.length = 0;
      const shipped = await place('Rex@Example.com');
      const byShop = await place('ankylo@example.com');
      const byShopper = await place('stego@example.com');
      const moved = await app.shop.orders.ship(shipped.number, {
        carrier: 'Pterodactyl Express',
        trackingNumber: 'PTX-7741',
        eta: '2026-12-03',
      });
      // The same shipment again (a retried call) records nothing, so mails nothing.
      await app.shop.orders.ship(shipped.number, {
        carrier: 'Pterodactyl Express',
        trackingNumber: 'PTX-7741',
        eta: '2026-12-03',
      });
      await app.shop.orders.cancel(byShop.number, 'The nest ran out of that size');
      await app.shop.orders.cancelAsShopper(byShopper.number, 'stego@example.com');
      await app.shop.orders.refund(shipped.number, 500, 'Late delivery');
      await until(
        () => ['order-shipped', 'order-cancelled', 'order-refunded'].every((name) => handledBy(running, name) > 0),
        10_000,
      );
      await until(() => handledBy(running, 'order-cancelled') === 2, 10_000);
      await sleep(300);

      // Every message received counted: one per move, no more.
      expect(inbox.messages).toHaveLength(4);
      const [ship, refund] = ['order-shipped', 'order-refunded'].map((name) =>
        inbox.messages.filter((m) => m.messageId.startsWith(`<${name}.`)),
      );
      const cancels = inbox.messages.filter((m) => m.messageId.startsWith('<order-cancelled.'));
      expect([ship!.length, cancels.length, refund!.length]).toEqual([1, 2, 1]);
      for (const mail of inbox.messages) {
        expect(mail.messageId).toMatch(/^<order-(shipped|cancelled|refunded)\.\d+@dinobooty\.test>$/);
        expect(mail.raw).toMatch(/^From: DinoBooty <hello@dinobooty\.test>$/m);
        expect(mail.raw).toMatch(/Content-Type: text\/html/);
      }

      const track = (number: string) => `${TEST_PUBLIC_URL}/track-order?number=${encodeURIComponent(number)}`;
      expect(ship![0]!.to).toEqual(['rex@example.com']);
      expect(subjectOf(ship![0]!)).toBe(`Your DinoBooty order ${shipped.number} has shipped`);
      const shipText = textPartOf(ship![0]!.raw);
      expect(shipText).toContain(`Good news, Rex: your order ${shipped.number} is on its way!`);
      expect(shipText).toContain(
        'Carrier: Pterodactyl Express\nTracking number: PTX-7741\nEstimated delivery: December 3, 2026',
      );
      expect(shipText).toContain(`${shipped.product.name} (${shipped.variant.size}, ${shipped.variant.color}) × 1`);
      expect(shipText).toContain(
        `Track your order with its number, ${shipped.number}, and the email you ordered with: ${track(shipped.number)}`,
      );

      const shopCancel = cancels.find((m) => m.to[0] === 'ankylo@example.com')!;
      expect(subjectOf(shopCancel)).toBe(`Your DinoBooty order ${byShop.number} was cancelled`);
      const shopText = textPartOf(shopCancel.raw);
      expect(shopText).toContain(`Your order ${byShop.number} was cancelled.\n`);
      // The move as Track Order's history tells it: label, moment, who and why.
      expect(shopText).toMatch(/\nCancelled, [^\n]+ UTC — by the shop: The nest ran out of that size\n/);
      const unit = formatCents(byShop.product.priceCents);
      expect(shopText).toContain(
        `${byShop.product.name} (${byShop.variant.size}, ${byShop.variant.color}) × 1 (${unit} each): ${unit}`,
      );
      expect(shopText).toContain(track(byShop.number));
      const shopperText = textPartOf(cancels.find((m) => m.to[0] === 'stego@example.com')!.raw);
      expect(shopperText).toContain(`Your order ${byShopper.number} was cancelled, as you asked.`);
      expect(shopperText).toMatch(/\nCancelled, [^\n]+ UTC — by you\n/);

      expect(refund![0]!.to).toEqual(['rex@example.com']);
      const refundText = textPartOf(refund![0]!.raw);
      expect(refundText).toContain(`We've refunded $5.00 for your order ${shipped.number}.\n`);
      expect(refundText).toMatch(/\nRefund issued, [^\n]+ UTC — \$5\.00 by the shop: Late delivery\n/);
      expect(refundText).toContain('Refunds reach you in 3-5 business days.');
      expect(refundText).toContain(track(shipped.number));

      // The shipment delivered again (as after a crash mid-batch): the same message, with the same Message-ID.
      const [, shippedEvent] = await readStream(app.db, orderStreamId(moved.orderId));
      expect(shippedEvent!.type).toBe('OrderShipped');
      const mailer = createMailer({ smtpUrl: inbox.url, from: TEST_FROM, dataDir: '/nonexistent' });
      try {
        await orderShipped.handle(shippedEvent!, testContext(app.db, { mailer, publicUrl: TEST_PUBLIC_URL }));
      } finally {
        mailer.close();
      }
      expect(inbox.messages).toHaveLength(5);
      expect(inbox.messages[4]!.messageId).toBe(ship![0]!.messageId);
    } finally {
      await running.stop();
    }
  });

  it('a customer forgotten before the move gets none of them, and nothing is a dead letter', async () => {
    const running = startMailConsumers(app.db, ORDER_MAILS, inbox);
    try {
      await consumersStarted(
        app.db,
        ORDER_MAILS.map((c) => c.name),
      );
      inbox.messages.length = 0;
      const shipped = await place('trike@example.com');
      const cancelled = await place('trike@example.com');
      await forgetSubscriber(app.shop.store, 'trike@example.com');
      await app.shop.orders.ship(shipped.number, { carrier: 'Stegosaurus Post', trackingNumber: 'SP-1', eta: null });
      await app.shop.orders.cancel(cancelled.number, 'Address undeliverable');
      await app.shop.orders.refund(shipped.number, null, 'Goodwill');
      await until(
        () => ['order-shipped', 'order-cancelled', 'order-refunded'].every((name) => handledBy(running, name) === 1),
        10_000,
      );
      await sleep(300);
      expect(inbox.messages).toHaveLength(0);
      expect(running.stats().map((s) => s.failed)).toEqual([0, 0, 0]);
      for (const { name } of ORDER_MAILS) expect(await listDeadLetters(app.db, name)).toEqual([]);
    } finally {
      await running.stop();
    }
  });

  it('units back on sale through a cancellation or a restocked return send the alerts waiting for them, once each', async () => {
    const running = startMailConsumers(app.db, [backInStock], inbox);
    try {
      await consumersStarted(app.db, [backInStock.name]);
      inbox.messages.length = 0;
      // The last unit of a size ordered: sold out, so an alert for it waits.
      const last = await place('dilo@example.com', 1, 1);
      await app.shop.stockAlerts.request({
        email: 'ptera@example.com',
        productId: last.product.id,
        variantId: last.variant.id,
      });
      await app.shop.orders.cancel(last.number, 'Payment declined');
      await until(() => inbox.messages.length > 0, 10_000);
      await until(() => handledBy(running, 'back-in-stock') === 1, 10_000);

      // Both units of another size ordered, shipped, delivered; returned one at a time.
      const both = await place('raptor@example.com', 2, 2);
      await app.shop.stockAlerts.request({
        email: 'compy@example.com',
        productId: both.product.id,
        variantId: both.variant.id,
      });
      await app.shop.orders.ship(both.number, { carrier: 'Stegosaurus Post', trackingNumber: 'SP-2', eta: null });
      await app.shop.orders.deliver(both.number);
      // A return not put back on sale tells no one.
      await app.shop.orders.receiveReturn(both.number, {
        lines: [{ variantId: both.variant.id, quantity: 1 }],
        restock: false,
      });
      await until(() => handledBy(running, 'back-in-stock') === 2, 10_000);
      await sleep(200);
      expect(inbox.messages.flatMap((m) => m.to)).toEqual(['ptera@example.com']);
      await app.shop.orders.receiveReturn(both.number, {
        lines: [{ variantId: both.variant.id, quantity: 1 }],
        restock: true,
      });
      await until(() => handledBy(running, 'back-in-stock') === 3, 10_000);
      await sleep(300);

      expect(inbox.messages.flatMap((m) => m.to)).toEqual(['ptera@example.com', 'compy@example.com']);
      const [ptera, compy] = inbox.messages;
      expect(ptera!.messageId).toMatch(/^<back-in-stock\.\d+\.[0-9a-f]{16}@dinobooty\.test>$/);
      expect(ptera!.messageId).not.toBe(compy!.messageId);
      expect(subjectOf(ptera!)).toBe(
        `Back in stock: ${last.product.name} (${last.variant.size}, ${last.variant.color})`,
      );
      expect(subjectOf(compy!)).toBe(
        `Back in stock: ${both.product.name} (${both.variant.size}, ${both.variant.color})`,
      );
      expect(running.stats()[0]).toMatchObject({ failed: 0, parked: 0 });
      expect(await listDeadLetters(app.db, 'back-in-stock')).toEqual([]);
    } finally {
      await running.stop();
    }
  });
});
