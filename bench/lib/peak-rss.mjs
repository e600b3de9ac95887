/**
 * A process's peak resident set in MB: VmHWM, the high-water mark of its own memory, worker threads
 * included (they share it). Plain JavaScript: `report-on-exit.mjs` loads it into the compiled CLI,
 * which runs with no compiler. Not `process.resourceUsage().maxRSS`: Linux carries the spawning
 * process's resident set into it across fork and exec, so a command started by a parent holding 400 MB
 * reported 400 MB while its own peak was 40 MB. Undefined where /proc has none.
 */
import { readFileSync } from 'node:fs';

export function peakRssMb(pid = 'self') {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
