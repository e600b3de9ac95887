import { describe, expect, it } from 'vitest';
import { shopEventStore } from '../../../app/shop.ts';
import { createSubscriptionService } from '../../../app/subscriptions/subscription.service.ts';
import { welcomeMail } from '../../../consumers/welcome-mail.consumer.ts';
import { listDeadLetters } from '../../../eventstore/dead-letters.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';
import { startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, withInbox } from '../../support/smtp-inbox.ts';
import { until } from '../../support/until.ts';
import { cli } from './cli-support.ts';

describe.each(BACKENDS)('dino-shop consumers on %s', (backend) => {
  let t: TestDatabase;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestDatabase(backend),
    (opened, started) => ([t, inbox] = [opened, started]),
  );

  it('lists a dead letter, retries it into the inbox, skips another, and refuses what is not waiting', async () => {
    const running = startMailConsumers(t.db, [welcomeMail], inbox, {
      pollMs: 10,
      maxAttempts: 2,
      backoff: { baseMs: 10, maxMs: 20 },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      inbox.refusing = true;
      const service = createSubscriptionService({ store: shopEventStore(t.db) });
      await service.subscribe({ email: 'rex@example.com' });
      await service.subscribe({ email: 'stego@example.com' });
      await until(() => running.stats()[0]!.parked === 2, 10_000);
      const [first, second] = (await listDeadLetters(t.db, 'welcome-mail')).map((d) => d.position);

      const listed = await cli(t, ['consumers', 'list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^welcome-mail\s+[\d,]+\s+0\s+0 s\s+2\s/m);
      expect(listed.stdout).toContain(`welcome-mail: dead letter ${first} (Subscribed, 2 tries)`);

      inbox.refusing = false;
      const retried = await cli(t, ['consumers', 'retry', 'welcome-mail', String(first)]);
      expect(retried).toMatchObject({ code: 0 });
      await until(() => inbox.messages.length === 1);
      expect(inbox.messages[0]!.to).toEqual(['rex@example.com']);

      expect(await cli(t, ['consumers', 'skip', 'welcome-mail', String(second)])).toMatchObject({ code: 0 });
      await until(() => false, 100).catch(() => {});
      expect(await listDeadLetters(t.db, 'welcome-mail')).toEqual([]);
      expect((await cli(t, ['consumers', 'list', '--json'])).stdout).toContain('"deadLetters": 0');

      const nothing = await cli(t, ['consumers', 'skip', 'welcome-mail', String(second)]);
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain('nothing to skip');
      const unknown = await cli(t, ['consumers', 'retry', 'order-mail']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('the consumers are: welcome-mail');
      expect(inbox.messages).toHaveLength(1);
    } finally {
      await running.stop();
    }
  });
});
