/**
 * Runs one dino-shop CLI command in this process and reports what it cost, for bench/cli-replay-export.ts:
 *   node --import tsx bench/cli-measured.ts <dino-shop args...>
 * The command's own output goes where it always does; after it ends, one JSON line
 * { code, seconds, maxRssMb } is written to the file named by BENCH_REPORT_FILE.
 */
import { writeFileSync } from 'node:fs';
import { runCli } from '../cli/main.ts';

const started = performance.now();
const code = await runCli(process.argv);
const seconds = (performance.now() - started) / 1000;
// maxRSS is in kilobytes: the peak resident set of this whole process (Node, tsx, the command).
const maxRssMb = process.resourceUsage().maxRSS / 1024;
if (process.env.BENCH_REPORT_FILE) writeFileSync(process.env.BENCH_REPORT_FILE, `${JSON.stringify({ code, seconds, maxRssMb })}\n`);
process.exitCode = code;
