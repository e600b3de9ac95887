/**
 * `npm run bench`: every scenario with its baseline measured in the same run.
 *
 *   npm run bench [-- --no-build] [--duration 10] [--only api,search,pages,cart,writes,js,lighthouse,cli,coldstart,durability]
 *                 [--skip-postgres]
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
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import pg from 'pg';
import type { BaselineRoute } from './baseline-server.ts';
import type { DbBenchResult, DbBenchSpec, DbMode } from './db-bench.ts';
import { BUDGET_ROUTES, JS_BUDGET_BYTES, firstLoadFromHtml, firstLoadFromManifest } from './js-size.ts';
import type { LighthouseScores } from './lighthouse.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { type Child, LOAD_CORE, ROOT, SERVER_CORE, cpuSeconds, freePort, pinning, runJson, start, tsxArgs, waitForHttp } from './lib/process.ts';
import { type Row, fmtKb, fmtMs, fmtRate, table } from './lib/report.ts';
import { coldStartRow, measureColdStart } from './cold-start.ts';
import type { measureDurabilityCost } from './pglite-durability.ts';
import type { RenderResult } from './render-cart.ts';

// ---------------------------------------------------------------------------------------------------
// Options

const SCENARIOS = 'api,search,pages,cart,writes,js,lighthouse,cli,coldstart,durability';
const options = new Command('bench')
  .description('every benchmark scenario, each with its baseline measured in the same run')
  .option('--no-build', 'reuse .tmp/bench/dist (or dist/) instead of building')
  .addOption(new Option('--duration <seconds>', 'seconds of load per scenario').default(10).argParser(positiveNumber))
  .option('--only <scenarios>', `comma-separated subset of ${SCENARIOS}`, SCENARIOS)
  .option('--skip-postgres', 'PGlite only, even when PostgreSQL is reachable')
  .option('--cli-pglite', 'run the CLI scenarios on PGlite as well as PostgreSQL')
  .parse(process.argv)
  .opts<{ build: boolean; duration: number; only: string; skipPostgres?: boolean; cliPglite?: boolean }>();

function positiveNumber(text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number of seconds');
  return n;
}

const DURATION = options.duration;
const WARMUP = Math.max(1, Math.round(DURATION / 5));
const ONLY = new Set(options.only.split(','));
const PAGE_CONNECTIONS = 50;
const WRITE_CLIENTS = 16;
const BENCH_ROOT = path.join(ROOT, '.tmp/bench');
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

const rows: Row[] = [];
const details: Record<string, unknown> = {};
const timings: Record<string, number> = {};
const t0 = Date.now();
const log = (message: string) => process.stderr.write(`[bench ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)}s] ${message}\n`);

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  log(`${name} ...`);
  try {
    return await work();
  } finally {
    timings[name] = (Date.now() - started) / 1000;
  }
}

// ---------------------------------------------------------------------------------------------------
// Build

function buildRoot(): string {
  if (options.build) {
    log('building the production bundle (npx vite build, then the compiled server) into .tmp/bench/dist');
    execFileSync('npx', ['vite', 'build', '--outDir', path.join(BENCH_ROOT, 'dist'), '--emptyOutDir'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(BENCH_ROOT, 'dist')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    return BENCH_ROOT;
  }
  for (const root of [BENCH_ROOT, ROOT]) if (existsSync(path.join(root, 'dist/server/entry.mjs')) && existsSync(path.join(root, 'dist/node/cli.js'))) return root;
  throw new Error('--no-build: no build in .tmp/bench/dist or dist/ (run without --no-build, or `npm run build`)');
}

// ---------------------------------------------------------------------------------------------------
// Processes

interface Target {
  backend: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
}

async function startShop(build: string, target: Target): Promise<{ child: Child; origin: string }> {
  const port = await freePort();
  const args = [path.join(build, 'dist/node/cli.js'), '--data-dir', target.dataDir, ...(target.databaseUrl ? ['--database-url', target.databaseUrl] : []), 'serve', '--port', String(port), '--host', '127.0.0.1'];
  // Request logging off (LOG_LEVEL=warn), like the bare baseline: pino's per-request lines cost ~10-15 %.
  // Rate limits off in effect: the load generator is one address doing what thousands of shoppers do.
  const unlimited = { RATE_LIMIT_NEW_CARTS: '1000000', RATE_LIMIT_CART_WRITES: '1000000', RATE_LIMIT_SUBSCRIPTIONS: '1000000' };
  const child = start(process.execPath, args, { cwd: build, core: SERVER_CORE, env: { ...process.env, ...unlimited, LOG_LEVEL: 'warn', NODE_ENV: 'production' } });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/categories`, child, 120_000);
  return { child, origin };
}

/**
 * autocannon from its own process on the load core: a warm-up run, then the measured run. With
 * `cpuOf` (the server's pid) it also reports the server's CPU ms per request over the measured run.
 */
