import os from 'node:os';
import type { RenderResult } from '../render-cart.ts';
import { type BenchRun, PAGE_CONNECTIONS } from '../lib/bench-run.ts';
import { type Child, SERVER_CORE, runJson, tsxArgs } from '../lib/process.ts';
import { fmtMs, fmtRate } from '../lib/report.ts';
import {
  type Measured,
  type Target,
  capture,
  cpuText,
  load,
  loadProblems,
  loadText,
  startShop,
} from '../lib/shop-process.ts';
import { steadyBaseline } from '../lib/steady-baseline.ts';
import { type CartAnswer, cartAnswer, writesOverHttp } from './cart-writes.ts';
import { shopsDay } from './shops-day.ts';
import { scaleOut } from './scale-out.ts';
import { journeysRows } from './journeys.ts';
import { writeRows } from './write-rows.ts';
import { ordersOverHttp } from './orders.ts';
import { type RunningShop, catalogueGets } from './catalogue-gets.ts';
import { jsFromHtml, lighthouseRows } from './first-load.ts';
import { searchRow } from './search.ts';
import { tracingRows } from './tracing.ts';
import { type ShopFacts, discover, shopperWith } from './shop-facts.ts';

/**
 * The scenarios against one running shop (PGlite or PostgreSQL): catalogue API, search and pages
 * against a bare Fastify serving the same bytes; the cart page against renderToString of its tree;
 * cart writes over HTTP and at the store against raw INSERTs.
 */

/** The cart page's latency is judged at this offered rate (open loop). */
const CART_OPEN_LOOP_RATE = 100;

async function cartPage(
  run: BenchRun,
  shop: Child,
  origin: string,
  facts: ShopFacts,
): Promise<{ cart: unknown; result?: Measured; openLoop?: Measured; html?: string; problem?: string }> {
  const { cookie, cart } = await shopperWith(origin, facts.lines.slice(0, 3));
  const page = await capture(origin, '/cart', { cookie });
  if (page.status !== 200) return { cart, problem: `GET /cart answered ${page.status}: no cart page in this build` };
  const result = await load(
    run,
    { url: origin, path: '/cart', headers: { cookie }, connections: PAGE_CONNECTIONS },
    shop,
  );
  const openLoop = await load(
    run,
    {
      url: origin,
      path: '/cart',
      headers: { cookie },
      connections: PAGE_CONNECTIONS,
      overallRate: CART_OPEN_LOOP_RATE,
    },
    shop,
  );
  return { cart, result, openLoop, html: page.body };
}

export async function benchBackend(run: BenchRun, build: string, target: Target): Promise<void> {
  const backend = target.backend;
  const shop: RunningShop = await run.phase(`${backend}: start the CLI server`, () => startShop(build, target));
  let facts: ShopFacts;
  let cart: Awaited<ReturnType<typeof cartPage>> | undefined;
  let answer: CartAnswer | undefined;
  try {
    facts = await discover(shop.origin);
    if (run.only.has('api') || run.only.has('pages')) {
      await run.phase(`${backend}: catalogue API and pages`, () =>
        catalogueGets(run, backend, shop, () => startShop(build, target), facts),
      );
    }
    if (run.only.has('search'))
      await run.phase(`${backend}: search, distinct queries`, () =>
        searchRow(run, backend, shop, () => startShop(build, target)),
      );
    if (run.only.has('cart'))
      cart = await run.phase(`${backend}: /cart`, () => cartPage(run, shop.child, shop.origin, facts));
    if (run.only.has('writes')) answer = await cartAnswer(shop.origin, facts);
    if (backend === 'pglite' && run.only.has('js'))
      await run.phase('first-load JS from the served HTML', () => jsFromHtml(run, shop.origin, facts.slug));
    if (backend === 'pglite' && run.only.has('lighthouse'))
      await run.phase('Lighthouse', () => lighthouseRows(run, shop.origin, facts.slug));
  } finally {
    await shop.child.stop();
  }

  // In-process baselines on the server core, with the server stopped (PGlite allows one process per data dir).
  if (cart) {
    if (cart.result) {
      const r = cart.result;
      const openLoop = cart.openLoop!;
      const render = () =>
        runJson<RenderResult>(
          process.execPath,
          tsxArgs('bench/render-cart.ts', [
            JSON.stringify({
              target,
              url: '/cart',
              cart: cart!.cart,
              seconds: Math.max(3, run.duration / 2),
              warmupSeconds: run.warmup,
            }),
          ]),
          {
            cwd: build,
            core: SERVER_CORE,
          },
        );
      const loadBefore = os.loadavg()[0]!;
      const { value: base, repeated } = await run.phase(`${backend}: renderToString baseline`, () =>
        steadyBaseline(render, (b) => b.rendersPerSecond),
      );
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
      run.rows.push({
        scenario: 'GET /cart (3 lines, session SSR)',
        backend,
        figure: '-',
        baseline: '-',
        ratio: null,
        target: `>= 0.3 x, p99 < 50 ms at ${CART_OPEN_LOOP_RATE} req/s offered`,
        pass: false,
        note: cart.problem!,
      });
    }
  }

  if (run.only.has('writes') && answer) {
    // Shop and reference route in rounds, a process of their own each run, after the half's shop has stopped.
    const http = await run.phase(`${backend}: POST /api/cart, alternated with the reference route`, () =>
      writesOverHttp(run, build, target, facts, answer!),
    );
    // Its own shop process: the variants it orders are restocked first, with no server on the data directory.
    const orders = await run.phase(`${backend}: POST /api/orders`, () => ordersOverHttp(run, build, target, facts));
    await writeRows(run, target, facts, http, orders);
  }
  // Its own shop processes, traced and not, after the half's shop has stopped.
  if (run.only.has('tracing'))
    await run.phase(`${backend}: POST /api/cart with tracing on and off`, () => tracingRows(run, build, target, facts));
  // Its own shop processes (a fresh one per held rate), after the half's shop has stopped.
  if (run.only.has('day')) await run.phase(`${backend}: a shop's day`, () => shopsDay(run, build, target, facts));
  if (run.only.has('scale'))
    await run.phase(`${backend}: scale-out behind haproxy`, () => scaleOut(run, build, target, facts));
  if (run.only.has('journeys'))
    await run.phase(`${backend}: shopper journeys behind haproxy`, () => journeysRows(run, build, target, facts));
}
