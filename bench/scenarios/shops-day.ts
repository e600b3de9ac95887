import { holdClimb } from '../lib/hold-climb.ts';
import type { RenderResult } from '../render-cart.ts';
import type { BenchRun } from '../lib/bench-run.ts';
import { SERVER_CORE, runJson, tsxArgs } from '../lib/process.ts';
import { type Row, fmtMs, fmtRate } from '../lib/report.ts';
import { type Target, capture, checkBaseline, load, loadText, startBaseline, startShop } from '../lib/shop-process.ts';
import { searchQueries } from '../lib/search-queries.ts';
import { type ShopFacts, shopperWith } from './shop-facts.ts';
import { restockOrderedVariants } from './orders.ts';

import {
  BROWSER,
  CONNECTIONS,
  DAY_MIX,
  type DayOptions,
  type Step,
  judge,
  kindsP99,
  mixOf,
  P99_MS,
  ORDERS_P99_MS,
} from './day-mix.ts';

const PROBE_START = 100;
const PROBE_STEP = 1.5;
/** Holds a search may take, each `--hold` seconds: enough to go from the ramp's rate to where p99 passes. */
const MAX_HOLDS = 10;

/** The machine's pace in this run: a bare Fastify route (wrk, closed loop) and React's render of the cart tree. */
export interface Calibration {
  fastifyRps: number;
  fastifyCpuMs?: number;
  rendersPerSecond: number;
}

async function calibrate(run: BenchRun, origin: string): Promise<Omit<Calibration, 'rendersPerSecond'>> {
  const page = await capture(origin, '/', BROWSER);
  const baseline = await startBaseline([page]);
  try {
    const unlike = await checkBaseline(baseline.origin, [page], BROWSER);
    if (unlike) throw new Error(unlike);
    const r = await load(run, { url: baseline.origin, path: '/', headers: BROWSER, connections: 50 }, baseline.child);
    const failed = r.non2xx + r.errors + r.timeouts;
    if (failed > 0)
      throw new Error(
        `the calibration's bare route failed ${failed} requests (${JSON.stringify(r.statusCodes)}): no figure from it`,
      );
    return { fastifyRps: r.rps, ...(r.cpuMsPerRequest === undefined ? {} : { fastifyCpuMs: r.cpuMsPerRequest }) };
  } finally {
    await baseline.child.stop();
  }
}

async function renderRate(run: BenchRun, build: string, target: Target, cart: unknown): Promise<RenderResult> {
  const spec = { target, url: '/cart', cart, seconds: Math.max(3, run.duration / 2), warmupSeconds: run.warmup };
  return runJson<RenderResult>(process.execPath, tsxArgs('bench/render-cart.ts', [JSON.stringify(spec)]), {
    cwd: build,
    core: SERVER_CORE,
  });
}

