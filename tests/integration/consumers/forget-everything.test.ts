import { execFile } from 'node:child_process';
import { access, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { orderConfirmation } from '../../../consumers/order-confirmation.consumer.ts';
import type { Queryable } from '../../../db/database.ts';
import { dataKeyOf } from '../../../db/subscriber-keys.ts';
import { createCheckpoint, readCheckpoints } from '../../../eventstore/consumer-checkpoints.ts';
import { listDeadLetters, skipEvent } from '../../../eventstore/dead-letters.ts';
import { LOG_START } from '../../../eventstore/log-tail.ts';
import { cli } from '../cli/cli-support.ts';
import { BACKENDS } from '../../support/databases.ts';
import { checkout, shopperWith, variantWithStock } from '../../support/orders.ts';
import { consumersStarted, recordingLog, startMailConsumers } from '../../support/recording-consumer.ts';
import { type SmtpInbox, withInbox } from '../../support/smtp-inbox.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { until } from '../../support/until.ts';

const run = promisify(execFile);

/** As the shopper typed it; the shop keeps and mails it lower-cased. */
const TYPED = 'Bronto.Gone@Example.com';
const ADDRESS = TYPED.toLowerCase();
/** Every form of the address a row or a line could hold it in, compared lower-cased. */
const FORMS = [ADDRESS, encodeURIComponent(ADDRESS).toLowerCase()];
const REFUSED = "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected";

/**
 * Every row of the database as text. PostgreSQL: `pg_dump --data-only` of the test's own database.
 * PGlite (one instance per data directory, held by the test): every row of every table of every
 * schema but the system's, read with SQL. Both show live rows only, as a dump does.
 */
async function everyRow(app: TestApp): Promise<string> {
  if (app.target.databaseUrl) {
    const { stdout } = await run('pg_dump', ['--data-only', `--dbname=${app.target.databaseUrl}`], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }
  return rowsOfEveryTable(app.db);
}

async function rowsOfEveryTable(db: Queryable): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  expect(tables.length).toBeGreaterThan(10);
  let text = '';
  for (const { name } of tables) {
    const { rows } = await db.query<{ row: string }>(`select t::text as row from ${name} t`);
    text += `${name}\n${rows.map((r) => r.row).join('\n')}\n`;
  }
  return text;
}

/**
 * The text of the files that hold this database's tables, flushed first (CHECKPOINT): PGlite's `base/`
 * under its data directory; for PostgreSQL, the database's folder under the server's data directory
 * when that is on this machine (undefined when it is not). Not the write-ahead log: it keeps older row
 * versions until the server recycles its segments (docs/operations.md says so).
 */
async function tableFilesText(app: TestApp): Promise<string | undefined> {
  await app.db.exec('checkpoint');
  let dir = path.join(app.target.dataDir, 'pglite', 'base');
  if (app.target.databaseUrl) {
    const { rows } = await app.db.query<{ dir: string; oid: string }>(
      `select current_setting('data_directory') as dir, (select oid::text from pg_database where datname = current_database()) as oid`,
    );
    dir = path.join(rows[0]!.dir, 'base', rows[0]!.oid);
  }
  if (
    !(await access(dir).then(
      () => true,
      () => false,
    ))
  )
    return undefined;
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(10);
  const texts = await Promise.all(files.map((entry) => readFile(path.join(entry.parentPath, entry.name), 'latin1')));
  return texts.join('\n');
}

const mentions = (text: string) => FORMS.filter((form) => text.toLowerCase().includes(form));

describe.each(BACKENDS)('forgetting a customer forgets everything on %s', (backend) => {
  let app: TestApp;
  let inbox: SmtpInbox;
  withInbox(
    () => createTestApp(backend),
    (opened, started) => ([app, inbox] = [opened, started]),
  );

  it('an address the mail server refused by name, then forgotten, is in no row, no table file and no log line, and no longer finds the order; the order keeps its lines and totals', async () => {
    inbox.unknownRecipients.add(ADDRESS);
    const log = recordingLog();
    const backoff = { baseMs: 30, maxMs: 120 };
    const running = startMailConsumers(
      app.db,
      [orderConfirmation],
      inbox,
      { pollMs: 10, backoff, maxAttempts: 3 },
      log,
    );
    let number = '';
    let totalCents = 0;
    try {
      await consumersStarted(app.db, [orderConfirmation.name]);
      const { product, variant } = variantWithStock(20);
      const me = await shopperWith(app, product.id, variant.id, 2);
      const placed = await me.request({ method: 'POST', url: '/api/orders', payload: checkout({ email: TYPED }) });
      expect(placed.statusCode, placed.body).toBe(201);
      number = placed.json().number;
      totalCents = Math.round(Number(placed.json().total) * 100);
      await until(async () => (await listDeadLetters(app.db, orderConfirmation.name)).length === 1, 10_000);
    } finally {
      await running.stop();
    }

    // Refused three times by name, each retry after the backoff due (30, then 60 ms), then parked.
    const refused = inbox.refusals.filter((r) => r.code === 550);
    expect(refused.map((r) => r.recipient)).toEqual([ADDRESS, ADDRESS, ADDRESS]);
    const waits = refused.slice(1).map((r, i) => r.at - refused[i]!.at);
    waits.forEach((wait, i) =>
      expect(wait, `waits ${waits.join(', ')} ms`).toBeGreaterThanOrEqual(backoff.baseMs * 2 ** i),
    );
    expect(inbox.messages).toEqual([]);
    const [dead] = await listDeadLetters(app.db, orderConfirmation.name);
    // Recorded and logged redacted from the first: the reply's code and words, not the address.
    expect(dead).toMatchObject({ type: 'OrderPlaced', attempts: 3, status: 'parked', error: REFUSED });
    expect(log.lines.filter((line) => line.includes('550 5.1.1 <[address]>'))).toHaveLength(3);
    expect(mentions(log.lines.join('\n'))).toEqual([]);

    // Rows written before errors were redacted, and a reason an operator typed, may still name it.
    await createCheckpoint(app.db, 'older-consumer', LOG_START);
    await app.db.query(
      'update consumer_checkpoints set failing_position = $2, failed_attempts = 2, last_error = $3 where consumer = $1',
      [
        'older-consumer',
        dead!.position,
        `Can't send mail - all recipients were rejected: 550 5.1.1 <${TYPED}>: Recipient address rejected`,
      ],
    );
    await skipEvent(app.db, 'older-consumer', dead!, `${TYPED.toUpperCase()} asked us to stop`);
    // The checks can fail: before the forget, the database holds the address (in those rows), in its files too.
    expect(mentions(await everyRow(app))).toContain(ADDRESS);
    // The customer's key too: once deleted, its bytes must not stay in a file either (or the sealed copies could be opened).
    const { rows: customer } = await app.db.query<{ customer_id: string }>(
      'select customer_id from orders where number = $1',
      [number],
    );
    const key = (await dataKeyOf(app.db, customer[0]!.customer_id))!.toString('latin1');
    const filesBefore = await tableFilesText(app);
    if (filesBefore === undefined)
      console.info(
        `[forget] ${backend}: the server's data directory is not on this machine; its files are not searched`,
      );
    else {
      expect(mentions(filesBefore)).toContain(ADDRESS);
      expect(filesBefore.includes(key)).toBe(true);
    }
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/orders/${encodeURIComponent(number)}?email=${encodeURIComponent(TYPED)}`,
        })
      ).statusCode,
    ).toBe(200);

    const forget = await cli(app, ['customers', 'forget', TYPED]);
    expect(forget.code, forget.stderr).toBe(0);
    expect(mentions(forget.stdout + forget.stderr)).toEqual([]);

    for (const email of [TYPED, ADDRESS]) {
      const lookUp = await app.inject({
        method: 'GET',
        url: `/api/orders/${encodeURIComponent(number)}?email=${encodeURIComponent(email)}`,
      });
      expect(lookUp.statusCode).toBe(404);
      expect(lookUp.json()).toEqual({ error: 'Not Found', message: 'Order Not Found', requestId: expect.any(String) });
    }
    const { rows } = await app.db.query<{ lines: Array<{ quantity: number }>; total_cents: number }>(
      'select lines, total_cents from orders where number = $1',
      [number],
    );
    expect(rows[0]!.lines.map((line) => line.quantity)).toEqual([2]);
    expect(rows[0]!.total_cents).toBe(totalCents);

    // Nowhere: not in any row (the older ones redacted, the dead letters kept for the operator), not in
    // the tables' files (no old row version left), not in the logs.
    expect(mentions(await everyRow(app))).toEqual([]);
    if (filesBefore !== undefined) {
      const filesAfter = (await tableFilesText(app))!;
      expect(mentions(filesAfter)).toEqual([]);
      expect(filesAfter.includes(key), 'the deleted key is in a table file').toBe(false);
    }
    expect(mentions(log.lines.join('\n'))).toEqual([]);
    expect((await readCheckpoints(app.db)).find((c) => c.consumer === 'older-consumer')!.lastError).toBe(REFUSED);
    expect((await listDeadLetters(app.db, undefined, { all: true })).map((d) => [d.consumer, d.error])).toEqual([
      ['older-consumer', '[address] asked us to stop'],
      [orderConfirmation.name, REFUSED],
    ]);
  });
});
