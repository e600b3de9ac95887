/**
 * Warm-up until the work runs at its steady pace. A fresh server needs thousands of requests before V8
 * has optimised the hot code of Vike, React and Fastify, and its CPU per request falls in steps with
 * plateaus between them (bench/README.md, "How it measures").
 * A fixed one-second warm-up therefore measured the JIT's progress, not the server, and the in-process
 * baselines (which warm up far sooner) made the ratio look worse than it is.
 *
 * The rule: run the work in windows; it is steady once the mean of the last SPAN windows is not more
 * than TOLERANCE above the mean of the SPAN windows before them (still rising = still warming; level or
 * falling = steady: a write load may slow as its tables grow). Comparing blocks of windows rather than
 * two single windows keeps a short plateau from passing for the end of the warm-up.
 */

/** The longest warm-up (seconds) before measuring anyway. */
export const MAX_WARMUP_SECONDS = 30;

/** How long a warm-up of at least `minSeconds` may last. */
export const longestWarmup = (minSeconds: number) => Math.max(minSeconds, MAX_WARMUP_SECONDS);
export const STEADY_SPAN = 4;
export const STEADY_TOLERANCE = 0.03;

export interface SteadyOptions {
  /** Warm at least this long (seconds). */
  minSeconds: number;
  /** Give up waiting (seconds): the measurement then starts anyway. Default: longestWarmup(minSeconds). */
  maxSeconds?: number;
  /** Length of one window (seconds). */
  windowSeconds?: number;
}

export interface Warmup {
  seconds: number;
  /** Work done in each window (requests, renders). */
  windows: number[];
  steady: boolean;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Whether work counted in consecutive equal windows has stopped rising. */
export function isSteady(windows: number[], span = STEADY_SPAN, tolerance = STEADY_TOLERANCE): boolean {
  if (windows.length < 2 * span) return false;
  return mean(windows.slice(-span)) <= mean(windows.slice(-2 * span, -span)) * (1 + tolerance);
}

/** Runs `runWindow(seconds)` (it returns the work done) until the pace is steady. */
export async function warmUntilSteady(
  runWindow: (seconds: number) => number | Promise<number>,
  { minSeconds, maxSeconds = longestWarmup(minSeconds), windowSeconds = 1 }: SteadyOptions,
): Promise<Warmup> {
  const windows: number[] = [];
  let seconds = 0;
  while (seconds < maxSeconds) {
    windows.push(await runWindow(windowSeconds));
    seconds += windowSeconds;
    if (seconds >= minSeconds && isSteady(windows)) return { seconds, windows, steady: true };
  }
  return { seconds, windows, steady: false };
}
