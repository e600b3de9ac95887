/**
 * Lighthouse (npm `lighthouse`, its default mobile profile: Moto G Power emulation, simulated slow 4G
 * and 4x CPU slowdown) on each URL, in Debian's Chromium, headless. Run as its own process:
 *   node --import tsx bench/lighthouse.ts '<json: { urls: string[], chromePath?, runs? }>'
 * Prints one JSON line: per URL the four category scores (0-100) and the failing audits of the
 * categories below 100, so a miss says why.
 *
 * One Lighthouse run is noisy: its simulated 4x slowdown multiplies whatever main-thread time this
 * machine measured, so another process on the two cores inflates total blocking time several-fold.
 * As Lighthouse's own variability guide advises, each URL is audited several times and the run
 * nearest the median FCP and TTI (Lighthouse's `computeMedianRun`) is the one reported, with the
 * spread of the performance scores beside it.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: Record<string, number | undefined>;
  /** Performance score of every run, in run order; the fields above are the median run's. */
  performanceRuns: number[];
  /** Audits that lost points, by category: "id (score)". */
  misses: Record<string, string[]>;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

export const DEFAULT_RUNS = 3;
const MAX_FAILED_RUNS = 2;

export async function runLighthouse(
  urls: string[],
  chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium',
  runs = DEFAULT_RUNS,
): Promise<LighthouseScores[]> {
  for (const url of urls) {
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost')
      throw new Error(`Lighthouse only audits this machine, not ${host}`);
  }
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const results: LighthouseScores[] = [];
    for (const url of urls) {
      const lhrs: RunnerResult['lhr'][] = [];
      // A run whose trace Chromium failed to record (NO_NAVSTART and the like, which ask to "run
      // Lighthouse again") is run again, at most MAX_FAILED_RUNS times per URL.
      let failed = 0;
      while (lhrs.length < runs) {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
        const error = runner.lhr.runtimeError;
        if (!error) lhrs.push(runner.lhr);
        else if (++failed > MAX_FAILED_RUNS)
          throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
      }
      // The helper's declaration names Lighthouse's global LH namespace, which its package does not export.
      const lhr = (computeMedianRun as (runs: RunnerResult['lhr'][]) => RunnerResult['lhr'])(lhrs);
      const scoreOf = (result: RunnerResult['lhr'], id: string) =>
        Math.round((result.categories[id]?.score ?? 0) * 100);
      const score = (id: string) => scoreOf(lhr, id);
      const misses: Record<string, string[]> = {};
      for (const id of CATEGORIES) {
        const category = lhr.categories[id];
        if (!category || category.score === 1) continue;
        misses[id] = category.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.score})`);
      }
      // Performance opportunities and diagnostics that cost time, so a miss says what to fix.
      const opportunities = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            (a.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs,
        )
        .map((a) => `${a.id} (-${Math.round((a.details as { overallSavingsMs: number }).overallSavingsMs)} ms)`);
      if (opportunities.length > 0) misses.opportunities = opportunities;
      const metric = (id: string) => lhr.audits[id]?.numericValue;
      results.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        performanceRuns: lhrs.map((result) => scoreOf(result, 'performance')),
        metrics: {
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
        },
        misses,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = JSON.parse(process.argv[2] ?? '{}') as { urls: string[]; chromePath?: string; runs?: number };
  const results = await runLighthouse(spec.urls, spec.chromePath, spec.runs);
  process.stdout.write(`${JSON.stringify(results)}\n`);
  process.exit(0);
}
