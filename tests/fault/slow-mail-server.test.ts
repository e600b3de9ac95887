import { afterEach, describe, expect, it } from 'vitest';
import { checkout, variantWithStock } from '../support/orders.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import {
  BACKENDS,
  type Server,
  type Target,
  consumerOf,
  freshTarget,
  httpShopper,
  startServer,
} from './fault-support.ts';

const ANSWER_AFTER_MS = 20_000;
const LEASE_MS = 3_000;
const ORDERS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two instances on one database: PostgreSQL's case (a PGlite directory has one process).
describe.skipIf(!BACKENDS.includes('postgres'))(
  'a mail server that answers after 20 s, two instances on postgres',
  () => {
    let target: Target | undefined;
    let inbox: SmtpInbox | undefined;
    const servers: Server[] = [];
    afterEach(async () => {
      await Promise.all(servers.map((s) => s.kill9().catch(() => {})));
      await inbox?.close();
      await target?.drop();
    });

    it(`each confirmation is sent once: the instance sending it renews its ${LEASE_MS / 1000} s lease for the whole send, and the other never takes over`, async () => {
      inbox = await startSmtpInbox();
      inbox.answerDelayMs = ANSWER_AFTER_MS;
      target = await freshTarget('postgres');
      const env = { SMTP_URL: inbox.url, CONSUMER_LEASE_MS: String(LEASE_MS), PUBLIC_URL: 'https://dinobooty.test' };
      servers.push(...(await Promise.all([startServer(target, env), startServer(target, env)])));
      for (let i = 0; i < 100 && (await consumerOf(servers[0]!, 'order-confirmation'))?.position == null; i++)
        await sleep(50);

      const { product, variant } = variantWithStock(20);
      const numbers: string[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const shopper = httpShopper(servers[i % 2]!.url);
        expect(
          (await shopper.send('POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 1 }))
            .status,
        ).toBe(201);
        const placed = await shopper.send('POST', '/api/orders', checkout({ email: `slow-${i}@example.com` }));
        expect(placed.status, JSON.stringify(placed.json)).toBe(201);
        numbers.push(placed.json.number);
      }

      // Handled once the server has answered the last send: a takeover during any send (a lease after it
      // began) would have sent a second copy long before that.
      for (
        let waited = 0;
        (await consumerOf(servers[0]!, 'order-confirmation'))?.lag !== 0 && waited < 4 * ANSWER_AFTER_MS;
        waited += 200
      )
        await sleep(200);
      expect(await consumerOf(servers[0]!, 'order-confirmation')).toMatchObject({ lag: 0, deadLetters: 0 });
      // Every message received, not distinct ids.
      expect(inbox.messages.map((m) => m.to).sort()).toEqual(numbers.map((_, i) => [`slow-${i}@example.com`]));
      numbers.forEach((number, i) =>
        expect(inbox!.messages.find((m) => m.to[0] === `slow-${i}@example.com`)!.raw).toContain(`Order ${number}`),
      );
    }, 120_000);
  },
);
