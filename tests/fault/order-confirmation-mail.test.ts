import { afterEach, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { checkout } from '../support/orders.ts';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import {
  BACKENDS,
  type Server,
  type Target,
  consumerOf,
  freePort,
  freshTarget,
  keyedClient,
  startServer,
} from './fault-support.ts';

/**
 * A thousand orders on PostgreSQL, the production path; 300 on PGlite (the embedded default, one small
 * shop), whose orders run at half the rate, so the fault suite stays under five minutes. Killed at a
 * quarter, a half and three quarters of them; mail refused from 80 %. Without kills, a fifth as many.
 */
const ORDERS_ON = { postgres: 1_000, pglite: 300 };
const SHOPPERS = 12;
const KILLS_AT = [0.25, 0.5, 0.75];
const REFUSED_AFTER = 0.8;
const REFUSED_MS = 10_000;
/** Every fifth shopper also joins the newsletter: its welcome goes through the same kills and refusal. */
const SUBSCRIBES_EVERY = 5;
const KEY_DEADLINE_MS = 15_000;
const roomy = seed.products.flatMap((p) =>
  p.variants.filter((v) => v.stock >= 20).map((v) => ({ productId: p.id, variantId: v.id })),
);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every message received under `prefix`, counted as received (not as distinct ids): a kill -9 during
 * a send may send that one message again, under the same Message-ID (mail clients fold such copies);
 * nothing else is sent twice. Answers each recipient's copies.
 */
function copiesByRecipient(inbox: SmtpInbox, prefix: string): Map<string, ReceivedMail[]> {
  const byRecipient = new Map<string, ReceivedMail[]>();
  for (const message of inbox.messages.filter((m) => m.messageId.startsWith(prefix)))
    for (const to of message.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), message]);
  return byRecipient;
}

