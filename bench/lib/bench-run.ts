import path from 'node:path';
import { ROOT } from './process.ts';
import type { Row } from './report.ts';

/** Concurrent connections for the page and API loads, and clients for the write loads. */
export const PAGE_CONNECTIONS = 50;
export const WRITE_CLIENTS = 16;
/** The bench's own folder: its build, data directories and baseline specs. */
export const BENCH_ROOT = path.join(ROOT, '.tmp/bench');

export interface BenchSettings {
  /** Seconds of measured load per scenario; the warm-up before it is a fifth of that (at least 1 s). */
  duration: number;
  /** The scenarios to run (see run.ts). */
  only: ReadonlySet<string>;
  /** Run the CLI scenarios on PGlite as well as PostgreSQL. */
  cliPglite: boolean;
  /** A shop's day: seconds each candidate rate is held, and seconds of each probe step of the ramp. */
  hold?: number;
  probe?: number;
}

/** One `npm run bench`: its settings, and the rows, details and timings every scenario adds to. */
export class BenchRun {
  readonly rows: Row[] = [];
  readonly details: Record<string, unknown> = {};
  readonly timings: Record<string, number> = {};
  readonly startedAt = Date.now();
  readonly duration: number;
  readonly warmup: number;
  readonly only: ReadonlySet<string>;
  readonly cliPglite: boolean;
  readonly hold: number;
  readonly probe: number;

  constructor(settings: BenchSettings) {
    this.hold = settings.hold ?? 60;
    this.probe = settings.probe ?? 5;
    this.duration = settings.duration;
    this.warmup = Math.max(1, Math.round(settings.duration / 5));
    this.only = settings.only;
    this.cliPglite = settings.cliPglite;
  }

  /** Progress on stderr (stdout is the table). */
  log(message: string): void {
    process.stderr.write(`[bench ${((Date.now() - this.startedAt) / 1000).toFixed(0).padStart(4)}s] ${message}\n`);
  }

  /** Runs one step, says so, and records how long it took. */
  async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    this.log(`${name} ...`);
    try {
      return await work();
    } finally {
      this.timings[name] = (Date.now() - started) / 1000;
    }
  }
}
