/**
 * The CLI's heavy commands at scale (a benchmark, not a test):
 *   npx tsx bench/cli-replay-export.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cli-replay-export.ts
 *
 * Builds a fresh database (PGlite in a temp dir by default; with BENCH_DATABASE_URL a new database
 * on that server, dropped afterwards unless BENCH_KEEP=1), generates 1,000,000 cart events (200,000
 * carts: add, add, change, remove, add) and 1,000,000 Subscribed events straight into the log with
 * generated SQL, then runs the real commands, each in its own process, with the compiled CLI (BENCH_CLI,
 * default dist/node/cli.js: `npm run build` first) as an operator would:
 *   projections replay carts        (1M events)
 *   projections replay subscribers  (1M events)
 *   projections replay              (all 2M)
 *   subscribers export --output FILE          (1M rows, CSV)
 *   subscribers export --format ndjson > /dev/null
 * and reports events/s (or rows/s), wall time, each process's peak RSS (VmHWM, report-on-exit.mjs) and
 * the 1-minute load average before and after it. The replays' baseline, a raw read of the log into this
 * process (rawRead below), is measured before the first replay and after the last; when the two differ
 * by more than a fifth, the machine's pace moved under the replays, so they run again, followed by a third
 * read (a replay is judged against the reads either side of it).
 * Sizes: BENCH_CART_EVENTS (multiple of 5), BENCH_SUBSCRIBERS. Targets: replay >= 300k events/s on
 * PostgreSQL, >= 150k on PGlite, peak RSS <= 256 MB; export of 1M subscribers <= 5 s at <= 200 MB peak RSS.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { closeSync, existsSync, openSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { subscriberLookupKey } from '../db/subscriber-keys.ts';
import { encryptEmail, newDataKey, subscriberIdOf } from '../domain/subscriptions/email-cipher.ts';
import { SUBSCRIBER_STREAM_PREFIX } from '../domain/subscriptions/subscription.events.ts';
import { loadCatalogueSnapshot } from '../projections/catalogue/catalogue.queries.ts';
import { catalogue } from '../seed/catalogue.data.ts';
import { seedCatalogue } from '../seed/seed-catalogue.ts';
import { MAX_BASELINE_DRIFT, drift } from './lib/rounds.ts';

const CART_EVENTS = Number(process.env.BENCH_CART_EVENTS ?? 1_000_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000_000);
const CARTS = Math.floor(CART_EVENTS / 5);
const CHUNK = 20_000;

const fmt = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Cart streams of five events each and one Subscribed event per subscriber, interleaved chunk by chunk. */
async function generate(db: Database): Promise<void> {
  const snapshot = await loadCatalogueSnapshot(db);
  const variants = snapshot.variants.filter((v) => v.stock >= 5);
  const variantIds = variants.map((v) => v.id);
  const productIds = variants.map((v) => v.productId);
  const cartSql = `
    insert into events (stream_id, version, type, data)
    select 'cart-' || md5('cart-' || c)::uuid, s.version, s.type, s.data
    from generate_series($1::int, $2::int) c
    cross join lateral (select timestamptz '2024-01-01T00:00:00Z' + c * interval '1 second' as t,
                               1 + c % cardinality($3::int[]) as a, 1 + (c * 7) % cardinality($3::int[]) as b,
                               1 + (c * 13) % cardinality($3::int[]) as d) k
    cross join lateral (values
      (1, 'ItemAdded', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l1-' || c)::uuid, 'productId', ($4::int[])[k.a], 'variantId', ($3::int[])[k.a], 'quantity', 1, 'at', to_char(k.t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (2, 'ItemAdded', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l2-' || c)::uuid, 'productId', ($4::int[])[k.b], 'variantId', ($3::int[])[k.b], 'quantity', 2, 'at', to_char((k.t + interval '1 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (3, 'QuantityChanged', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l1-' || c)::uuid, 'quantity', 3, 'at', to_char((k.t + interval '2 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (4, 'ItemRemoved', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l2-' || c)::uuid, 'at', to_char((k.t + interval '3 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
      (5, 'ItemAdded', jsonb_build_object('schemaVersion', 1, 'lineId', md5('l3-' || c)::uuid, 'productId', ($4::int[])[k.d], 'variantId', ($3::int[])[k.d], 'quantity', 1, 'at', to_char((k.t + interval '4 ms') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    ) s(version, type, data)
    order by s.version, c`;
  // Subscriptions as the service records them: each address sealed with its subscriber's own key
  // (kept in subscriber_keys), the stream named by the keyed hash of the address.
  const lookupKey = await subscriberLookupKey(db);
  const subscribers = async (from: number, to: number) => {
    const ids: string[] = [];
    const keys: Buffer[] = [];
    const data: string[] = [];
    for (let i = from; i <= to; i++) {
      const email = `user${i}@example.com`;
      const subscriberId = subscriberIdOf(lookupKey, email);
      const key = newDataKey();
      const at = new Date(Date.UTC(2024, 0, 1) + i * 7).toISOString();
      ids.push(subscriberId);
      keys.push(key);
      data.push(JSON.stringify({ schemaVersion: 2, subscriberId, emailCipher: encryptEmail(key, email), at }));
    }
    await db.query('insert into subscriber_keys (subscriber_id, key) select * from unnest($1::text[], $2::bytea[])', [ids, keys]);
    await db.query(
      `insert into events (stream_id, version, type, data)
       select $3 || s.id, 1, 'Subscribed', s.data from unnest($1::text[], $2::jsonb[]) with ordinality as s(id, data, n) order by s.n`,
      [ids, data, SUBSCRIBER_STREAM_PREFIX],
    );
  };
  const chunks = Math.max(Math.ceil(CARTS / CHUNK), Math.ceil(SUBSCRIBERS / (CHUNK * 5)));
  const started = performance.now();
  for (let k = 0; k < chunks; k++) {
    const cartFrom = k * CHUNK + 1;
    const cartTo = Math.min(CARTS, (k + 1) * CHUNK);
    if (cartFrom <= cartTo) await db.query(cartSql, [cartFrom, cartTo, variantIds, productIds]);
    const subFrom = k * CHUNK * 5 + 1;
    const subTo = Math.min(SUBSCRIBERS, (k + 1) * CHUNK * 5);
    if (subFrom <= subTo) await subscribers(subFrom, subTo);
    process.stderr.write(`\rgenerating events: ${Math.round(((k + 1) / chunks) * 100)}%`);
  }
  // As a shop's log is by the time anyone replays it: vacuumed (hint bits and visibility map set), so
  // the first replay does not pay for the bulk load's clean-up and the later ones do not skip it (and
  // written out before each command: see `settled` below).
  await db.query('vacuum analyze events');
  process.stderr.write(`\rgenerated ${fmt(CARTS * 5)} cart events and ${fmt(SUBSCRIBERS)} Subscribed events in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** One command's figures, as the JSON line at the end reports them. */
export interface CliStep {
  step: string;
  items: number;
  unit: string;
  seconds: number;
  perSecond: number;
  maxRssMb: number;
  /** The 1-minute load average before and after the command. */
  loadAvg: [number, number];
  /** Measured again, after the first pass's raw reads differed by more than MAX_BASELINE_DRIFT. */
  repeated?: true;
}

/** One raw read of the log (`rawRead`), as the JSON line reports it. */
export interface RawRead {
  rows: number;
  seconds: number;
  perSecond: number;
  loadAvg: [number, number];
}

/** What `work` resolves to, with the 1-minute load average before and after it. */
async function withLoad<T extends object>(work: () => Promise<T>): Promise<T & { loadAvg: [number, number] }> {
  const before = os.loadavg()[0]!;
  const value = await work();
  return { ...value, loadAvg: [before, os.loadavg()[0]!] };
}

/**
 * The replays' baseline: every event of the log read into this process, in keyset batches of 10,000
 * by position, as rows of every column, without folding or writing anything. A replay reads the same
 * rows inside the database, so its rate over this one is what the fold and the writes cost.
 */
async function rawRead(target: { databaseUrl?: string | undefined; dataDir: string }): Promise<Omit<RawRead, 'loadAvg'>> {
  const db = await connectDatabase(target);
  try {
    const started = performance.now();
    let after = 0;
    let count = 0;
    for (;;) {
      const batch = await db.query<{ position: string }>(
        'select position, stream_id, version, type, data, metadata, created_at from events where position > $1 order by position limit 10000',
        [after],
      );
      if (batch.rows.length === 0) break;
      count += batch.rows.length;
      after = Number(batch.rows[batch.rows.length - 1]!.position);
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows: count, seconds, perSecond: count / seconds };
  } finally {
    // PGlite: one process per data directory, and the commands run in their own.
    await db.close();
  }
}

interface Measured {
  code: number;
  seconds: number;
  maxRssMb: number;
  stdout: string;
}

// The compiled CLI (what bin/dino-shop.js runs): BENCH_CLI, else this checkout's dist/ (`npm run build`).
const here = path.dirname(new URL(import.meta.url).pathname);
const compiledCli = path.resolve(process.env.BENCH_CLI ?? path.join(here, '../dist/node/cli.js'));

/** One CLI command in its own process (so its peak RSS is its own), timed by bench/report-on-exit.mjs. */
async function runCommand(globals: string[], args: string[], stdoutTo?: 'devnull'): Promise<Measured> {
  const report = path.join(tmpdir(), `dino-bench-report-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const devnull = stdoutTo === 'devnull' ? openSync('/dev/null', 'w') : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_REPORT_FILE: report, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  try {
    const child = spawn(process.execPath, ['--import', path.join(here, 'report-on-exit.mjs'), compiledCli, ...globals, ...args], {
      env,
      stdio: ['ignore', devnull ?? 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', () => resolve());
    });
    const measured = JSON.parse(await readFile(report, 'utf8')) as Omit<Measured, 'stdout'>;
    if (measured.code !== 0) throw new Error(`dino-shop ${args.join(' ')} exited ${measured.code}`);
    return { ...measured, stdout };
  } finally {
    if (devnull !== undefined) closeSync(devnull);
    await rm(report, { force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(compiledCli)) throw new Error(`no compiled CLI at ${compiledCli}: run \`npm run build\` (or set BENCH_CLI)`);
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const workDir = await mkdtemp(path.join(tmpdir(), 'dino-bench-cli-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    // Digits only: bench/run.ts drops what it kept by the pattern dino_shop_bench_<digits>.
    const name = `dino_shop_bench_${process.pid}${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    await admin(serverUrl, `create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = () => admin(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const target = { databaseUrl, dataDir: workDir };
  const globals = databaseUrl ? ['--database-url', databaseUrl] : ['--data-dir', workDir];
  const backend = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const results: CliStep[] = [];
  const reads: RawRead[] = [];

  try {
    const db = await connectDatabase(target);
    try {
      await migrate(db);
      await seedCatalogue(db, catalogue);
      await generate(db);
    } finally {
      // PGlite: one process per data directory, and the commands below run in their own.
      await db.close();
    }

    // Before each command, what the steps before it wrote is written out (PostgreSQL's checkpoint, then
    // the operating system's dirty pages): a command is timed alone, not beside the write-back of the
    // one before it (a replay of all 2M events leaves about 600 MB of WAL behind it).
    const written = async () => {
      if (serverUrl) await admin(serverUrl, 'checkpoint');
      execFileSync('sync');
    };
    const settled = async (args: string[], stdoutTo?: 'devnull') => {
      await written();
      return withLoad(() => runCommand(globals, args, stdoutTo));
    };
    const read = async () => {
      await written();
      const measured = await withLoad(() => rawRead(target));
      reads.push(measured);
      process.stdout.write(`  raw read of the log: ${fmt(measured.perSecond)} rows/s (${fmt(measured.rows)} rows in ${measured.seconds.toFixed(2)} s)\n`);
      return measured.perSecond;
    };
    const replay = async (step: string, names: string[], events: number, repeated: boolean) => {
      const run = await settled(['projections', 'replay', ...names]);
      process.stdout.write(`  ${run.stdout}`);
      // The command's own figure: the replay alone (read, fold, write, catch up, swap), not the process's start.
      const match = /in ([\d.]+) s \(([\d,]+) events\/s\)/.exec(run.stdout);
      const seconds = match ? Number(match[1]) : run.seconds;
      results.push({ step, items: events, unit: 'events', seconds, perSecond: events / seconds, maxRssMb: run.maxRssMb, loadAvg: run.loadAvg, ...(repeated ? { repeated } : {}) });
    };
    const replays = async (repeated: boolean) => {
      await replay('projections replay carts', ['carts'], CARTS * 5, repeated);
      await replay('projections replay subscribers', ['subscribers'], SUBSCRIBERS, repeated);
      await replay('projections replay (all)', [], CARTS * 5 + SUBSCRIBERS, repeated);
    };
    process.stdout.write(`dino-shop CLI on ${backend}\n`);
    const before = await read();
    await replays(false);
    const after = await read();
    if (drift(before, after) > MAX_BASELINE_DRIFT) {
      process.stdout.write(`  the raw read moved ${fmt(before)} → ${fmt(after)} rows/s: the replays again\n`);
      results.splice(0);
      await replays(true);
      await read();
    }

    const file = path.join(workDir, 'subscribers.csv');
    const csv = await settled(['subscribers', 'export', '--output', file]);
    const lines = (await readFile(file, 'utf8')).split('\r\n').length - 2;
    if (lines !== SUBSCRIBERS) throw new Error(`the CSV export has ${lines} rows, expected ${SUBSCRIBERS}`);
    results.push({ step: `subscribers export --output (csv, ${fmt((await stat(file)).size / 1e6)} MB)`, items: SUBSCRIBERS, unit: 'rows', seconds: csv.seconds, perSecond: SUBSCRIBERS / csv.seconds, maxRssMb: csv.maxRssMb, loadAvg: csv.loadAvg });
    const ndjson = await settled(['subscribers', 'export', '--format', 'ndjson'], 'devnull');
    results.push({ step: 'subscribers export --format ndjson > /dev/null', items: SUBSCRIBERS, unit: 'rows', seconds: ndjson.seconds, perSecond: SUBSCRIBERS / ndjson.seconds, maxRssMb: ndjson.maxRssMb, loadAvg: ndjson.loadAvg });

    process.stdout.write('\n');
    const rows = results.map((r) => [r.step, `${fmt(r.items)} ${r.unit}`, `${r.seconds.toFixed(2)} s`, `${fmt(r.perSecond)} ${r.unit}/s`, `${r.maxRssMb.toFixed(0)} MB`]);
    const header = ['step', 'items', 'time', 'rate', 'peak RSS'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    for (const row of [header, ...rows]) process.stdout.write(`${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
    process.stdout.write(
      `\n(time: replay = the command's own figure, start-up excluded; export = the whole process, start-up included. ` +
        `Peak RSS: VmHWM of the command's process, its worker threads included.)\n`,
    );
    process.stdout.write(`${JSON.stringify({ bench: 'cli-replay-export', backend, results, reads })}\n`);
  } finally {
    if (process.env.BENCH_KEEP !== '1') {
      await dropDatabase();
      await rm(workDir, { recursive: true, force: true });
    } else {
      process.stdout.write(`kept: ${databaseUrl ?? workDir}\n`);
    }
  }
}

await main();
