import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../../../eventstore/streams.ts';
import { headPosition } from '../../../eventstore/log-reads.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';
import { subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import type { Queryable } from '../../../db/database.ts';
import { capture, cli } from './cli-support.ts';

/** A Subscribed event as older versions wrote it (address in clear): tail shows the log as it is. */
const appendSubscriber = (db: Queryable, email: string, at: string) =>
  appendToStream(db, `subscriber-${email}`, 0, [{ type: 'Subscribed', data: { schemaVersion: 1, email, at } }]);

describe.each(BACKENDS)('dino-shop events tail on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
    for (let i = 1; i <= 25; i++)
      await appendSubscriber(app.db, `tail-${i}@example.com`, new Date(Date.UTC(2024, 0, i)).toISOString());
  });
  afterAll(() => app?.close());

  it('prints the last 20 events by default, or everything from --from, one line each', async () => {
    const run = await cli(app, ['events', 'tail']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(20);
    expect(lines.at(-1)).toMatch(
      /^#25 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}subscriber-tail-25@example\.com {2}v1 {2}Subscribed {2}\{.*"email":"tail-25@example\.com".*\}$/,
    );

    const from = await cli(app, ['events', 'tail', '--from', '24']);
    expect(
      from.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('  ')[0]),
    ).toEqual(['#24', '#25']);
    const few = await cli(app, ['events', 'tail', '-n', '3', '--json']);
    const events = few.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.position)).toEqual([23, 24, 25]);
    expect(events[0]).toMatchObject({
      streamId: 'subscriber-tail-23@example.com',
      version: 1,
      type: 'Subscribed',
      data: { email: 'tail-23@example.com' },
    });
  });

  it('says on stderr when there is nothing to print, stdout staying empty', async () => {
    const past = await cli(app, ['events', 'tail', '--from', '1000']);
    expect(past).toMatchObject({ code: 0, stdout: '', stderr: 'No events from position 1000 on.\n' });
  });

  it('--follow prints new events as they commit, until stopped', async () => {
    const out = capture();
    const stop = new AbortController();
    const running = cli(app, ['events', 'tail', '--from', '25', '--follow', '--interval', '20'], {
      signal: stop.signal,
      stdout: out,
    });
    await until(() => out.text().includes('#25 '));
    const response = await app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: 'late@example.com' },
    });
    expect(response.statusCode).toBe(201);
    // The API seals the address: the new event shows under the subscriber's id.
    const late = await subscriberIdFor(app.db, 'late@example.com');
    await until(() => out.text().includes(`subscriber-${late}`));
    expect(out.text()).not.toContain('late@example.com');
    stop.abort();
    const run = await running;
    expect(run.code).toBe(0);
    expect(out.text().trimEnd().split('\n')).toHaveLength(2);
  });

  it('rejects a bad --from, or an --interval no timer can wait, in one line', async () => {
    const run = await cli(app, ['events', 'tail', '--from', 'start']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "error: option '--from <position>' argument 'start' is invalid. Expected a whole number (0 or more). (see: dino-shop events tail --help)\n",
    );
    // Past 2^31 - 1 ms, Node's timer would fire at once: a busy poll, not a slow one.
    expect(await cli(app, ['events', 'tail', '--follow', '--interval', '999999999999999'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--interval <ms>' argument '999999999999999' is invalid. Expected a whole number from 1 to 2147483647. (see: dino-shop events tail --help)\n",
    });
  });

  it.runIf(backend === 'postgres')(
    '--follow never skips an event whose transaction commits after a later position',
    async () => {
      const out = capture();
      const stop = new AbortController();
      const from = (await headPosition(app.db)) + 1;
      const running = cli(app, ['events', 'tail', '--from', String(from), '--follow', '--interval', '10'], {
        signal: stop.signal,
        stdout: out,
      });
      // Let the tail finish its first pass (what was committed at its start) and begin following.
      await new Promise((r) => setTimeout(r, 500));

      // Transaction A takes a position first but commits last.
      const slow = new pg.Client({ connectionString: app.target.databaseUrl });
      await slow.connect();
      try {
        await slow.query('begin');
        // Through the Database port's shape (a bare pg client would take the port's options for a callback).
        const slowTx = {
          query: async (sql: string, params?: readonly unknown[]) => ({
            rows: (await slow.query(sql, params as unknown[])).rows,
          }),
        };
        const [a] = await appendToStream(slowTx, 'subscriber-slow@example.com', 0, [
          { type: 'Subscribed', data: { schemaVersion: 1, email: 'slow@example.com', at: new Date().toISOString() } },
        ]);
        const [b] = await appendToStream(app.db, 'subscriber-fast@example.com', 0, [
          { type: 'Subscribed', data: { schemaVersion: 1, email: 'fast@example.com', at: new Date().toISOString() } },
        ]);
        expect(a!.position).toBeLessThan(b!.position);
        // B is committed, but a reader going by position that printed it would then resume after it and never see A.
        await new Promise((r) => setTimeout(r, 150));
        expect(out.text()).toBe('');
        await slow.query('commit');
      } finally {
        await slow.end();
      }
      await until(() => out.text().includes('fast@example.com'));
      stop.abort();
      await running;
      expect(
        out
          .text()
          .trimEnd()
          .split('\n')
          .map((l) => l.split('  ')[2]),
      ).toEqual(['subscriber-slow@example.com', 'subscriber-fast@example.com']);
    },
  );

  it.runIf(backend === 'postgres')(
    'shows committed events even while an older transaction is open, and --follow prints them once',
    async () => {
      const old = new pg.Client({ connectionString: app.target.databaseUrl });
      await old.connect();
      const out = capture();
      const stop = new AbortController();
      let following: Promise<unknown> | undefined;
      try {
        // An open transaction with an id holds pg_snapshot_xmin back, as any long transaction on the server would.
        await old.query('begin');
        await old.query('select pg_current_xact_id()');
        await appendSubscriber(app.db, 'while-open@example.com', new Date().toISOString());
        const run = await cli(app, ['events', 'tail', '-n', '1']);
        expect(run.stdout).toContain('subscriber-while-open@example.com');

        following = cli(app, ['events', 'tail', '-n', '1', '--follow', '--interval', '10'], {
          signal: stop.signal,
          stdout: out,
        });
        await until(() => out.text().includes('subscriber-while-open@example.com'));
        await old.query('commit');
        // Past the old transaction, the follow phase reaches the same event again: it must not print it twice.
        await new Promise((r) => setTimeout(r, 200));
      } finally {
        await old.end();
        stop.abort();
        await following;
      }
      expect(
        out
          .text()
          .split('\n')
          .filter((line) => line.includes('subscriber-while-open@example.com')),
      ).toHaveLength(1);
    },
  );
});