export async function shopsDay(run: BenchRun, build: string, target: Target, facts: ShopFacts): Promise<void> {
  const options: DayOptions = { hold: run.hold, probe: run.probe };
  const backend = target.backend;
  // Before the shop starts: a PGlite directory has one process at a time.
  await restockOrderedVariants(build, target, facts);
  let shop = await startShop(build, target);
  const steps: Step[] = [];
  let searchFrom = 0;
  let cart: unknown;
  let calibration: Omit<Calibration, 'rendersPerSecond'>;
  const step = async (rate: number, seconds: number, warmup: number): Promise<Step> => {
    const kinds = await mixOf(shop.origin, facts, searchFrom);
    const result = await load(
      run,
      { url: shop.origin, connections: CONNECTIONS, overallRate: rate, duration: seconds, warmup, mix: { kinds } },
      shop.child,
    );
    // The load process counts the searches it sent from the index it was given.
    searchFrom += result.searchesSent ?? 0;
    const why = judge(result);
    const s: Step = { rate, seconds, result, ok: !why, ...(why ? { why } : {}) };
    steps.push(s);
    run.log(
      `  ${backend} day: ${rate} req/s for ${seconds} s: p99 ${fmtMs(result.latency.p99)} (${kindsP99(result)}), ${result.cpuMsPerRequest?.toFixed(3)} ms CPU/req, ${result.resent ?? 0} resent${why ? `: ${why}` : ''}`,
    );
    return s;
  };
  /**
   * A candidate held on the running process, as a shop runs all day, after 5 s at that rate; on a fresh
   * one (warmed 10 s) only when the rest of the search list could not cover the hold without sending a
   * query twice.
   */
  const hold = async (rate: number) => {
    const sent = Object.values(DAY_MIX).reduce((a, b) => a + b, 0);
    const needed = Math.ceil((rate * (options.hold + 10) * DAY_MIX.search) / sent);
    if (searchFrom + needed <= searchQueries().length) return step(rate, options.hold, 5);
    await shop.child.stop();
    shop = await startShop(build, target);
    searchFrom = 0;
    return step(rate, options.hold, Math.max(run.warmup, 10));
  };
  try {
    cart = (await shopperWith(shop.origin, facts.lines.slice(0, 3))).cart;
    calibration = await run.phase(`${backend}: calibration, a bare Fastify route`, () => calibrate(run, shop.origin));
    // The ramp: short steps, each 1.5 x the last, until one fails; then holds from the last that passed.
    let rate = PROBE_START;
    let lastOk = 0;
    await run.phase(`${backend}: a shop's day, the ramp`, async () => {
      for (let first = true; ; first = false) {
        const s = await step(rate, options.probe, first ? Math.max(run.warmup, 10) : 0);
        if (!s.ok) break;
        lastOk = rate;
        rate = Math.round(rate * PROBE_STEP);
      }
    });
    let capacity: Step | undefined;
    await run.phase(`${backend}: a shop's day, ${options.hold} s holds`, async () => {
      const climb = holdClimb(lastOk || Math.round(PROBE_START / PROBE_STEP));
      for (
        let tries = 0, candidate: number | undefined = climb.first;
        candidate !== undefined && tries < MAX_HOLDS;
        tries++
      ) {
        const s = await hold(candidate);
        candidate = climb.next(s);
        // The second of two passes in a row at the rate the climb holds.
        if (s.ok && climb.held() === s.rate) capacity = s;
      }
    });
    await shop.child.stop();
    const render = await run.phase(`${backend}: calibration, renderToString of the cart`, () =>
      renderRate(run, build, target, cart),
    );
    const c = { ...calibration, rendersPerSecond: render.rendersPerSecond };
    run.rows.push(dayRow(backend, capacity, steps, c, options));
    // Two instances need a shared database: PostgreSQL only.
    if (backend === 'postgres' && capacity) {
      const two = await run.phase(`${backend}: a shop's day, two instances`, () =>
        twoInstances(run, build, target, facts, capacity!.rate, options),
      );
      run.rows.push(dayRow(backend, two.capacity, two.steps, c, options, 2));
    }
  } finally {
    await shop.child.stop();
  }
}

/**
 * Two instances on the one database, both on the server core (this machine has two cores: one serves,
 * one loads), each request to the next instance in turn: the load generator plays the balancer (haproxy
 * is not installed here). Held from the one instance's capacity, up while it holds, down while not.
 */
