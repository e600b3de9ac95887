import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { shopEventStore } from '../../../app/shop.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetSubscriber, createSubscriptionService } from '../../../app/subscriptions/subscription.service.ts';
import { createMailer } from '../../../consumers/mail/mailer.ts';
import { welcomeMail } from '../../../consumers/welcome-mail.consumer.ts';
import { listDeadLetters } from '../../../eventstore/dead-letters.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { TEST_FROM, TEST_PUBLIC_URL, consumersStarted, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, withInbox } from '../../support/smtp-inbox.ts';
import { until } from '../../support/until.ts';

describe.each(BACKENDS)('welcome mail on %s', (backend) => {
  let t: TestDatabase;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestDatabase(backend),
    (opened, started) => ([t, inbox] = [opened, started]),
  );

  it('sends a new subscriber one welcome over SMTP (text and HTML, the shop as sender, a Message-ID from the event); a forgotten one gets none', async () => {
    let running = startMailConsumers(t.db, [welcomeMail], inbox);
    try {
      // Started first: the consumer begins at "now" (its first checkpoint), and passes over subscriptions made before it.
      await consumersStarted(t.db, [welcomeMail.name]);
      const service = createSubscriptionService({ store: shopEventStore(t.db) });
      await service.subscribe({ email: 'Rex@Example.com ' });
      await service.subscribe({ email: 'rex@example.com' });
      await until(() => inbox.messages.length === 1);
      const [mail] = inbox.messages;
      expect(mail!.to).toEqual(['rex@example.com']);
      expect(mail!.raw).toMatch(/^From: DinoBooty <hello@dinobooty\.test>$/m);
      expect(mail!.messageId).toMatch(/^<welcome-mail\.\d+@dinobooty\.test>$/);
      expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail!.raw).toMatch(/Content-Type: text\/html/);
      expect(mail!.raw).toContain(`${TEST_PUBLIC_URL}/shop`);

      // Forgotten before the consumer reaches the event: no one to write to, and nothing dead.
      inbox.refusing = true;
      await service.subscribe({ email: 'trike@example.com' });
      await until(() => running.stats()[0]!.failed > 0);
      // Stopped while it is forgotten: a retry that read the key just before the forget would
      // otherwise send once the server takes mail again. The next run takes the event up again.
      await running.stop();
      await forgetSubscriber(shopEventStore(t.db), 'trike@example.com');
      inbox.refusing = false;
      running = startMailConsumers(t.db, [welcomeMail], inbox);
      await until(() => running.stats()[0]!.handled === 1, 10_000);
      expect(inbox.messages).toHaveLength(1);
      expect(await listDeadLetters(t.db, 'welcome-mail')).toEqual([]);
    } finally {
      await running.stop();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes each message as an .eml file named by its Message-ID: a redelivery is the same file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dino-mail-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: TEST_FROM, dataDir });
      expect(mailer.description).toContain(path.join(dataDir, 'mail'));
      const message = {
        to: 'rex@example.com',
        subject: 'Roar',
        text: 'plain roar',
        html: '<p>html roar</p>',
        messageId: '<welcome-mail.7@dinobooty.test>',
      };
      await mailer.send(message);
      await mailer.send(message);
      expect(await readdir(path.join(dataDir, 'mail'))).toEqual(['welcome-mail.7@dinobooty.test.eml']);
      const eml = await readFile(path.join(dataDir, 'mail', 'welcome-mail.7@dinobooty.test.eml'), 'utf8');
      expect(eml).toMatch(/^Message-ID: <welcome-mail\.7@dinobooty\.test>$/m);
      expect(eml).toMatch(/^To: rex@example\.com$/m);
      expect(eml).toContain('plain roar');
      expect(eml).toContain('<p>html roar</p>');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
