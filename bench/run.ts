/**
 * `npm run bench`: every scenario with its baseline measured in the same run.
 *
 *   npm run bench [-- --no-build] [--duration 10] [--only day,scale,journeys,api,search,pages,cart,writes,tracing,js,lighthouse,cli,coldstart,durability]
 *                 [--hold 60] [--probe 5]
 *                 [--skip-postgres] [--postgres-first]
 *   npm run bench -- --only patches --skip-postgres   (each patch A/B, patches applied and reverted in turn)
 *
 * - Builds the production bundle into .tmp/bench/dist (its own folder: a build someone else starts in
 *   dist/ meanwhile cannot change the bundle under test). --no-build reuses .tmp/bench/dist, or dist/.
 * - Server under test: the compiled CLI (`node dist/node/cli.js serve`, what bin/dino-shop.js runs) on a fresh data dir, pinned to
 *   core 0; the catalogue is seeded by the server's own start-up (prepareDatabase).
 * - Load: autocannon in its own process (bench/load.ts) pinned to core 1.
 * - Baselines, each on core 0: a bare Fastify process with the same bytes (bench/baseline-server.ts),
 *   renderToString of the cart page (bench/render-cart.ts), raw INSERTs and the store-level append
 *   (bench/db-bench.ts).
 * - Backends: PGlite, and PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *   in a throwaway database dino_bench_<ts> that is dropped afterwards.
 * Prints the table and writes bench/results/latest.json. Everything talks to 127.0.0.1 only.
 * The scenarios live in bench/scenarios/ (one module each), the shared machinery in bench/lib/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { coldStartRow, measureColdStart } from './cold-start.ts';
import { BENCH_ROOT, BenchRun, PAGE_CONNECTIONS, WRITE_CLIENTS } from './lib/bench-run.ts';
import { adminQuery, postgresAdmin } from './lib/postgres.ts';
import { ROOT, pinning, tsxArgs } from './lib/process.ts';
import { type Row, shortTable, table } from './lib/report.ts';
import type { Target } from './lib/shop-process.ts';
import type { measureDurabilityCost } from './pglite-durability.ts';
import { cliScenarios } from './scenarios/cli.ts';
import { jsFromManifest } from './scenarios/first-load.ts';
import { patchesAb } from './scenarios/patches-ab.ts';
import { benchBackend } from './scenarios/shop.ts';

const SCENARIOS = 'day,scale,journeys,api,search,pages,cart,writes,tracing,js,lighthouse,cli,coldstart,durability';
const options = new Command('bench')
  .description('every benchmark scenario, each with its baseline measured in the same run')
  .option('--no-build', 'reuse .tmp/bench/dist (or dist/) instead of building')
  .addOption(new Option('--duration <seconds>', 'seconds of load per scenario').default(10).argParser(positiveNumber))
  .option(
    '--only <scenarios>',
    `comma-separated subset of ${SCENARIOS}, or patches (each patch A/B; not in the default set)`,
    SCENARIOS,
  )
  .option('--skip-postgres', 'PGlite only, even when PostgreSQL is reachable')
  .option('--cli-pglite', 'run the CLI scenarios on PGlite as well as PostgreSQL')
  .addOption(
    new Option('--hold <seconds>', "a shop's day: seconds each candidate rate is held")
      .default(60)
      .argParser(positiveNumber),
  )
  .addOption(
    new Option('--probe <seconds>', "a shop's day: seconds of each step of the ramp")
      .default(5)
      .argParser(positiveNumber),
  )
  .option('--postgres-first', 'load the PostgreSQL server before PGlite (to compare the two orders)')
  .parse(process.argv)
  .opts<{
    build: boolean;
    duration: number;
    hold: number;
    probe: number;
    only: string;
    skipPostgres?: boolean;
    cliPglite?: boolean;
    postgresFirst?: boolean;
  }>();

function positiveNumber(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number of seconds');
  return n;
}

const run = new BenchRun({
  duration: options.duration,
  only: new Set(options.only.split(',')),
  cliPglite: options.cliPglite ?? false,
  hold: options.hold,
  probe: options.probe,
});

async function buildRoot(): Promise<string> {
  if (options.build) {
    // The same steps as `npm run build`, into the bench's own folder.
    run.log(
      'building the production bundle (npx vite build, the precompressed assets, the compiled server) into .tmp/bench/dist',
    );
    execFileSync('npx', ['vite', 'build', '--outDir', path.join(BENCH_ROOT, 'dist'), '--emptyOutDir'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    execFileSync(process.execPath, tsxArgs('scripts/compress-assets.ts', [path.join(BENCH_ROOT, 'dist')]), {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(BENCH_ROOT, 'dist')], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await markPackageRoot();
    return BENCH_ROOT;
  }
  if (
    existsSync(path.join(BENCH_ROOT, 'dist/server/entry.mjs')) &&
    existsSync(path.join(BENCH_ROOT, 'dist/node/cli.js'))
  ) {
    await markPackageRoot();
    return BENCH_ROOT;
  }
  if (existsSync(path.join(ROOT, 'dist/server/entry.mjs')) && existsSync(path.join(ROOT, 'dist/node/cli.js')))
    return ROOT;
  throw new Error('--no-build: no build in .tmp/bench/dist or dist/ (run without --no-build, or `npm run build`)');
}

/**
 * The server serves the build of the nearest folder with a package.json above its own code: without one
 * in .tmp/bench it would serve the checkout's dist/ (or find none), not the bundle under test.
 */
