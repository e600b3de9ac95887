import type { LoadResult } from '../load.ts';
import { type BenchRun, PAGE_CONNECTIONS } from '../lib/bench-run.ts';
import type { Child } from '../lib/process.ts';
import { fmtKb, fmtMs, fmtRate } from '../lib/report.ts';
import { type Round, inRounds, roundText } from '../lib/rounds.ts';
import {
  type Measured,
  type Target,
  capture,
  checkBaseline,
  cpuText,
  load,
  loadProblems,
  loadText,
  meanOfRuns,
  startBaseline,
} from '../lib/shop-process.ts';
import type { ShopFacts } from './shop-facts.ts';

/** The Accept-Encoding Chromium sends with every page request. */
const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The half's running shop; replaced when a scenario starts it afresh. */
export interface RunningShop {
  child: Child;
  origin: string;
}

/**
 * The GET rows, each round against a shop process started afresh on the same data: one shop process
 * is fast or slow for its whole life (bench/README.md, "How it measures"), so a half's rows against one
 * process would all read its draw;
 * the median of three rounds spreads it over three.
 */
export async function catalogueGets(
  run: BenchRun,
  backend: Target['backend'],
  shop: RunningShop,
  restart: () => Promise<RunningShop>,
  facts: ShopFacts,
): Promise<void> {
  /** `openLoopRate`: p99 is judged at this offered rate (open loop), not at saturation. */
  const groups: Array<{
    name: string;
    paths: string[];
    judge: (r: LoadResult, ratio: number) => boolean;
    target: string;
    openLoopRate?: number;
    headers?: Record<string, string>;
  }> = [];
  if (run.only.has('api')) {
    groups.push({
      name: 'api',
      paths: ['/api/products', `/api/products/${facts.slug}`, `/api/products/${facts.productId}/variants`],
      judge: (_r, ratio) => ratio >= 0.8,
      target: '>= 0.8 x',
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
    // Each path's baseline checked before it is measured: a row against a baseline that answers something else fails.
    const unlike = new Map<string, string | undefined>();
    for (const c of captured) unlike.set(c.path, await checkBaseline(baseline.origin, [c], group.headers));
    const measured = new Map<
      string,
      { median: Round<Measured>; rounds: Array<Round<Measured>>; openLoop?: Measured; note?: string }
    >();
    try {
      for (const p of group.paths) {
        const spec = { path: p, connections: PAGE_CONNECTIONS, ...(group.headers ? { headers: group.headers } : {}) };
        const { rounds, median, note } = await inRounds(
          meanOfRuns,
          (warmed) => load(run, { url: baseline.origin, ...spec, warmed }, baseline.child),
          async () => {
            // Stopped first: on PGlite one process at a time holds the data directory.
            await shop.child.stop();
            Object.assign(shop, await restart());
            return load(run, { url: shop.origin, ...spec, warmed: false }, shop.child);
          },
        );
        if (note) run.log(`${p}: ${note}`);
        const openLoop = group.openLoopRate
          ? await load(run, { url: shop.origin, ...spec, overallRate: group.openLoopRate }, shop.child)
          : undefined;
        measured.set(p, { median, rounds, ...(openLoop ? { openLoop } : {}), ...(note ? { note } : {}) });
      }
    } finally {
      await baseline.child.stop();
    }
    for (const c of captured) {
      const { median, rounds, openLoop, note } = measured.get(c.path)!;
      const { r, b, ratio } = median;
      const baselineProblem = loadProblems(b);
      const problem =
        unlike.get(c.path) ??
        loadProblems(r) ??
        (openLoop && loadProblems(openLoop)) ??
        (baselineProblem && `the baseline: ${baselineProblem}`);
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
        note: [problem, `the median of ${rounds.length} rounds: ${rounds.map(roundText).join(', ')}`, note]
          .filter(Boolean)
          .join('; '),
        data: {
          measured: r,
          baseline: b,
          ...(openLoop ? { openLoop } : {}),
          rounds,
          bytes: Buffer.byteLength(c.body),
          connections: PAGE_CONNECTIONS,
        },
        conditions: `${PAGE_CONNECTIONS} connections closed-loop (wrk)${group.openLoopRate ? ` and ${fmtRate(group.openLoopRate)} offered open-loop` : ''}; payload ${c.encoded ? `${fmtKb(Buffer.from(c.encoded.base64, 'base64').length)} ${c.encoded.encoding}` : `${fmtKb(Buffer.byteLength(c.body))} JSON`}, served from the answer cache; ${backend} (no writes)`,
      });
    }
  }
}