describe.each(BACKENDS)(
  'order confirmations and welcomes through kill -9 and a refusing mail server on %s',
  (backend) => {
    let target: Target | undefined;
    let inbox: SmtpInbox | undefined;
    let server: Server | undefined;
    afterEach(async () => {
      await server?.kill9().catch(() => {});
      await inbox?.close();
      await target?.drop();
    });

    const runs = [
      { ORDERS: ORDERS_ON[backend], kills: KILLS_AT, times: `killed -9 ${KILLS_AT.length} times` },
      { ORDERS: ORDERS_ON[backend] / 5, kills: [], times: 'never killed' },
    ];
    it.each(runs)(
      `$ORDERS orders, $times, mail refused for ${REFUSED_MS / 1000} s: each order gets one confirmation and each new subscriber one welcome, a copy at most for each kill (same Message-ID), none missing, no dead letter`,
      async ({ ORDERS, kills }) => {
        inbox = await startSmtpInbox();
        target = await freshTarget(backend);
        const port = await freePort();
        const env = { SMTP_URL: inbox.url, CONSUMER_LEASE_MS: '2000', PUBLIC_URL: 'https://dinobooty.test' };
        let upSince = Date.now();
        const start = async () => {
          server = await startServer(target!, env, { port });
          upSince = Date.now();
        };
        await start();
        // The consumer starts at "now": wait until it has recorded where now is.
        for (const consumer of ['order-confirmation', 'welcome-mail']) {
          for (let i = 0; i < 100 && (await consumerOf(server!, consumer))?.position == null; i++) await sleep(50);
        }

        const placed = new Map<string, string>();
        const subscribed = new Set<string>();
        const problems: string[] = [];
        let next = 0;
        const shop = async () => {
          const client = keyedClient(`http://127.0.0.1:${port}`, () => upSince, KEY_DEADLINE_MS);
          for (let index = next++; index < ORDERS; index = next++) {
            const email = `order-${index}@example.com`;
            // The same key again after a kill: an order the server placed but never answered is not placed twice.
            const added = await client.write('POST', '/api/cart', { ...roomy[index % roomy.length]!, quantity: 1 });
            const order =
              'unanswered' in added || added.status !== 201
                ? added
                : await client.write('POST', '/api/orders', checkout({ email }));
            if ('unanswered' in order || order.status !== 201) {
              problems.push(
                `${email}: ${'unanswered' in order ? order.unanswered : `${order.status} ${JSON.stringify(order.json)}`}`,
              );
              continue;
            }
            placed.set(email, order.json.number);
            if (index % SUBSCRIBES_EVERY !== 0) continue;
            // Subscribing again records nothing: a subscription the server may not have answered is simply sent again.
            const joined = await client.write('POST', '/api/subscribe', { email });
            if ('unanswered' in joined || joined.status >= 300)
              problems.push(`${email} subscribing: ${'unanswered' in joined ? joined.unanswered : joined.status}`);
            else subscribed.add(email);
          }
        };
        const shoppers = Promise.all(Array.from({ length: SHOPPERS }, shop));
        const whenPlaced = async (n: number) => {
          for (let waited = 0; placed.size < n && waited < 60_000; waited += 20) await sleep(20);
        };
        for (const at of kills) {
          await whenPlaced(at * ORDERS);
          upSince = Number.POSITIVE_INFINITY;
          await server!.kill9();
          await start();
        }
        await whenPlaced(REFUSED_AFTER * ORDERS);
        inbox.refusing = true;
        await sleep(REFUSED_MS);
        inbox.refusing = false;
        await shoppers;
        expect(problems).toEqual([]);
        expect(placed.size).toBe(ORDERS);

        const confirmations = () =>
          new Set(
            inbox!.messages.filter((m) => m.messageId.startsWith('<order-confirmation.')).map((m) => m.messageId),
          );
        for (let waited = 0; confirmations().size < ORDERS && waited < 30_000; waited += 100) await sleep(100);
        const confirmed = copiesByRecipient(inbox, '<order-confirmation.');
        expect([...placed.keys()].filter((email) => !confirmed.has(email))).toEqual([]);
        expect(
          [...placed].filter(([email, number]) => !confirmed.get(email)![0]!.raw.includes(`Order ${number}`)),
        ).toEqual([]);
        expect(confirmations().size).toBe(ORDERS);
        expect(await consumerOf(server!, 'order-confirmation')).toMatchObject({ lag: 0, deadLetters: 0 });

        const welcomes = () =>
          new Set(inbox!.messages.filter((m) => m.messageId.startsWith('<welcome-mail.')).map((m) => m.messageId));
        for (let waited = 0; welcomes().size < subscribed.size && waited < 30_000; waited += 100) await sleep(100);
        const welcomed = copiesByRecipient(inbox, '<welcome-mail.');
        expect(subscribed.size).toBe(Math.ceil(ORDERS / SUBSCRIBES_EVERY));
        expect([...subscribed].filter((email) => !welcomed.has(email))).toEqual([]);
        expect(welcomes().size).toBe(subscribed.size);
        expect(await consumerOf(server!, 'welcome-mail')).toMatchObject({ lag: 0, deadLetters: 0 });

        // Each consumer sends one message at a time: a kill finds at most one of its messages in flight.
        for (const [kind, byRecipient] of [
          ['confirmations', confirmed],
          ['welcomes', welcomed],
        ] as const) {
          const copies = [...byRecipient.values()].filter((messages) => messages.length > 1);
          console.info(
            `[fault] ${backend}, ${kills.length} kills: ${copies.length} ${kind} sent again under their Message-ID`,
          );
          expect(
            copies.map((messages) => messages.length - 1).reduce((a, b) => a + b, 0),
            kind,
          ).toBeLessThanOrEqual(kills.length);
          expect(
            copies.filter((messages) => new Set(messages.map((m) => m.messageId)).size !== 1),
            kind,
          ).toEqual([]);
        }
      },
    );
  },
);
