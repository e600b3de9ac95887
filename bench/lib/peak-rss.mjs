/**
 * A process's peak resident set in MB: VmHWM, the high-water mark of its own memory, worker threads
 * included (they share it). Plain JavaScript: `report-on-exit.mjs` loads it into the compiled CLI,
 * which runs with no compiler. Not `process.resourceUsage().maxRSS`: Linux carries the spawning
 * process's resident set into it across fork and exec, so a small command started by a large parent
 * reported the parent's size. Undefined where /proc has none.
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