async function load(spec: Omit<LoadSpec, 'duration' | 'warmup'> & { duration?: number }, cpuOf?: Child): Promise<LoadResult & { cpuMsPerRequest?: number }> {
  const full: LoadSpec = { duration: DURATION, warmup: WARMUP, ...spec };
  let cpu0: number | undefined;
  const result = await runJson<LoadResult>(process.execPath, tsxArgs('bench/load.ts', [JSON.stringify(full)]), {
    core: LOAD_CORE,
    timeoutMs: (full.duration + full.warmup) * 1000 + 60_000,
    onLine: (line) => {
      if (line === 'measuring') cpu0 = cpuSeconds(cpuOf?.proc.pid);
    },
  });
  // Read after the load ended: the server is idle by then, so the delay adds no CPU.
  const cpu1 = cpuSeconds(cpuOf?.proc.pid);
  if (cpu0 === undefined || cpu1 === undefined || result.total === 0) return result;
  return { ...result, cpuMsPerRequest: ((cpu1 - cpu0) * 1000) / result.total };
}

/** A bare Fastify process with these exact bytes, on the server core. */
async function startBaseline(routes: BaselineRoute[]): Promise<{ child: Child; origin: string }> {
  const port = await freePort();
  const specFile = path.join(BENCH_ROOT, `baseline-${port}.json`);
  await writeFile(specFile, JSON.stringify({ port, routes }));
  const child = start(process.execPath, tsxArgs('bench/baseline-server.ts', [specFile]), { core: SERVER_CORE });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}${routes[0]!.path}`, child);
  await rm(specFile, { force: true });
  return { child, origin };
}

async function capture(origin: string, urlPath: string, headers: Record<string, string> = {}): Promise<BaselineRoute & { status: number }> {
  const response = await fetch(origin + urlPath, { headers });
  return { path: urlPath, status: response.status, contentType: response.headers.get('content-type') ?? 'application/octet-stream', body: await response.text() };
}

function loadProblems(result: LoadResult): string | undefined {
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad === 0) return undefined;
  return `${bad} of ${result.total} responses failed (${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts)`;
}

// ---------------------------------------------------------------------------------------------------
// Scenarios against one backend

interface ShopFacts {
  slug: string;
  productId: number;
  /** Ten in-stock variants of different products (for 10 distinct lines). */
  lines: Array<{ productId: number; variantId: number }>;
}

async function discover(origin: string): Promise<ShopFacts> {
  const products = (await (await fetch(`${origin}/api/products`)).json()) as Array<{ id: number; slug: string }>;
  const lines: ShopFacts['lines'] = [];
  for (const product of products) {
    const variants = (await (await fetch(`${origin}/api/products/${product.id}/variants`)).json()) as Array<{ id: number; stock: number }>;
    const inStock = variants.find((v) => v.stock > 10);
    if (inStock) lines.push({ productId: product.id, variantId: inStock.id });
    if (lines.length === 10) break;
  }
  if (lines.length < 10) throw new Error('the seeded catalogue has fewer than 10 products with stock: cannot build the cart scenarios');
  return { slug: products[0]!.slug, productId: products[0]!.id, lines };
}

type Measured = LoadResult & { cpuMsPerRequest?: number };
const cpuText = (r: Measured) => (r.cpuMsPerRequest === undefined ? '' : `, ${r.cpuMsPerRequest.toFixed(3)} ms CPU/req`);

async function apiAndPages(backend: Target['backend'], shop: Child, origin: string, facts: ShopFacts): Promise<void> {
  const groups: Array<{ name: string; paths: string[]; judge: (r: LoadResult, ratio: number) => boolean; target: string }> = [];
  if (ONLY.has('api')) {
    groups.push({
      name: 'api',
      paths: ['/api/products', `/api/products/${facts.slug}`, `/api/products/${facts.productId}/variants`],
      judge: (_r, ratio) => ratio >= 0.8,
      target: '>= 0.8 x',
    });
  }
  if (ONLY.has('search')) {
    // The header's instant search as a shopper types: a typo'd two-word query and a short prefix.
    groups.push({
      name: 'search',
      paths: ['/api/search?q=raptr%20boxer', '/api/search?q=lac'],
      judge: (r) => r.latency.p99 < 20,
      target: 'p99 < 20 ms',
    });
  }
  if (ONLY.has('pages')) {
    groups.push({
      name: 'pages',
      paths: ['/', '/shop', `/product/${facts.slug}`],
      judge: (r, ratio) => ratio >= 0.6 && r.latency.p99 < 20,
      target: '>= 0.6 x, p99 < 20 ms',
    });
  }
  for (const group of groups) {
    const captured = await Promise.all(group.paths.map((p) => capture(origin, p)));
    for (const c of captured) if (c.status !== 200) throw new Error(`GET ${c.path} answered ${c.status}`);
    // Each path: the shop, then the baseline right after (both idle on the server core otherwise), so
    // a change in background load hits both figures of a ratio alike.
    const baseline = await startBaseline(captured);
    const measured = new Map<string, Measured>();
    const baselines = new Map<string, Measured>();
    try {
      for (const p of group.paths) {
        measured.set(p, await load({ url: origin, path: p, connections: PAGE_CONNECTIONS }, shop));
        baselines.set(p, await load({ url: baseline.origin, path: p, connections: PAGE_CONNECTIONS }, baseline.child));
      }
    } finally {
      await baseline.child.stop();
    }
    for (const c of captured) {
      const r = measured.get(c.path)!;
      const b = baselines.get(c.path)!;
      const ratio = r.rps / b.rps;
      const problem = loadProblems(r);
      rows.push({
        scenario: `GET ${c.path.replace(facts.slug, '{slug}').replace(`/${facts.productId}/`, '/{id}/')}`,
        backend,
        figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)}${cpuText(r)}`,
        baseline: `${fmtRate(b.rps)}, p99 ${fmtMs(b.latency.p99)}${cpuText(b)} (bare Fastify, same ${fmtKb(Buffer.byteLength(c.body))})`,
        cpuRatio: r.cpuMsPerRequest && b.cpuMsPerRequest ? b.cpuMsPerRequest / r.cpuMsPerRequest : null,
        ratio,
        target: group.target,
        pass: !problem && group.judge(r, ratio),
        ...(problem ? { note: problem } : {}),
        data: { measured: r, baseline: b, bytes: Buffer.byteLength(c.body), connections: PAGE_CONNECTIONS },
      });
    }
  }
}

