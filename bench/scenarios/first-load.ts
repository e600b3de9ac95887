import path from 'node:path';
import { BUDGET_ROUTES, JS_BUDGET_BYTES, firstLoadFromHtml, firstLoadFromManifest } from '../js-size.ts';
import type { LighthouseScores } from '../lighthouse.ts';
import type { BenchRun } from '../lib/bench-run.ts';
import { runJson, tsxArgs } from '../lib/process.ts';
import { fmtKb } from '../lib/report.ts';

/** First-load JS (from the build manifest, checked against the served HTML) and Lighthouse. */

export function jsFromManifest(run: BenchRun, build: string): void {
  const routes = firstLoadFromManifest(path.join(build, 'dist'));
  run.details.jsFromManifest = routes;
  for (const r of routes) {
    run.rows.push({
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

export async function jsFromHtml(run: BenchRun, origin: string, slug: string): Promise<void> {
  const fromHtml = [];
  for (const { route } of BUDGET_ROUTES) {
    const html = await (await fetch(origin + route.replace('{slug}', slug))).text();
    fromHtml.push(await firstLoadFromHtml(route, origin, html));
  }
  run.details.jsFromHtml = fromHtml;
  // The manifest rows are the verdict; the HTML crawl must agree with them.
  for (const r of fromHtml) {
    const row = run.rows.find((x) => x.scenario === `first-load JS ${r.route}`);
    if (!row) continue;
    const agree = Math.abs((row.data!.gzipBytes as number) - r.gzipBytes) <= 16;
    row.figure += agree ? '' : ` (HTML crawl: ${fmtKb(r.gzipBytes)})`;
    if (!agree)
      row.note = `the HTML names ${r.files.length} scripts (${fmtKb(r.gzipBytes)} gzip), the manifest closure ${Array.isArray(row.data!.files) ? (row.data!.files as unknown[]).length : '?'}`;
  }
}

/** A child's failure names its cause on its last `Error:` line; the stack above it says nothing more. */
function lastErrorLine(message: string): string {
  const lines = message.split('\n').filter((line) => line.trim().startsWith('Error'));
  return (lines.at(-1) ?? message).trim().slice(0, 300);
}

export async function lighthouseRows(run: BenchRun, origin: string, slug: string): Promise<void> {
  const urls = BUDGET_ROUTES.map(({ route }) => origin + route.replace('{slug}', slug));
  let results: LighthouseScores[];
  try {
    results = await runJson<LighthouseScores[]>(
      process.execPath,
      tsxArgs('bench/lighthouse.ts', [JSON.stringify({ urls })]),
      { timeoutMs: 10 * 60_000 },
    );
  } catch (error) {
    run.rows.push({
      scenario: 'Lighthouse',
      backend: '-',
      figure: '-',
      baseline: '-',
      ratio: null,
      target: 'perf >= 95, a11y/bp/seo = 100',
      pass: false,
      note: `Lighthouse did not run: ${lastErrorLine((error as Error).message)}`,
    });
    return;
  }
  run.details.lighthouse = results;
  results.forEach((r, i) => {
    const pass = r.performance >= 95 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100;
    const misses = Object.entries(r.misses)
      .map(([category, audits]) => `${category}: ${audits.join(', ')}`)
      .join('; ');
    run.rows.push({
      scenario: `Lighthouse mobile ${BUDGET_ROUTES[i]!.route}`,
      backend: '-',
      figure: `perf ${r.performance} (median of ${r.performanceRuns.join(', ')}), a11y ${r.accessibility}, bp ${r.bestPractices}, seo ${r.seo}`,
      baseline: '-',
      ratio: null,
      target: 'perf >= 95, others 100',
      pass,
      ...(pass
        ? {}
        : {
            note: `${misses} (LCP ${Math.round(r.metrics.lcpMs ?? 0)} ms, TBT ${Math.round(r.metrics.tbtMs ?? 0)} ms)`,
          }),
      data: { ...r },
    });
  });
}
