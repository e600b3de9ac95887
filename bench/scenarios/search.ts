import { type BenchRun, PAGE_CONNECTIONS } from '../lib/bench-run.ts';
import { fmtMs, fmtRate } from '../lib/report.ts';
import { searchPath, searchQueries } from '../lib/search-queries.ts';
import {
  type Target,
  capture,
  checkBaseline,
  cpuText,
  load,
  loadProblems,
  loadText,
  startBaseline,
} from '../lib/shop-process.ts';
import type { RunningShop } from './catalogue-gets.ts';

/** The instant search is judged at this offered rate (open loop), every query a distinct one. */
export const SEARCH_RATE = 500;
const SEARCH_P99_MS = 20;

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Search as shoppers use it: distinct queries from a realistic list (bench/lib/search-queries.ts:
 * prefixes while typing, typos, plurals, two words, no match), each sent once, at SEARCH_RATE offered,
 * to a shop process started afresh (no answer kept from before). An answer marked `x-cache: hit` is
 * not counted. The baseline is a bare Fastify answering every one of those URLs with the bytes the shop
 * answered (checked before it is measured), under the same schedule.
 */
export async function searchRow(
  run: BenchRun,
  backend: Target['backend'],
  shop: RunningShop,
  restart: () => Promise<RunningShop>,
): Promise<void> {
  const warmup = Math.max(run.warmup, 5);
  const count = Math.ceil(SEARCH_RATE * (warmup + run.duration)) + 10;
  const urls = searchQueries().slice(0, count).map(searchPath);
  if (urls.length < count) throw new Error(`the search list holds ${urls.length} queries, a run needs ${count}`);
  const captured = await run.phase(`${backend}: the shop's answers to ${count} distinct searches`, () =>
    inParallel(urls, 8, (u) => capture(shop.origin, u)),
  );
  const failed = captured.filter((c) => c.status !== 200);
  const baseline = await startBaseline(captured);
  let unlike: string | undefined;
  try {
    unlike = await run.phase(`${backend}: the baseline checked on every search`, async () => {
      const checks = await inParallel(captured, 8, (c) => checkBaseline(baseline.origin, [c]));
      const wrong = checks.filter(Boolean);
      return wrong.length ? `${wrong.length} of ${captured.length} searches: ${wrong[0]}` : undefined;
    });
    const spec = {
      connections: PAGE_CONNECTIONS,
      overallRate: SEARCH_RATE,
      warmup,
      mix: { kinds: [{ kind: 'search', weight: 1, searchFrom: 0 }] },
    };
    const base = await load(run, { url: baseline.origin, ...spec }, baseline.child);
    // A fresh process: the answers the capture made are not in it.
    await shop.child.stop();
    Object.assign(shop, await restart());
    const r = await load(run, { url: shop.origin, ...spec }, shop.child);
    const kind = r.kinds?.search;
    const hits = kind?.cacheHits ?? 0;
    const problem = [
      unlike,
      failed.length ? `${failed.length} searches answered ${failed[0]!.status} (${failed[0]!.path})` : undefined,
      loadProblems(r),
      hits ? `${hits} answers came from the answer cache and were not counted` : undefined,
    ]
      .filter(Boolean)
      .join('; ');
    run.rows.push({
      scenario: `GET /api/search, distinct queries (typing, typos, plurals, no match)`,
      backend,
      figure: `p99 ${fmtMs(r.latency.p99)} at ${fmtRate(SEARCH_RATE, 'queries/s')} offered (${fmtRate(r.rps)} answered, p50 ${fmtMs(r.latency.p50)}), ${r.cpuMsPerRequest?.toFixed(3) ?? '?'} ms CPU/query, ${kind?.cacheMisses ?? 0} made afresh, ${hits} from the cache${cpuText({ ...r, cpuMsPerRequest: undefined })}`,
      baseline: `p99 ${fmtMs(base.latency.p99)}${cpuText(base)} (bare Fastify, the shop's bytes for each of the ${count} URLs)`,
      cpuRatio: r.cpuMsPerRequest && base.cpuMsPerRequest ? base.cpuMsPerRequest / r.cpuMsPerRequest : null,
      ratio: null,
      target: `p99 < ${SEARCH_P99_MS} ms at ${SEARCH_RATE} queries/s offered, no cached answer counted`,
      pass: !problem && r.latency.p99 < SEARCH_P99_MS && (kind?.count ?? 0) >= 0.9 * SEARCH_RATE * run.duration,
      load: loadText(r, base),
      ...(problem ? { note: problem } : {}),
      conditions: `open loop, ${SEARCH_RATE} queries/s evenly spaced over ${PAGE_CONNECTIONS} keep-alive connections, ${warmup} s warm-up then ${run.duration} s, each of ${count} distinct queries once; payload ${Math.round(r.bytesPerRequest)} bytes JSON mean; ${backend} (no writes)`,
      data: { measured: r, baseline: base, queries: count, sample: urls.slice(0, 20) },
    });
  } finally {
    await baseline.child.stop();
  }
}
