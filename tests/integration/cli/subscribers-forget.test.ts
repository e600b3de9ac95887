import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import { appendToStream, readStream } from '../../../eventstore/streams.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { readModels, wholeDatabase } from '../../support/read-models.ts';
import { cli } from './cli-support.ts';

/** Every row of every table in the database, as text: where an address in clear would show. */
describe.each(BACKENDS)('dino-shop subscribers forget on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const subscribe = (email: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const exported = async () =>
    (await cli(app, ['subscribers', 'export', '--format', 'ndjson'])).stdout
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).email);

  it('leaves the address nowhere in clear; replay gives the same read models; the address may subscribe again', async () => {
    expect((await subscribe('Forget.Me@Example.com', 'forget-me-key-1')).statusCode).toBe(201);
    expect((await subscribe('keep.me@example.com')).statusCode).toBe(201);
    expect(await wholeDatabase(app.db)).toContain('forget.me@example.com'); // in the remembered API answer
    expect(await exported()).toEqual(expect.arrayContaining(['forget.me@example.com', 'keep.me@example.com']));
    const id = await subscriberIdFor(app.db, 'forget.me@example.com');

    const run = await cli(app, ['subscribers', 'forget', '  FORGET.me@example.com ']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      `Forgot subscriber ${id}: their personal details can no longer be read anywhere in the database.\n`,
    );
    expect(run.stdout).not.toContain('forget.me');

    const everything = await wholeDatabase(app.db);
    expect(everything.toLowerCase()).not.toContain('forget.me');
    expect(everything).toContain(id); // the stream and the SubscriberForgotten event name the subscriber by id only
    expect(await exported()).toEqual(['keep.me@example.com']);
    const stream = await readStream(app.db, `subscriber-${id}`);
    expect(stream.map((e) => e.type)).toEqual(['Subscribed', 'SubscriberForgotten']);
    expect(stream[1]!.data).toEqual({ schemaVersion: 1, subscriberId: id, at: expect.any(String) });

    const before = await readModels(app.db);
    expect((await cli(app, ['projections', 'replay'])).code).toBe(0);
    expect(await readModels(app.db)).toEqual(before);

    // Forgetting again records nothing; subscribing again works, with a fresh key.
    expect((await cli(app, ['subscribers', 'forget', 'forget.me@example.com'])).stdout).toMatch(
      /^No current subscriber has that address/,
    );
    const again = await subscribe('forget.me@example.com');
    expect(again.statusCode).toBe(201);
    expect((await exported()).sort()).toEqual(['forget.me@example.com', 'keep.me@example.com']);
    expect((await readStream(app.db, `subscriber-${id}`)).map((e) => e.type)).toEqual([
      'Subscribed',
      'SubscriberForgotten',
      'Subscribed',
    ]);
  });

  it('seals subscriptions written in clear by older versions, so they can be forgotten too', async () => {
    // As the shop wrote them before addresses were encrypted.
    await app.db.transaction((tx) =>
      appendToStream(tx, 'subscriber-old.timer@example.com', 0, [
        {
          type: 'Subscribed',
          data: { schemaVersion: 1, email: 'old.timer@example.com', at: '2024-01-02T03:04:05.000Z' },
        },
      ]),
    );
    expect(await wholeDatabase(app.db)).toContain('old.timer@example.com');

    const migrated = await cli(app, ['migrate']);
    expect(migrated.stdout).toContain('Encrypted the address of 1 subscription(s) written in clear.');
    // Said first, on stderr: on a large old list the sealing takes a while.
    expect(migrated.stderr).toBe('Encrypting the address of 1 subscription(s) written in clear...\n');
    expect(await wholeDatabase(app.db)).not.toContain('old.timer');
    expect(await exported()).toContain('old.timer@example.com');
    const id = await subscriberIdFor(app.db, 'old.timer@example.com');
    const [sealed] = await readStream(app.db, `subscriber-${id}`);
    expect(sealed!.data).toEqual({
      schemaVersion: 2,
      subscriberId: id,
      emailCipher: expect.stringMatching(/^a1\./),
      at: '2024-01-02T03:04:05.000Z',
    });
    // The same address subscribing now is the same subscriber: nothing new is recorded.
    expect((await subscribe('old.timer@example.com')).statusCode).toBe(201);
    expect(await readStream(app.db, `subscriber-${id}`)).toHaveLength(1);

    expect((await cli(app, ['subscribers', 'forget', 'old.timer@example.com'])).code).toBe(0);
    expect(await exported()).not.toContain('old.timer@example.com');
    expect((await cli(app, ['migrate'])).stdout).not.toContain('Encrypted');
  });

  it('forget seals what is left in clear first, with a progress bar on a terminal', async () => {
    for (const email of ['older.a@example.com', 'older.b@example.com']) {
      await app.db.transaction((tx) =>
        appendToStream(tx, `subscriber-${email}`, 0, [
          { type: 'Subscribed', data: { schemaVersion: 1, email, at: '2024-01-03T00:00:00.000Z' } },
        ]),
      );
    }
    const run = await cli(app, ['subscribers', 'forget', 'older.a@example.com'], { stderrTTY: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Forgot subscriber /);
    expect(run.stderr).toContain('Encrypting addresses [');
    expect(run.stderr).toContain('2/2 subscriptions');
    expect(await exported()).toContain('older.b@example.com');
    expect(await wholeDatabase(app.db)).not.toContain('older.');
  });

  it('refuses something that is not an address', async () => {
    const run = await cli(app, ['subscribers', 'forget', 'nobody']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is not an email address/);
  });

  // Last: the broken row stays in the append-only log.
  it('an old subscription the schema does not accept stops the sealing, which rewrites nothing', async () => {
    const { position } = (
      await app.db.transaction((tx) =>
        appendToStream(tx, 'subscriber-broken', 0, [
          { type: 'Subscribed', data: { schemaVersion: 1, at: '2024-01-02T03:04:05.000Z' } },
        ]),
      )
    )[0]!;
    const before = await wholeDatabase(app.db);
    const migrated = await cli(app, ['migrate']);
    expect(migrated.code).not.toBe(0);
    expect(migrated.stderr).toContain(
      `event at position ${position} (subscriber-broken version 1, Subscribed) is unreadable`,
    );
    expect(await wholeDatabase(app.db)).toBe(before);
  });
});
