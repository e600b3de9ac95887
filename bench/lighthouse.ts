/**
 * Lighthouse (npm `lighthouse`, its default mobile profile: Moto G Power emulation, simulated slow 4G
 * and 4x CPU slowdown) on each URL, in Debian's Chromium, headless. Run as its own process:
 *   node --import tsx bench/lighthouse.ts '<json: { urls: string[], chromePath? }>'
 * Prints one JSON line: per URL the four category scores (0-100) and the failing audits of the
 * categories below 100, so a miss says why.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: Record<string, number | undefined>;
  /** Audits that lost points, by category: "id (score)". */
  misses: Record<string, string[]>;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

export async function runLighthouse(urls: string[], chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'): Promise<LighthouseScores[]> {
  for (const url of urls) {
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`Lighthouse only audits this machine, not ${host}`);
  }
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const results: LighthouseScores[] = [];
    for (const url of urls) {
      const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = runner;
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
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
        .filter((a) => a.score !== null && a.score < 1 && (a.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs)
        .map((a) => `${a.id} (-${Math.round((a.details as { overallSavingsMs: number }).overallSavingsMs)} ms)`);
      if (opportunities.length > 0) misses.opportunities = opportunities;
      const metric = (id: string) => lhr.audits[id]?.numericValue;
      results.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
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
  const spec = JSON.parse(process.argv[2] ?? '{}') as { urls: string[]; chromePath?: string };
  const results = await runLighthouse(spec.urls, spec.chromePath);
  process.stdout.write(`${JSON.stringify(results)}\n`);
  process.exit(0);
}
