import os from 'node:os';
import type { DbBenchResult, DbBenchSpec, DbMode } from '../db-bench.ts';
import type { LoadResult } from '../load.ts';
import type { ReferenceWriteSpec } from '../reference-write-server.ts';
import type { RenderResult } from '../render-cart.ts';
import { type BenchRun, PAGE_CONNECTIONS, WRITE_CLIENTS } from '../lib/bench-run.ts';
import { type Child, SERVER_CORE, runJson, tsxArgs } from '../lib/process.ts';
import { fmtKb, fmtMs, fmtRate } from '../lib/report.ts';
import { MAX_BASELINE_DRIFT, type Round, drift, inRounds, roundText } from '../lib/rounds.ts';
import { type Measured, type Target, capture, cpuText, load, loadProblems, loadText, startBaseline, startBenchServer, startShop } from '../lib/shop-process.ts';
import { jsFromHtml, lighthouseRows } from './first-load.ts';

/**
 * The scenarios against one running shop (PGlite or PostgreSQL): catalogue API, search and pages
 * against a bare Fastify serving the same bytes; the cart page against renderToString of its tree;
 * cart writes over HTTP and at the store against raw INSERTs.
 */

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


/** The Accept-Encoding Chromium sends with every page request. */
const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The half's running shop; replaced when a scenario starts it afresh. */
interface RunningShop {
  child: Child;
  origin: string;
}

/**
 * The GET rows, each round against a shop process started afresh on the same data: one shop process
 * is fast or slow for its whole life (fresh shops on one build took 17.9-23.5 µs of CPU a stored
 * answer, each steady within ±1.5 µs), so a half's rows against one process would all read its draw;
 * the median of three rounds spreads it over three.
 */
