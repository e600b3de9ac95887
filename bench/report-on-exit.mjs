/**
 * Preloaded (`node --import ./bench/report-on-exit.mjs dist/node/cli.js ...`) into each CLI process that
 * bench/cli-replay-export.ts runs: when the process exits, writes one JSON line { code, seconds,
 * maxRssMb } to the file named by BENCH_REPORT_FILE. Plain JavaScript, so the compiled CLI runs with
 * no compiler loaded, as an operator runs it.
 */
import { writeFileSync } from 'node:fs';
import { peakRssMb } from './lib/peak-rss.mjs';

const started = performance.now();
process.on('exit', (code) => {
  writeFileSync(
    process.env.BENCH_REPORT_FILE,
    `${JSON.stringify({ code, seconds: (performance.now() - started) / 1000, maxRssMb: peakRssMb() })}\n`,
  );
});