async function twoInstances(
  run: BenchRun,
  build: string,
  target: Target,
  facts: ShopFacts,
  from: number,
  options: DayOptions,
): Promise<{ capacity?: Step; steps: Step[] }> {
  const steps: Step[] = [];
  let capacity: Step | undefined;
  const climb = holdClimb(from);
  // Fresh instances for each hold (warmed 10 s at its rate): the search list covers one hold at a time.
  for (
    let tries = 0, candidate: number | undefined = climb.first;
    candidate !== undefined && tries < MAX_HOLDS;
    tries++
  ) {
    const shops = [await startShop(build, target), await startShop(build, target)];
    try {
      const kinds = await mixOf(shops[0]!.origin, facts, 0);
      const result = await load(
        run,
        {
          url: shops[0]!.origin,
          connections: CONNECTIONS,
          overallRate: candidate,
          duration: options.hold,
          warmup: Math.max(run.warmup, 10),
          mix: { kinds, origins: shops.map((x) => x.origin) },
        },
        shops.map((x) => x.child),
      );
      const why = judge(result);
      const s: Step = { rate: candidate, seconds: options.hold, result, ok: !why, ...(why ? { why } : {}) };
      steps.push(s);
      run.log(
        `  ${target.backend} day, two instances: ${candidate} req/s for ${options.hold} s: p99 ${fmtMs(result.latency.p99)} (${kindsP99(result)}), ${result.cpuMsPerRequest?.toFixed(3)} ms CPU/req${why ? `: ${why}` : ''}`,
      );
      candidate = climb.next(s);
      if (s.ok && climb.held() === s.rate) capacity = s;
    } finally {
      for (const x of shops) await x.child.stop();
    }
  }
  return { ...(capacity ? { capacity } : {}), steps };
}

function dayRow(
  backend: Target['backend'],
  capacity: Step | undefined,
  steps: Step[],
  c: Calibration,
  options: DayOptions,
  instances = 1,
): Row {
  const calibrationText = `bare Fastify route ${fmtRate(c.fastifyRps)}${c.fastifyCpuMs ? ` (${c.fastifyCpuMs.toFixed(3)} ms CPU/req)` : ''}, renderToString of the cart ${fmtRate(c.rendersPerSecond, 'renders/s')}`;
  const stepsText = steps
    .map((s) => `${s.rate}/s ${s.seconds} s: p99 ${fmtMs(s.result.latency.p99)}${s.why ? ` (${s.why})` : ''}`)
    .join('; ');
  const r = capacity?.result;
  const perKind = r?.kinds
    ? Object.entries(r.kinds)
        .map(([k, v]) => `${k} p99 ${fmtMs(v.latency.p99)}`)
        .join(', ')
    : '';
  return {
    scenario: `a shop's day: capacity at each kind's p99 < ${P99_MS} ms (orders ${ORDERS_P99_MS} ms), no errors, held ${options.hold} s twice in a row${instances > 1 ? `, ${instances} instances on the server core` : ''}`,
    backend,
    figure: r
      ? `${fmtRate(capacity!.rate)} held${steps.at(-1) === capacity ? ' (the last rate tried: a higher one may hold)' : ''} (p99 ${fmtMs(r.latency.p99)}; ${r.cpuMsPerRequest?.toFixed(3) ?? '?'} ms CPU/req, peak RSS ${Math.round(r.peakRssMb ?? 0)} MB; ${perKind}; ${r.resent ?? 0} resent)`
      : 'no rate held',
    baseline: `calibration in this run: ${calibrationText}`,
    ratio: capacity ? capacity.rate / c.fastifyRps : null,
    target: `reported: capacity, and ${capacity ? `${(capacity.rate / c.rendersPerSecond).toFixed(2)} x the renders/s` : '-'} (ratio: of the bare Fastify route)`,
    pass: capacity ? null : false,
    load: steps.length ? loadText(...steps.map((x) => x.result)) : '',
    note: `steps: ${stepsText}`,
    conditions: `open loop, ${CONNECTIONS} keep-alive connections${instances > 1 ? `, each kind's requests alternated over ${instances} instances by the load generator (no haproxy), CPU and peak RSS summed` : ''}; mix ${DAY_MIX.pages} % cached pages (br), ${DAY_MIX.api} % catalogue API, ${DAY_MIX.search} % distinct searches, ${DAY_MIX.cartWrites} % POST /api/cart (new carts), ${DAY_MIX.cartPages} % /cart and /checkout (3 lines), ${DAY_MIX.orders} % POST /api/orders (a one-line cart each, made ahead); ${backend}, durable commits (fsync on)`,
    data: { capacity: capacity ?? null, steps, calibration: c, mix: DAY_MIX, instances },
  };
}