async function apiAndPages(run: BenchRun, backend: Target['backend'], shop: RunningShop, restart: () => Promise<RunningShop>, facts: ShopFacts): Promise<void> {
  /** `openLoopRate`: p99 is judged at this offered rate (open loop), not at saturation. */
  const groups: Array<{ name: string; paths: string[]; judge: (r: LoadResult, ratio: number) => boolean; target: string; openLoopRate?: number; headers?: Record<string, string> }> = [];
  if (run.only.has('api')) {
    groups.push({
      name: 'api',
      paths: ['/api/products', `/api/products/${facts.slug}`, `/api/products/${facts.productId}/variants`],
      judge: (_r, ratio) => ratio >= 0.8,
      target: '>= 0.8 x',
    });
  }
  if (run.only.has('search')) {
    // The header's instant search as a shopper types: a typo'd two-word query and a short prefix.
    groups.push({
      name: 'search',
      paths: ['/api/search?q=raptr%20boxer', '/api/search?q=lac'],
      judge: (r) => r.latency.p99 < 20,
      target: 'p99 < 20 ms',
    });
  }
  if (run.only.has('pages')) {
    groups.push({
      name: 'pages',
      paths: ['/', '/shop', `/product/${facts.slug}`],
      judge: (r, ratio) => ratio >= 0.6 && r.latency.p99 < 20,
      target: '>= 0.6 x, p99 < 20 ms at 1,000 req/s offered',
      openLoopRate: 1000,
      // What a browser sends (Chromium's header): pages are served as the shop serves shoppers, in
      // their pre-encoded bytes, and the baseline sends the same bytes.
      headers: BROWSER_ACCEPT_ENCODING,
    });
  }
  for (const group of groups) {
    const captured = await Promise.all(group.paths.map((p) => capture(shop.origin, p, group.headers)));
    for (const c of captured) if (c.status !== 200) throw new Error(`GET ${c.path} answered ${c.status}`);
    const baseline = await startBaseline(captured);
    const measured = new Map<string, { median: Round<Measured>; rounds: Array<Round<Measured>>; openLoop?: Measured; note?: string }>();
    try {
      for (const p of group.paths) {
        const spec = { path: p, connections: PAGE_CONNECTIONS, ...(group.headers ? { headers: group.headers } : {}) };
        const { rounds, median, note } = await inRounds(
          meanOf,
          (warmed) => load(run, { url: baseline.origin, ...spec, warmed }, baseline.child),
          async () => {
            // Stopped first: on PGlite one process at a time holds the data directory.
            await shop.child.stop();
            Object.assign(shop, await restart());
            return load(run, { url: shop.origin, ...spec, warmed: false }, shop.child);
          },
        );
        if (note) run.log(`${p}: ${note}`);
        const openLoop = group.openLoopRate ? await load(run, { url: shop.origin, ...spec, overallRate: group.openLoopRate }, shop.child) : undefined;
        measured.set(p, { median, rounds, ...(openLoop ? { openLoop } : {}), ...(note ? { note } : {}) });
      }
    } finally {
      await baseline.child.stop();
    }
    for (const c of captured) {
      const { median, rounds, openLoop, note } = measured.get(c.path)!;
      const { r, b, ratio } = median;
      const problem = loadProblems(r) ?? (openLoop && loadProblems(openLoop));
      const judged = openLoop ?? r;
      run.rows.push({
        scenario: `GET ${c.path.replace(facts.slug, '{slug}').replace(`/${facts.productId}/`, '/{id}/')}`,
        backend,
        figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)}${openLoop ? ` (${fmtMs(openLoop.latency.p99)} at ${fmtRate(group.openLoopRate!)} offered)` : ''}${cpuText(r)}`,
        baseline: `${fmtRate(b.rps)}, p99 ${fmtMs(b.latency.p99)}${cpuText(b)} (bare Fastify, same ${c.encoded ? `${fmtKb(Buffer.from(c.encoded.base64, 'base64').length)} ${c.encoded.encoding}` : fmtKb(Buffer.byteLength(c.body))})`,
        cpuRatio: r.cpuMsPerRequest && b.cpuMsPerRequest ? b.cpuMsPerRequest / r.cpuMsPerRequest : null,
        ratio,
        target: group.target,
        pass: !problem && group.judge(judged, ratio),
        load: loadText(r, b, ...(openLoop ? [openLoop] : [])),
        note: [problem, `the median of ${rounds.length} rounds: ${rounds.map(roundText).join(', ')}`, note].filter(Boolean).join('; '),
        data: { measured: r, baseline: b, ...(openLoop ? { openLoop } : {}), rounds, bytes: Buffer.byteLength(c.body), connections: PAGE_CONNECTIONS },
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

/** The cart page's latency is judged at this offered rate (open loop). */
const CART_OPEN_LOOP_RATE = 100;

async function cartPage(run: BenchRun, shop: Child, origin: string, facts: ShopFacts): Promise<{ cart: unknown; result?: Measured; openLoop?: Measured; html?: string; problem?: string }> {
  const { cookie, cart } = await shopperWith(origin, facts.lines.slice(0, 3));
  const page = await capture(origin, '/cart', { cookie });
  if (page.status !== 200) return { cart, problem: `GET /cart answered ${page.status}: no cart page in this build` };
  const result = await load(run, { url: origin, path: '/cart', headers: { cookie }, connections: PAGE_CONNECTIONS }, shop);
  const openLoop = await load(run, { url: origin, path: '/cart', headers: { cookie }, connections: PAGE_CONNECTIONS, overallRate: CART_OPEN_LOOP_RATE }, shop);
  return { cart, result, openLoop, html: page.body };
}

const JSON_BODY = { 'content-type': 'application/json' };
const addBody = (facts: ShopFacts, i: number) => JSON.stringify({ ...facts.lines[i % facts.lines.length]!, quantity: 1 });
/** Each connection adds to a new cart on every request (no cookie kept). */
const newCartsLoad = (origin: string, facts: ShopFacts) => ({ url: origin, connections: WRITE_CLIENTS, requests: [{ method: 'POST' as const, path: '/api/cart', headers: JSON_BODY, body: addBody(facts, 0) }] });

async function writesOverHttp(run: BenchRun, shop: Child, origin: string, facts: ShopFacts): Promise<{ newCarts: Measured; tenLines: Measured; answer: ReferenceWriteSpec['answer'] }> {
  const first = await fetch(`${origin}/api/cart`, { method: 'POST', headers: JSON_BODY, body: addBody(facts, 0) });
  if (first.status !== 201) throw new Error(`POST /api/cart answered ${first.status}: ${await first.text()}`);
  const answer = (await first.json()) as ReferenceWriteSpec['answer'];
  const newCarts = await load(run, newCartsLoad(origin, facts), shop);
  // Each connection fills a cart with 10 distinct lines, then starts a new cart (autocannon resets the context).
  const tenLines = await load(run, {
    url: origin,
    connections: WRITE_CLIENTS,
    requests: facts.lines.map((_, i) => ({ method: 'POST' as const, path: '/api/cart', headers: JSON_BODY, body: addBody(facts, i), captureCookie: i === 0, useCookie: i > 0 })),
  }, shop);
  return { newCarts, tenLines, answer };
}

/** The new-cart load on the reference route (bench/reference-write-server.ts), on the shop's database. */
async function referenceWrites(run: BenchRun, target: Target, facts: ShopFacts, answer: ReferenceWriteSpec['answer']): Promise<Measured> {
  const spec: Omit<ReferenceWriteSpec, 'port'> = { target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) }, answer };
  const { child, origin } = await startBenchServer('bench/reference-write-server.ts', spec, '/api/cart');
  try {
    return await load(run, newCartsLoad(origin, facts), child);
  } finally {
    await child.stop();
  }
}

async function dbBench(run: BenchRun, target: Target, mode: DbMode, facts: ShopFacts): Promise<DbBenchResult> {
  const spec: DbBenchSpec = {
    target: { dataDir: target.dataDir, ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}) },
    mode,
    clients: WRITE_CLIENTS,
    seconds: run.duration,
    warmup: run.warmup,
    productId: facts.lines[0]!.productId,
    variantId: facts.lines[0]!.variantId,
  };
  return runJson<DbBenchResult>(process.execPath, tsxArgs('bench/db-bench.ts', [JSON.stringify(spec)]), { core: SERVER_CORE, timeoutMs: (run.duration + run.warmup) * 1000 + 120_000 });
}

export async function benchBackend(run: BenchRun, build: string, target: Target): Promise<void> {
  const backend = target.backend;
  const shop: RunningShop = await run.phase(`${backend}: start the CLI server`, () => startShop(build, target));
  let facts: ShopFacts;
  let cart: Awaited<ReturnType<typeof cartPage>> | undefined;
  let http: Awaited<ReturnType<typeof writesOverHttp>> | undefined;
  try {
    facts = await discover(shop.origin);
    if (run.only.has('api') || run.only.has('search') || run.only.has('pages')) {
      await run.phase(`${backend}: catalogue API and pages`, () => apiAndPages(run, backend, shop, () => startShop(build, target), facts));
    }
    if (run.only.has('cart')) cart = await run.phase(`${backend}: /cart`, () => cartPage(run, shop.child, shop.origin, facts));
    if (run.only.has('writes')) http = await run.phase(`${backend}: POST /api/cart`, () => writesOverHttp(run, shop.child, shop.origin, facts));
    if (backend === 'pglite' && run.only.has('js')) await run.phase('first-load JS from the served HTML', () => jsFromHtml(run, shop.origin, facts.slug));
    if (backend === 'pglite' && run.only.has('lighthouse')) await run.phase('Lighthouse', () => lighthouseRows(run, shop.origin, facts.slug));
  } finally {
    await shop.child.stop();
  }

  // In-process baselines on the server core, with the server stopped (PGlite allows one process per data dir).
  if (cart) {
    if (cart.result) {
      const r = cart.result;
      const openLoop = cart.openLoop!;
      const render = () =>
        runJson<RenderResult>(process.execPath, tsxArgs('bench/render-cart.ts', [JSON.stringify({ target, url: '/cart', cart: cart!.cart, seconds: Math.max(3, run.duration / 2), warmupSeconds: run.warmup })]), {
          cwd: build,
          core: SERVER_CORE,
        });
      const loadBefore = os.loadavg()[0]!;
      const { value: base, repeated } = await run.phase(`${backend}: renderToString baseline`, () => steadyBaseline(render, (b) => b.rendersPerSecond));
      const ratio = r.rps / base.rendersPerSecond;
      const problem = loadProblems(r) ?? loadProblems(openLoop);
      run.rows.push({
        scenario: 'GET /cart (3 lines, session SSR)',
        backend,
        figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)} (${fmtMs(openLoop.latency.p99)} at ${fmtRate(CART_OPEN_LOOP_RATE)} offered)${cpuText(r)}`,
        baseline: `${fmtRate(base.rendersPerSecond, 'renders/s')}, ${base.cpuMsPerRender.toFixed(3)} ms CPU/render (renderToString in-process; Vike renderPage alone ${fmtRate(base.vikeRenderPagePerSecond, '/s')})`,
        cpuRatio: r.cpuMsPerRequest ? base.cpuMsPerRender / r.cpuMsPerRequest : null,
        ratio,
        target: `>= 0.3 x, p99 < 50 ms at ${CART_OPEN_LOOP_RATE} req/s offered`,
        pass: !problem && ratio >= 0.3 && openLoop.latency.p99 < 50,
        load: `${loadText(r, openLoop)}, ${loadBefore.toFixed(1)}→${os.loadavg()[0]!.toFixed(1)}`,
        ...(problem || repeated ? { note: [problem, repeated].filter(Boolean).join('; ') } : {}),
        data: { measured: r, openLoop, baseline: base },
      });
    } else {
      run.rows.push({ scenario: 'GET /cart (3 lines, session SSR)', backend, figure: '-', baseline: '-', ratio: null, target: `>= 0.3 x, p99 < 50 ms at ${CART_OPEN_LOOP_RATE} req/s offered`, pass: false, note: cart.problem! });
    }
  }

  if (run.only.has('writes')) {
    const loadBefore = os.loadavg()[0]!;
    const { value: raw, repeated } = await run.phase(`${backend}: raw INSERT baseline`, () => steadyBaseline(() => dbBench(run, target, 'raw-insert', facts), (b) => b.opsPerSecond));
    const append = await run.phase(`${backend}: store-level append`, () => dbBench(run, target, 'append', facts));
    const oneByOne = await run.phase(`${backend}: store-level append, one statement per append`, () => dbBench(run, target, 'append-one-by-one', facts));
    const reference = await run.phase(`${backend}: POST /api/cart on the reference route`, () => referenceWrites(run, target, facts, http!.answer));
    const loadAfter = os.loadavg()[0]!;
    const baseline = `${fmtRate(raw.opsPerSecond, 'inserts/s')} (raw single-row INSERT, ${WRITE_CLIENTS} clients)`;
    for (const [name, r] of [
      ['POST /api/cart, new carts (HTTP)', http!.newCarts],
      ['POST /api/cart, 10 lines per cart (HTTP)', http!.tenLines],
    ] as const) {
      const ratio = r.rps / raw.opsPerSecond;
      const problem = loadProblems(r);
      run.rows.push({
        scenario: name,
        backend,
        figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)}${cpuText(r)}`,
        baseline,
        ratio,
        target: '>= 0.4 x',
        pass: !problem && ratio >= 0.4,
        load: `${loadText(r)}, ${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
        ...(problem || repeated ? { note: [problem, repeated].filter(Boolean).join('; ') } : {}),
        data: { measured: r, baseline: raw, connections: WRITE_CLIENTS },
      });
    }
    const problem = loadProblems(reference);
    run.rows.push({
      scenario: 'POST /api/cart, new carts, reference route (HTTP)',
      backend,
      figure: `${fmtRate(reference.rps)}, p99 ${fmtMs(reference.latency.p99)}${cpuText(reference)}; the shop's new-cart row: ${(http!.newCarts.rps / reference.rps).toFixed(2)} x of it`,
      baseline,
      ratio: reference.rps / raw.opsPerSecond,
      target: 'reported (bare Fastify, the same append)',
      pass: null,
      load: `${loadText(reference)}, ${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
      ...(problem ? { note: problem } : {}),
      data: { measured: reference, baseline: raw, connections: WRITE_CLIENTS },
    });
    const storeRow = (scenario: string, measured: DbBenchResult, judged: boolean) => {
      const ratio = measured.opsPerSecond / raw.opsPerSecond;
      run.rows.push({
        scenario,
        backend,
        figure: `${fmtRate(measured.opsPerSecond, 'appends/s')}, p99 ${fmtMs(measured.p99Ms)}`,
        baseline,
        ratio,
        target: judged ? '>= 0.6 x' : 'reported (what grouping saves)',
        pass: judged ? ratio >= 0.6 : null,
        load: `${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
        ...(judged && repeated ? { note: repeated } : {}),
        data: { measured, baseline: raw },
      });
    };
    storeRow('append + projections (store: grouped, as the service)', append, true);
    storeRow('append + projections, one statement per append (not grouped)', oneByOne, false);
  }
}