async function markPackageRoot(): Promise<void> {
  await writeFile(path.join(BENCH_ROOT, 'package.json'), `${JSON.stringify({ private: true, type: 'module' })}\n`);
}

/** fsync per commit on PGlite, against the same append with PGLITE_SYNC=off: a cost to report, not a target. */
function durabilityRow({ on, off }: Awaited<ReturnType<typeof measureDurabilityCost>>): Row {
  const fmt = (r: typeof on) =>
    `${Math.round(r.opsPerSecond).toLocaleString('en-US')} appends/s, p99 ${r.p99Ms.toFixed(1)} ms`;
  return {
    scenario: 'append + projections, 16 clients, fsync per commit (PGLITE_SYNC=on)',
    backend: 'pglite',
    figure: fmt(on),
    baseline: `${fmt(off)} (PGLITE_SYNC=off)`,
    ratio: on.opsPerSecond / off.opsPerSecond,
    target: 'reported (durable by default)',
    pass: null,
  };
}

async function main(): Promise<void> {
  await mkdir(BENCH_ROOT, { recursive: true });
  const loadBefore = os.loadavg()[0]!;
  if (loadBefore > 0.7)
    run.log(
      `warning: load average ${loadBefore.toFixed(2)} before the run: other work on this machine will lower and scatter the figures`,
    );
  const build = await run.phase('build', async () => buildRoot());
  run.log(
    `bundle under test: ${path.relative(ROOT, path.join(build, 'dist')) || 'dist'}; ${pinning}; ${run.duration} s runs after ${run.warmup} s warm-up`,
  );
  if (run.only.has('js')) jsFromManifest(run, build);

  const pgAdmin = await postgresAdmin(run, options.skipPostgres ?? false);
  const targets: Target[] = [{ backend: 'pglite', dataDir: await mkdtemp(path.join(BENCH_ROOT, 'data-pglite-')) }];
  let pgDb: string | undefined;
  if (pgAdmin) {
    pgDb = `dino_bench_${Date.now()}`;
    await adminQuery(pgAdmin, `create database ${pgDb}`);
    const url = new URL(pgAdmin);
    url.pathname = `/${pgDb}`;
    targets.push({
      backend: 'postgres',
      dataDir: await mkdtemp(path.join(BENCH_ROOT, 'data-postgres-')),
      databaseUrl: url.toString(),
    });
  }
  const cleanup = async () => {
    for (const t of targets) await rm(t.dataDir, { recursive: true, force: true });
    if (pgAdmin && pgDb)
      await adminQuery(pgAdmin, `drop database if exists ${pgDb} with (force)`).catch((e) =>
        run.log(`could not drop ${pgDb}: ${e.message}`),
      );
  };
  const interrupted = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    const httpScenarios =
      ['day', 'scale', 'journeys', 'api', 'search', 'pages', 'cart', 'writes', 'tracing', 'lighthouse'].some((s) =>
        run.only.has(s),
      ) || run.only.has('js');
    const order = options.postgresFirst ? [...targets].reverse() : targets;
    if (httpScenarios) for (const target of order) await benchBackend(run, build, target);
  } finally {
    await cleanup();
  }
  if (run.only.has('cli')) await cliScenarios(run, build, pgAdmin);
  if (run.only.has('patches')) await patchesAb(run, build);
  if (run.only.has('coldstart')) {
    run.rows.push(
      coldStartRow(await run.phase('cold start on PGlite', () => measureColdStart(build, BENCH_ROOT)), 'pglite'),
    );
    if (pgAdmin) {
      const coldDb = `dino_bench_cold_${Date.now()}`;
      await adminQuery(pgAdmin, `create database ${coldDb}`);
      try {
        const url = new URL(pgAdmin);
        url.pathname = `/${coldDb}`;
        const result = await run.phase('cold start on PostgreSQL', () =>
          measureColdStart(build, BENCH_ROOT, { databaseUrl: url.toString() }),
        );
        run.rows.push(coldStartRow(result, 'postgres'));
      } finally {
        await adminQuery(pgAdmin, `drop database if exists ${coldDb} with (force)`);
      }
    }
  }
  if (run.only.has('durability')) {
    // Loaded only for this scenario: it opens PGlite in this process.
    const { measureDurabilityCost: measure } = await import('./pglite-durability.ts');
    run.rows.push(durabilityRow(await run.phase('PGlite: the cost of fsync per commit', () => measure(run.duration))));
  }

  const order = (r: Row) => (r.backend === 'pglite' ? 0 : r.backend === 'postgres' ? 1 : 2);
  const sorted = run.rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order(a.r) - order(b.r) || a.i - b.i)
    .map((x) => x.r);
  const totalSeconds = (Date.now() - run.startedAt) / 1000;
  const summary = {
    passed: sorted.filter((r) => r.pass === true).length,
    failed: sorted.filter((r) => r.pass === false).length,
    info: sorted.filter((r) => r.pass === null).length,
  };
  const out = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      model: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    method: {
      pinning,
      durationSeconds: run.duration,
      warmupSeconds: run.warmup,
      pageConnections: PAGE_CONNECTIONS,
      writeClients: WRITE_CLIENTS,
      serverLogLevel: 'warn',
      build: path.relative(ROOT, path.join(build, 'dist')),
    },
    summary,
    /** 1-minute load average before the run (after the build would be higher) and at the end: above ~1 on 2 cores, other work shared the cores. */
    loadAverage: { before: loadBefore, after: os.loadavg()[0] },
    totalSeconds,
    timings: run.timings,
    rows: sorted,
    details: run.details,
  };
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(out, null, 2)}\n`);
  const heading = `Run of ${out.date.slice(0, 16).replace('T', ' ')} UTC, ${out.machine.cpus} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${out.loadAverage.after!.toFixed(1)}.`;
  await writeFile(path.join(ROOT, 'bench/results/latest.md'), `${heading}\n\n${shortTable(sorted)}\n`);
  process.stdout.write(
    `\n${table(sorted)}\n\n${summary.passed} passed, ${summary.failed} failed, ${summary.info} not judged · ${Math.round(totalSeconds)} s · bench/results/latest.json, latest.md\n`,
  );
}

await main();
process.exit(0);
