import { afterEach, describe, expect, it } from 'vitest';
import { variantWithStock } from '../support/orders.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import {
  BACKENDS,
  type Server,
  type Target,
  consumerOf,
  freePort,
  freshTarget,
  runCli,
  startServer,
} from './fault-support.ts';

const SHOPPERS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('back-in-stock alerts through kill -9 and a refusing mail server on %s', (backend) => {
  let target: Target | undefined;
  let inbox: SmtpInbox | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await server?.kill9().catch(() => {});
    await inbox?.close();
    await target?.drop();
  });

  it(`${SHOPPERS} shoppers waiting for a sold-out size: stock received, the server killed -9 while it mails them and mail refused for 2 s; each gets one alert, the one in flight at the kill at most twice (same Message-ID), no dead letter`, async () => {
    inbox = await startSmtpInbox();
    target = await freshTarget(backend);
    const port = await freePort();
    const env = { SMTP_URL: inbox.url, CONSUMER_LEASE_MS: '2000', PUBLIC_URL: 'https://dinobooty.test' };
    const start = async () => (server = await startServer(target!, env, { port }));
    await start();
    for (let i = 0; i < 100 && (await consumerOf(server!, 'back-in-stock'))?.position == null; i++) await sleep(50);

    const { product, variant } = variantWithStock(0);
    const addresses = Array.from({ length: SHOPPERS }, (_, i) => `waiting-${i}@example.com`);
    let next = 0;
    const ask = async () => {
      for (let index = next++; index < SHOPPERS; index = next++) {
        const answer = await fetch(`http://127.0.0.1:${port}/api/stock-alerts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: addresses[index], productId: product.id, variantId: variant.id }),
        });
        expect(answer.status).toBe(202);
      }
    };
    await Promise.all(Array.from({ length: 6 }, ask));

    // Stock arrives through the operator's CLI (a PGlite directory has one owner: the server is down meanwhile).
    await server!.kill9();
    const received = await runCli([...target.globals, 'stock', 'receive', String(variant.id), '5']);
    expect(received.code, received.stderr).toBe(0);
    await start();

    const alerts = () =>
      new Map(inbox!.messages.filter((m) => m.messageId.startsWith('<back-in-stock.')).map((m) => [m.messageId, m]));
    for (let waited = 0; alerts().size < SHOPPERS / 5 && waited < 30_000; waited += 10) await sleep(10);
    // Mid-batch: the restart sends what was not recorded as sent again, under the same Message-ID.
    await server!.kill9();
    const sentBeforeKill = alerts().size;
    inbox.refusing = true;
    await start();
    await sleep(2_000);
    inbox.refusing = false;

    for (let waited = 0; alerts().size < SHOPPERS && waited < 30_000; waited += 100) await sleep(100);
    // Every message received, not distinct ids: the one alert in flight at the kill may come twice, under its Message-ID.
    const byRecipient = new Map<string, string[]>();
    for (const message of inbox.messages)
      for (const to of message.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), message.messageId]);
    expect(addresses.filter((address) => !byRecipient.has(address))).toEqual([]);
    const copies = [...byRecipient].filter(([, ids]) => ids.length > 1);
    console.info(
      `[fault] ${backend}: killed with ${sentBeforeKill} of ${SHOPPERS} alerts sent; ${copies.length} sent again under their Message-ID`,
    );
    expect(copies.map(([, ids]) => ids.length - 1).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(copies.filter(([, ids]) => new Set(ids).size !== 1)).toEqual([]);
    expect(inbox.messages.length).toBeLessThanOrEqual(SHOPPERS + 1);
    expect(alerts().size).toBe(SHOPPERS);
    expect(sentBeforeKill, 'the kill came while alerts were being mailed').toBeLessThan(SHOPPERS);
    expect(inbox.messages.every((m) => m.raw.includes(product.name))).toBe(true);
    for (let waited = 0; (await consumerOf(server!, 'back-in-stock'))?.lag !== 0 && waited < 10_000; waited += 100)
      await sleep(100);
    expect(await consumerOf(server!, 'back-in-stock')).toMatchObject({ lag: 0, deadLetters: 0 });
  });
});