/** Two baseline runs as one: their mean rates and latencies (CPU and RSS from the second). */
function meanOf(a: Measured, b: Measured): Measured {
  const mean = (x: number, y: number) => (x + y) / 2;
  return {
    ...b,
    rps: mean(a.rps, b.rps),
    total: a.total + b.total,
    latency: { mean: mean(a.latency.mean, b.latency.mean), p50: mean(a.latency.p50, b.latency.p50), p90: mean(a.latency.p90, b.latency.p90), p99: mean(a.latency.p99, b.latency.p99), max: Math.max(a.latency.max, b.latency.max) },
    loadAvg: [a.loadAvg[0], b.loadAvg[1]],
  };
}

/**
 * A baseline measured twice; when the two differ by more than MAX_BASELINE_DRIFT (other work changed
 * the machine's pace), measured twice more, once. The value is the faster of the last two (the one
 * less disturbed), and `repeated` says when it took a second pair.
 */
async function steadyBaseline<T>(measure: () => Promise<T>, rate: (value: T) => number): Promise<{ value: T; repeated?: string }> {
  let first = await measure();
  let second = await measure();
  const moved = drift(rate(first), rate(second));
  if (moved <= MAX_BASELINE_DRIFT) return { value: rate(first) >= rate(second) ? first : second };
  first = await measure();
  second = await measure();
  return { value: rate(first) >= rate(second) ? first : second, repeated: `baseline measured again: its two runs differed by ${Math.round(moved * 100)} %` };
}
