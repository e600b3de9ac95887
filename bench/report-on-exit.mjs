/**
 * Preloaded (`node --import ./bench/report-on-exit.mjs dist/node/cli.js ...`) into each CLI process that
 * bench/cli-replay-export.ts runs: when the process exits, writes one JSON line { code, seconds,
 * maxRssMb } to the file named by BENCH_REPORT_FILE. Plain JavaScript, so the compiled CLI runs with
 * no compiler loaded, as an operator runs it.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const started = performance.now();
process.on('exit', (code) => {
  writeFileSync(process.env.BENCH_REPORT_FILE, `${JSON.stringify({ code, seconds: (performance.now() - started) / 1000, maxRssMb: peakRssMb() })}\n`);
});

/**
 * The peak resident set of this process's own memory, its worker threads included (they share it):
 * VmHWM. Not `process.resourceUsage().maxRSS`: Linux carries the spawning process's resident set
 * into it across fork and exec, so a command started by a parent holding 400 MB reported 400 MB
 * while its own peak was 40 MB.
 */
function peakRssMb() {
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}