/** A shopper's session with these lines; returns its cookie and the cart JSON the API answers. */
async function shopperWith(origin: string, lines: ShopFacts['lines']): Promise<{ cookie: string; cart: unknown }> {
  let cookie = '';
  for (const line of lines) {
    const response = await fetch(`${origin}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ ...line, quantity: 1 }),
    });
    if (response.status !== 201) throw new Error(`POST /api/cart answered ${response.status}: ${await response.text()}`);
    cookie ||= (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }
  const cart = await (await fetch(`${origin}/api/cart`, { headers: { cookie } })).json();
  return { cookie, cart };
}

async function cartPage(shop: Child, origin: string, facts: ShopFacts): Promise<{ cart: unknown; result?: Measured; html?: string; problem?: string }> {
  const { cookie, cart } = await shopperWith(origin, facts.lines.slice(0, 3));
  const page = await capture(origin, '/cart', { cookie });
  if (page.status !== 200) return { cart, problem: `GET /cart answered ${page.status}: no cart page in this build` };
  const result = await load({ url: origin, path: '/cart', headers: { cookie }, connections: PAGE_CONNECTIONS }, shop);
  return { cart, result, html: page.body };
}

async function writesOverHttp(shop: Child, origin: string, facts: ShopFacts): Promise<{ newCarts: Measured; tenLines: Measured }> {
  const json = { 'content-type': 'application/json' };
  const body = (i: number) => JSON.stringify({ ...facts.lines[i % facts.lines.length]!, quantity: 1 });
  const newCarts = await load({ url: origin, connections: WRITE_CLIENTS, requests: [{ method: 'POST', path: '/api/cart', headers: json, body: body(0) }] }, shop);
  // Each connection fills a cart with 10 distinct lines, then starts a new cart (autocannon resets the context).
  const tenLines = await load({
    url: origin,
    connections: WRITE_CLIENTS,
    requests: facts.lines.map((_, i) => ({ method: 'POST' as const, path: '/api/cart', headers: json, body: body(i), captureCookie: i === 0, useCookie: i > 0 })),
  }, shop);
  return { newCarts, tenLines };
}

async function dbBench(target: Target, mode: DbMode, facts: ShopFacts): Promise<DbBenchResult> {
  const spec: DbBenchSpec = {
    target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) },
    mode,
    clients: WRITE_CLIENTS,
    seconds: DURATION,
    warmup: WARMUP,
    productId: facts.lines[0]!.productId,
    variantId: facts.lines[0]!.variantId,
  };
  return runJson<DbBenchResult>(process.execPath, tsxArgs('bench/db-bench.ts', [JSON.stringify(spec)]), { core: SERVER_CORE, timeoutMs: (DURATION + WARMUP) * 1000 + 120_000 });
}

async function benchBackend(build: string, target: Target): Promise<void> {
  const backend = target.backend;
  const { child, origin } = await phase(`${backend}: start the CLI server`, () => startShop(build, target));
  let facts: ShopFacts;
  let cart: Awaited<ReturnType<typeof cartPage>> | undefined;
  let http: Awaited<ReturnType<typeof writesOverHttp>> | undefined;
  try {
    facts = await discover(origin);
    if (ONLY.has('api') || ONLY.has('search') || ONLY.has('pages')) await phase(`${backend}: catalogue API and pages`, () => apiAndPages(backend, child, origin, facts));
    if (ONLY.has('cart')) cart = await phase(`${backend}: /cart`, () => cartPage(child, origin, facts));
    if (ONLY.has('writes')) http = await phase(`${backend}: POST /api/cart`, () => writesOverHttp(child, origin, facts));
    if (backend === 'pglite' && ONLY.has('js')) await phase('first-load JS from the served HTML', () => jsFromHtml(origin, facts.slug));
    if (backend === 'pglite' && ONLY.has('lighthouse')) await phase('Lighthouse', () => lighthouseRows(origin, facts.slug));
  } finally {
    await child.stop();
  }

  // In-process baselines on the server core, with the server stopped (PGlite allows one process per data dir).
  if (cart) {
    if (cart.result) {
      const r = cart.result;
      const base = await phase(`${backend}: renderToString baseline`, () =>
        runJson<RenderResult>(process.execPath, tsxArgs('bench/render-cart.ts', [JSON.stringify({ target, url: '/cart', cart: cart!.cart, seconds: Math.max(3, DURATION / 2) })]), {
          cwd: build,
          core: SERVER_CORE,
        }),
      );
      const ratio = r.rps / base.rendersPerSecond;
      const problem = loadProblems(r);
      rows.push({
        scenario: 'GET /cart (3 lines, session SSR)',
        backend,
        figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)}${cpuText(r)}`,
        baseline: `${fmtRate(base.rendersPerSecond, 'renders/s')}, ${base.cpuMsPerRender.toFixed(3)} ms CPU/render (renderToString in-process; Vike renderPage alone ${fmtRate(base.vikeRenderPagePerSecond, '/s')})`,
        cpuRatio: r.cpuMsPerRequest ? base.cpuMsPerRender / r.cpuMsPerRequest : null,
        ratio,
        target: '>= 0.3 x, p99 < 50 ms',
        pass: !problem && ratio >= 0.3 && r.latency.p99 < 50,
        ...(problem ? { note: problem } : {}),
        data: { measured: r, baseline: base },
      });
    } else {
      rows.push({ scenario: 'GET /cart (3 lines, session SSR)', backend, figure: '-', baseline: '-', ratio: null, target: '>= 0.3 x, p99 < 50 ms', pass: false, note: cart.problem! });
    }
  }

  if (ONLY.has('writes')) {
    const raw = await phase(`${backend}: raw INSERT baseline`, () => dbBench(target, 'raw-insert', facts));
    const append = await phase(`${backend}: store-level append`, () => dbBench(target, 'append', facts));
    const baseline = `${fmtRate(raw.opsPerSecond, 'inserts/s')} (raw single-row INSERT, ${WRITE_CLIENTS} clients)`;
    for (const [name, r] of [
      ['POST /api/cart, new carts (HTTP)', http!.newCarts],
      ['POST /api/cart, 10 lines per cart (HTTP)', http!.tenLines],
    ] as const) {
      const ratio = r.rps / raw.opsPerSecond;
      const problem = loadProblems(r);
      rows.push({
        scenario: name,
        backend,
        figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)}${cpuText(r)}`,
        baseline,
        ratio,
        target: '>= 0.4 x',
        pass: !problem && ratio >= 0.4,
        ...(problem ? { note: problem } : {}),
        data: { measured: r, baseline: raw, connections: WRITE_CLIENTS },
      });
    }
    rows.push({
      scenario: 'append + projections (store: one statement, as the service)',
      backend,
      figure: `${fmtRate(append.opsPerSecond, 'appends/s')}, p99 ${fmtMs(append.p99Ms)}`,
      baseline,
      ratio: append.opsPerSecond / raw.opsPerSecond,
      target: '>= 0.6 x',
      pass: append.opsPerSecond / raw.opsPerSecond >= 0.6,
      data: { measured: append, baseline: raw },
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// First-load JS and Lighthouse (PGlite server: the pages are the same bytes on either backend)

function jsFromManifest(build: string): void {
  const routes = firstLoadFromManifest(path.join(build, 'dist'));
  details.jsFromManifest = routes;
  for (const r of routes) {
    rows.push({
      scenario: `first-load JS ${r.route}`,
      backend: '-',
      figure: `${fmtKb(r.gzipBytes)} gzip (${fmtKb(r.bytes)} raw, ${r.files.length} files)`,
      baseline: '-',
      ratio: null,
      target: `<= ${JS_BUDGET_BYTES / 1024} KB gzip`,
      pass: r.gzipBytes <= JS_BUDGET_BYTES,
      data: { ...r },
    });
  }
}

async function jsFromHtml(origin: string, slug: string): Promise<void> {
  const fromHtml = [];
  for (const { route } of BUDGET_ROUTES) {
    const html = await (await fetch(origin + route.replace('{slug}', slug))).text();
    fromHtml.push(await firstLoadFromHtml(route, origin, html));
  }
  details.jsFromHtml = fromHtml;
  // The manifest rows are the verdict; the HTML crawl must agree with them.
  for (const r of fromHtml) {
    const row = rows.find((x) => x.scenario === `first-load JS ${r.route}`);
    if (!row) continue;
    const agree = Math.abs((row.data!.gzipBytes as number) - r.gzipBytes) <= 16;
    row.figure += agree ? '' : ` (HTML crawl: ${fmtKb(r.gzipBytes)})`;
    if (!agree) row.note = `the HTML names ${r.files.length} scripts (${fmtKb(r.gzipBytes)} gzip), the manifest closure ${row.data!.files instanceof Array ? (row.data!.files as unknown[]).length : '?'}`;
  }
}

async function lighthouseRows(origin: string, slug: string): Promise<void> {
  const urls = BUDGET_ROUTES.map(({ route }) => origin + route.replace('{slug}', slug));
  let results: LighthouseScores[];
  try {
    results = await runJson<LighthouseScores[]>(process.execPath, tsxArgs('bench/lighthouse.ts', [JSON.stringify({ urls })]), { timeoutMs: 5 * 60_000 });
  } catch (error) {
    rows.push({ scenario: 'Lighthouse', backend: '-', figure: '-', baseline: '-', ratio: null, target: 'perf >= 95, a11y/bp/seo = 100', pass: false, note: `Lighthouse did not run: ${(error as Error).message.slice(0, 300)}` });
    return;
  }
  details.lighthouse = results;
  results.forEach((r, i) => {
    const pass = r.performance >= 95 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100;
    const misses = Object.entries(r.misses).map(([category, audits]) => `${category}: ${audits.join(', ')}`).join('; ');
    rows.push({
      scenario: `Lighthouse mobile ${BUDGET_ROUTES[i]!.route}`,
      backend: '-',
      figure: `perf ${r.performance}, a11y ${r.accessibility}, bp ${r.bestPractices}, seo ${r.seo}`,
      baseline: '-',
      ratio: null,
      target: 'perf >= 95, others 100',
      pass,
      ...(pass ? {} : { note: `${misses} (LCP ${Math.round(r.metrics.lcpMs ?? 0)} ms, TBT ${Math.round(r.metrics.tbtMs ?? 0)} ms)` }),
      data: { ...r },
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The CLI scenarios live in bench/cli-replay-export.ts (owned by the CLI work, runnable alone): it
// generates 1M cart events and 1M Subscribed events, runs `projections replay` and `subscribers
// export` as processes, and prints a JSON line. This runner spawns it with BENCH_KEEP=1, times the
// baseline on the database it kept (a raw sequential read of the events table, in the same keyset
// batches the replay reads, without folding or writing), then drops that database.

interface CliStep {
  step: string;
  items: number;
  unit: string;
  seconds: number;
  perSecond: number;
  maxRssMb: number;
}

async function rawScan(target: { databaseUrl?: string; dataDir: string }): Promise<{ rows: number; seconds: number; perSecond: number }> {
  const { connectDatabase } = await import('../db/connect.ts');
  const db = await connectDatabase(target);
  try {
    const started = performance.now();
    let after = 0;
    let rows = 0;
    for (;;) {
      const batch = await db.query<{ position: string }>(
        'select position, stream_id, version, type, data, metadata, created_at from events where position > $1 order by position limit 10000',
        [after],
      );
      if (batch.rows.length === 0) break;
      rows += batch.rows.length;
      after = Number(batch.rows[batch.rows.length - 1]!.position);
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows, seconds, perSecond: rows / seconds };
  } finally {
    await db.close();
  }
}

async function cliScenarios(pgAdminUrl: string | undefined): Promise<void> {
  const script = 'bench/cli-replay-export.ts';
  const replayTarget = '>= 300k events/s on PostgreSQL';
  const exportTarget = '<= 5 s, peak RSS <= 200 MB';
  if (!existsSync(path.join(ROOT, script))) {
    for (const scenario of ['dino-shop projections replay, 1M events', 'dino-shop subscribers export, 1M subscribers']) {
      rows.push({ scenario, backend: '-', figure: '-', baseline: '-', ratio: null, target: scenario.includes('replay') ? replayTarget : exportTarget, pass: null, note: `${script} is not there: nothing measured` });
    }
    return;
  }
  // PostgreSQL only by default (the replay target is PostgreSQL's; a PGlite run adds ~5 minutes): --cli-pglite adds it.
  const backends: Array<Row['backend']> = [...(options.cliPglite || !pgAdminUrl ? (['pglite'] as const) : []), ...(pgAdminUrl ? (['postgres'] as const) : [])];
  for (const backend of backends) {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_KEEP: '1' };
    delete env.BENCH_DATABASE_URL;
    if (backend === 'postgres') env.BENCH_DATABASE_URL = pgAdminUrl;
    let stdout = '';
    const child = start(process.execPath, tsxArgs(script), { env });
    child.proc.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await phase(`${backend}: ${script} (1M events, 1M subscribers)`, () => child.exited);
    const kept = /^kept: (.+)$/m.exec(stdout)?.[1]?.trim();
    const json = stdout.split('\n').find((line) => line.startsWith('{"bench"'));
    try {
      if (code !== 0 || !json) {
        rows.push({ scenario: 'dino-shop CLI at 1M', backend, figure: '-', baseline: '-', ratio: null, target: replayTarget, pass: false, note: `${script} exited ${code}: ${child.output().slice(-400)}` });
        continue;
      }
      const steps = (JSON.parse(json) as { results: CliStep[] }).results;
      details[`cli-${backend}`] = { steps, output: stdout };
      const scan = kept ? await phase(`${backend}: raw scan of the events table`, () => rawScan(kept.startsWith('postgres') ? { databaseUrl: kept, dataDir: os.tmpdir() } : { dataDir: kept })) : undefined;
      if (scan) details[`cli-${backend}-scan`] = scan;
      for (const step of steps) {
        if (step.unit === 'events') {
          const ratio = scan ? step.perSecond / scan.perSecond : null;
          rows.push({
            scenario: `dino-shop ${step.step} (${step.items.toLocaleString('en-US')} events)`,
            backend,
            figure: `${fmtRate(step.perSecond, 'events/s')} (${step.seconds.toFixed(1)} s, ${Math.round(step.maxRssMb)} MB)`,
            baseline: scan ? `${fmtRate(scan.perSecond, 'rows/s')} (raw read of events, ${scan.rows.toLocaleString('en-US')} rows)` : '-',
            ratio,
            target: backend === 'postgres' ? replayTarget : 'info (target is on PostgreSQL)',
            pass: backend === 'postgres' ? step.perSecond >= 300_000 : null,
            data: { ...step },
          });
        } else {
          rows.push({
            scenario: `dino-shop ${step.step}`,
            backend,
            figure: `${step.seconds.toFixed(2)} s, peak RSS ${Math.round(step.maxRssMb)} MB (${fmtRate(step.perSecond, 'rows/s')})`,
            baseline: '-',
            ratio: null,
            target: exportTarget,
            pass: step.seconds <= 5 && step.maxRssMb <= 200,
            data: { ...step },
          });
        }
      }
    } finally {
      // What the script would have removed without BENCH_KEEP.
      if (kept?.startsWith('postgres') && pgAdminUrl) {
        const name = new URL(kept).pathname.slice(1);
        if (/^dino_shop_bench_\d+$/.test(name)) await adminQuery(pgAdminUrl, `drop database if exists ${name} with (force)`).catch((e) => log(`could not drop ${name}: ${e.message}`));
        else log(`left behind (not a name this runner drops): ${kept}`);
      } else if (kept?.startsWith('postgres')) {
        log(`left behind: ${kept}`);
      } else if (kept && kept.includes('dino-bench-cli-')) {
        await rm(kept, { recursive: true, force: true });
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway database on the bench server

async function postgresAdmin(): Promise<string | undefined> {
  if (options.skipPostgres) return undefined;
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG;
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`BENCH_DATABASE_URL must point at this machine, not ${host}`);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch (error) {
    if (process.env.BENCH_DATABASE_URL) throw new Error(`cannot reach BENCH_DATABASE_URL: ${(error as Error).message}`);
    log(`no PostgreSQL at ${DEFAULT_PG} (${(error as Error).message}): PGlite only`);
    return undefined;
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------

/** fsync per commit on PGlite, against the same append with PGLITE_SYNC=off: a cost to report, not a target. */
function durabilityRow({ on, off }: Awaited<ReturnType<typeof measureDurabilityCost>>): Row {
  const fmt = (r: typeof on) => `${Math.round(r.opsPerSecond).toLocaleString('en-US')} appends/s, p99 ${r.p99Ms.toFixed(1)} ms`;
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
  if (loadBefore > 0.7) log(`warning: load average ${loadBefore.toFixed(2)} before the run: other work on this machine will lower and scatter the figures`);
  const build = await phase('build', async () => buildRoot());
  log(`bundle under test: ${path.relative(ROOT, path.join(build, 'dist')) || 'dist'}; ${pinning}; ${DURATION} s runs after ${WARMUP} s warm-up`);
  if (ONLY.has('js')) jsFromManifest(build);

  const pgAdmin = await postgresAdmin();
  const targets: Target[] = [{ backend: 'pglite', dataDir: await mkdtemp(path.join(BENCH_ROOT, 'data-pglite-')) }];
  let pgDb: string | undefined;
  if (pgAdmin) {
    pgDb = `dino_bench_${Date.now()}`;
    await adminQuery(pgAdmin, `create database ${pgDb}`);
    const url = new URL(pgAdmin);
    url.pathname = `/${pgDb}`;
    targets.push({ backend: 'postgres', dataDir: await mkdtemp(path.join(BENCH_ROOT, 'data-postgres-')), databaseUrl: url.toString() });
  }
  const cleanup = async () => {
    for (const t of targets) await rm(t.dataDir, { recursive: true, force: true });
    if (pgAdmin && pgDb) await adminQuery(pgAdmin, `drop database if exists ${pgDb} with (force)`).catch((e) => log(`could not drop ${pgDb}: ${e.message}`));
  };
  const interrupted = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    const httpScenarios = ['api', 'search', 'pages', 'cart', 'writes', 'lighthouse'].some((s) => ONLY.has(s)) || ONLY.has('js');
    if (httpScenarios) for (const target of targets) await benchBackend(build, target);
  } finally {
    await cleanup();
  }
  if (ONLY.has('cli')) await cliScenarios(pgAdmin);
  if (ONLY.has('coldstart')) {
    rows.push(coldStartRow(await phase('cold start on PGlite', () => measureColdStart(build, BENCH_ROOT)), 'pglite'));
    if (pgAdmin) {
      const coldDb = `dino_bench_cold_${Date.now()}`;
      await adminQuery(pgAdmin, `create database ${coldDb}`);
      try {
        const url = new URL(pgAdmin);
        url.pathname = `/${coldDb}`;
        const result = await phase('cold start on PostgreSQL', () => measureColdStart(build, BENCH_ROOT, { databaseUrl: url.toString() }));
        rows.push(coldStartRow(result, 'postgres'));
      } finally {
        await adminQuery(pgAdmin, `drop database if exists ${coldDb} with (force)`);
      }
    }
  }
  if (ONLY.has('durability')) {
    // Loaded only for this scenario: it opens PGlite in this process.
    const { measureDurabilityCost: measure } = await import('./pglite-durability.ts');
    rows.push(durabilityRow(await phase('PGlite: the cost of fsync per commit', () => measure(DURATION))));
  }

  const order = (r: Row) => (r.backend === 'pglite' ? 0 : r.backend === 'postgres' ? 1 : 2);
  const sorted = rows.map((r, i) => ({ r, i })).sort((a, b) => order(a.r) - order(b.r) || a.i - b.i).map((x) => x.r);
  const totalSeconds = (Date.now() - t0) / 1000;
  const summary = {
    passed: sorted.filter((r) => r.pass === true).length,
    failed: sorted.filter((r) => r.pass === false).length,
    info: sorted.filter((r) => r.pass === null).length,
  };
  const out = {
    date: new Date().toISOString(),
    machine: { cpus: os.availableParallelism(), model: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.type()} ${os.release()}` },
    method: { pinning, durationSeconds: DURATION, warmupSeconds: WARMUP, pageConnections: PAGE_CONNECTIONS, writeClients: WRITE_CLIENTS, serverLogLevel: 'warn', build: path.relative(ROOT, path.join(build, 'dist')) },
    summary,
    /** 1-minute load average before the run (after the build would be higher) and at the end: above ~1 on 2 cores, other work shared the cores. */
    loadAverage: { before: loadBefore, after: os.loadavg()[0] },
    totalSeconds,
    timings,
    rows: sorted,
    details,
  };
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(out, null, 2)}\n`);
  process.stdout.write(`\n${table(sorted)}\n\n${summary.passed} passed, ${summary.failed} failed, ${summary.info} not judged · ${Math.round(totalSeconds)} s · bench/results/latest.json\n`);
}

await main();
process.exit(0);
