import { afterEach, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { BACKENDS, type Server, type Target, consumerOf, freePort, freshTarget, startServer } from './fault-support.ts';

const SUBSCRIBERS = 120;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(BACKENDS)('welcome mail through kill -9 and a refusing mail server on %s', (backend) => {
  let target: Target | undefined;
  let inbox: SmtpInbox | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await server?.kill9().catch(() => {});
    await inbox?.close();
    await target?.drop();
  });

  it(`${SUBSCRIBERS} subscriptions: each subscriber gets exactly one distinct welcome, none is missing, no dead letter`, async () => {
    inbox = await startSmtpInbox();
    target = await freshTarget(backend);
    const port = await freePort();
    const env = { SMTP_URL: inbox.url, CONSUMER_LEASE_MS: '2000', PUBLIC_URL: 'https://dinobooty.test' };
    const start = async () => (server = await startServer(target!, env, { port }));
    await start();
    // The consumer starts at "now": wait until it has recorded where now is.
    for (let i = 0; i < 100 && (await consumerOf(server!, 'welcome-mail'))?.position == null; i++) await sleep(50);

    const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `raptor-${i}@example.com`);
    let acknowledged = 0;
    let next = 0;
    const subscribeAll = async () => {
      for (let index = next++; index < SUBSCRIBERS; index = next++) {
        // A subscription the server may not have answered (killed) is sent again: subscribing twice records nothing.
        for (;;) {
          const answer = await fetch(`http://127.0.0.1:${port}/api/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: addresses[index] }) }).catch(() => undefined);
          if (answer?.ok) break;
          await sleep(100);
        }
        acknowledged++;
      }
    };
    const senders = Promise.all(Array.from({ length: 6 }, subscribeAll));
    const whenAcknowledged = async (n: number) => {
      while (acknowledged < n) await sleep(20);
    };
    for (const at of [40, 80]) {
      await whenAcknowledged(at);
      await server!.kill9();
      await start();
    }
    await whenAcknowledged(100);
    inbox.refusing = true;
    await sleep(3_000);
    inbox.refusing = false;
    await senders;

    const distinct = () => new Map(inbox!.messages.map((m) => [m.messageId, m]));
    for (let waited = 0; distinct().size < SUBSCRIBERS && waited < 30_000; waited += 100) await sleep(100);
    const byRecipient = new Map<string, Set<string>>();
    for (const message of distinct().values()) for (const to of message.to) byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(message.messageId));
    expect(addresses.filter((address) => !byRecipient.has(address))).toEqual([]);
    expect([...byRecipient.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    expect(distinct().size).toBe(SUBSCRIBERS);
    const welcome = await consumerOf(server!, 'welcome-mail');
    expect(welcome).toMatchObject({ name: 'welcome-mail', lag: 0, deadLetters: 0 });
  });
});
