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
 * process (cli-scale/raw-read.ts), is measured before the first replay and after the last; when the two differ
 * by more than a fifth, the machine's pace moved under the replays, so they run again, followed by a third
 * read (a replay is judged against the reads either side of it).
 * Sizes: BENCH_CART_EVENTS (multiple of 5), BENCH_SUBSCRIBERS. Targets: replay >= 300k events/s on
 * PostgreSQL, >= 150k on PGlite, peak RSS <= 256 MB; export of 1M subscribers <= 5 s at <= 200 MB peak RSS.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { catalogue } from '../seed/catalogue.data.ts';
import { seedCatalogue } from '../seed/seed-catalogue.ts';
import { runCommand, withLoad } from './cli-scale/cli-command.ts';
import { fmt, generateLog } from './cli-scale/generate-log.ts';
import { type RawRead, rawRead } from './cli-scale/raw-read.ts';
import { type TableHash, differences, readModelHashes, tablesOf } from './cli-scale/read-models.ts';
import { MAX_BASELINE_DRIFT, drift } from './lib/rounds.ts';
import { adminQuery as admin } from './lib/postgres.ts';

export type { RawRead };

const CART_EVENTS = Number(process.env.BENCH_CART_EVENTS ?? 1_000_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000_000);
const CARTS = Math.floor(CART_EVENTS / 5);

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
  /**
   * A replay: each rebuilt read-model table's fingerprint (every row hashed) against the one the live
   * path wrote while the log was generated; `differs` lists the tables that do not match.
   */
  readModels?: { live: Record<string, TableHash>; rebuilt: Record<string, TableHash>; differs: string[] };
}

// The compiled CLI (what bin/dino-shop.js runs): BENCH_CLI, else this checkout's dist/ (`npm run build`).
const here = path.dirname(new URL(import.meta.url).pathname);
const compiledCli = path.resolve(process.env.BENCH_CLI ?? path.join(here, '../dist/node/cli.js'));

async function main(): Promise<void> {
  if (!existsSync(compiledCli))
    throw new Error(`no compiled CLI at ${compiledCli}: run \`npm run build\` (or set BENCH_CLI)`);
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const workDir = await mkdtemp(path.join(tmpdir(), 'dino-bench-cli-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    // Digits only: bench/run.ts drops what it kept by the pattern dino_shop_bench_<digits>.
    const name = `dino_shop_bench_${process.pid}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
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
      await generateLog(db, { carts: CARTS, subscribers: SUBSCRIBERS });
    } finally {
      // PGlite: one process per data directory, and the commands below run in their own.
      await db.close();
    }
    const live = await readModelHashes(target, tablesOf([]));
    process.stdout.write(
      `  the live path's read models: ${Object.entries(live)
        .map(([t, h]) => `${t} ${fmt(h.rows)} rows`)
        .join(', ')}\n`,
    );

    // Before each command, what the steps before it wrote is written out (PostgreSQL's checkpoint, then
    // the operating system's dirty pages): a command is timed alone, not beside the write-back of the
    // one before it (a replay of the whole log leaves its WAL behind it).
    const written = async () => {
      if (serverUrl) await admin(serverUrl, 'checkpoint');
      execFileSync('sync');
    };
    const settled = async (args: string[], stdoutTo?: 'devnull') => {
      await written();
      return withLoad(() => runCommand(compiledCli, globals, args, stdoutTo));
    };
    const read = async () => {
      await written();
      const measured = await withLoad(() => rawRead(target));
      reads.push(measured);
      process.stdout.write(
        `  raw read of the log: ${fmt(measured.perSecond)} rows/s (${fmt(measured.rows)} rows in ${measured.seconds.toFixed(2)} s)\n`,
      );
      return measured.perSecond;
    };
    const replay = async (step: string, names: string[], events: number, repeated: boolean) => {
      const run = await settled(['projections', 'replay', ...names]);
      process.stdout.write(`  ${run.stdout}`);
      // The command's own figure: the replay alone (read, fold, write, catch up, swap), not the process's start.
      const match = /in ([\d.]+) s \(([\d,]+) events\/s\)/.exec(run.stdout);
      const seconds = match ? Number(match[1]) : run.seconds;
      // Outside the timed command: every row of each rebuilt table against what the live path wrote.
      const rebuilt = await readModelHashes(target, tablesOf(names));
      const differs = differences(live, rebuilt);
      process.stdout.write(
        `  read models after ${step}: ${differs.length ? `DIFFER: ${differs.join('; ')}` : 'the same as the live path wrote'}\n`,
      );
      const readModels = { live: Object.fromEntries(Object.keys(rebuilt).map((t) => [t, live[t]!])), rebuilt, differs };
      results.push({
        step,
        items: events,
        unit: 'events',
        seconds,
        perSecond: events / seconds,
        maxRssMb: run.maxRssMb,
        loadAvg: run.loadAvg,
        readModels,
        ...(repeated ? { repeated } : {}),
      });
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
    results.push({
      step: `subscribers export --output (csv, ${fmt((await stat(file)).size / 1e6)} MB)`,
      items: SUBSCRIBERS,
      unit: 'rows',
      seconds: csv.seconds,
      perSecond: SUBSCRIBERS / csv.seconds,
      maxRssMb: csv.maxRssMb,
      loadAvg: csv.loadAvg,
    });
    const ndjson = await settled(['subscribers', 'export', '--format', 'ndjson'], 'devnull');
    results.push({
      step: 'subscribers export --format ndjson > /dev/null',
      items: SUBSCRIBERS,
      unit: 'rows',
      seconds: ndjson.seconds,
      perSecond: SUBSCRIBERS / ndjson.seconds,
      maxRssMb: ndjson.maxRssMb,
      loadAvg: ndjson.loadAvg,
    });

    // The owner's report over a week that holds every cart of the log (each one abandoned, many with a
    // line taken out): the worst a week can be for its cart figures.
    const report = await settled(
      ['report', '--since', '2024-01-01', '--until', '2024-01-07', '--format', 'json'],
      'devnull',
    );
    if (report.code !== 0) throw new Error(`dino-shop report exited ${report.code}`);
    results.push({
      step: `report (a week holding all ${fmt(CARTS)} carts)`,
      items: CARTS,
      unit: 'carts',
      seconds: report.seconds,
      perSecond: CARTS / report.seconds,
      maxRssMb: report.maxRssMb,
      loadAvg: report.loadAvg,
    });

    process.stdout.write('\n');
    const rows = results.map((r) => [
      r.step,
      `${fmt(r.items)} ${r.unit}`,
      `${r.seconds.toFixed(2)} s`,
      `${fmt(r.perSecond)} ${r.unit}/s`,
      `${r.maxRssMb.toFixed(0)} MB`,
    ]);
    const header = ['step', 'items', 'time', 'rate', 'peak RSS'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    for (const row of [header, ...rows])
      process.stdout.write(`${row.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
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
