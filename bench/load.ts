/**
 * The load generator, run as its own process (pinned to the load core by bench/run.ts):
 *   node --import tsx bench/load.ts '<json spec>'
 * Loads 127.0.0.1 (a warm-up, then the measured run, announced by a `measuring` line) and prints one
 * JSON line. One GET path is loaded with wrk (bench/wrk.ts), a sequence of requests with autocannon,
 * an offered rate with bench/open-loop.ts.
 */
import autocannon from 'autocannon';
import { type MixSpec, cookieOf, mixRequests, shareOf } from './lib/mix.ts';
import { type KindResult, openLoop } from './open-loop.ts';
import { type Warmup, warmUntilSteady } from './steady.ts';
import { wrk } from './wrk.ts';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Keep the `set-cookie` of this response for the next requests of the same sequence. */
  captureCookie?: boolean;
  /** Send the captured cookie. */
  useCookie?: boolean;
}

export interface LoadSpec {
  url: string;
  connections: number;
  /** Seconds measured. */
  duration: number;
  /**
   * Seconds of warm-up load before the measurement (not counted): at least this long, and on, in
   * one-second windows, until the pace stops rising (bench/steady.ts), at most MAX_WARMUP_SECONDS.
   * An open-loop load warms for exactly this long (it follows a closed-loop load of the same path).
   */
  warmup: number;
  /**
   * The server has already run this path at its steady pace (an earlier round of the same row): the
   * warm-up is exactly `warmup` seconds, enough for fresh connections, with no wait for a steady pace.
   */
  warmed?: boolean;
  /** One GET path, or a sequence each connection walks through and restarts (with a fresh context). */
  path?: string;
  headers?: Record<string, string>;
  requests?: LoadRequest[];
  /**
   * A sequence only: the indexes it may start at. Each time a connection starts the sequence it takes the
   * next of these in turn and walks the whole sequence from there, round to where it began. Autocannon
   * starts every connection at the first request, so in a run of a few passes the beginning of a long
   * sequence would be walked more often than its end.
   */
  starts?: number[];
  /**
   * Open loop: offer this many requests per second in all, evenly spaced, whatever the answers' pace
   * (bench/open-loop.ts), to read latency at a given load rather than at saturation: one GET path, or
   * `mix`.
   */
  overallRate?: number;
  /** Open loop only: a mix of requests (kinds, weights, distinct search queries) instead of one path. */
  mix?: MixSpec;
}

export interface LoadResult {
  /** Mean requests per second over the measured run. */
  rps: number;
  total: number;
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytesPerRequest: number;
  /** The closed-loop warm-up: how long, and the requests answered in each of its windows. */
  warmup?: Warmup;
  /** Open loop: the rate offered, and the figures of each kind of request. */
  offered?: number;
  kinds?: Record<string, KindResult>;
  /** Open loop: requests sent again after a kept-alive connection was reset as they went out. */
  resent?: number;
  /** Distinct search queries sent (warm-up included): where the next run on the same shop starts. */
  searchesSent?: number;
  /** Carts filled line by line: carts started afresh because a first answer was not back in time (lib/mix.ts). */
  cartsRestarted?: number;
}

function onlyLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new Error(`load only goes to this machine, not ${host}`);
}

/**
 * A sequence of requests (autocannon's): each connection walks through it, carrying its cookie. Slot i
 * of a pass that starts at `start` sends request (start + i) mod n (`LoadSpec.starts`).
 */
function sequenceOptions(spec: LoadSpec, requests: LoadRequest[], duration: number): autocannon.Options {
  const starts = spec.starts ?? [0];
  let passes = 0;
  const at = (slot: number, context: Record<string, unknown>) =>
    requests[((context.start as number) + slot) % requests.length]!;
  return {
    url: spec.url,
    connections: spec.connections,
    duration,
    pipelining: 1,
    timeout: 10,
    requests: requests.map((_, slot) => ({
      setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
        // The context is fresh at each pass: its first slot draws the pass's start.
        if (slot === 0) context.start = starts[passes++ % starts.length];
        const r = at(slot, context);
        const headers: Record<string, string> = { ...(spec.headers ?? {}), ...(r.headers ?? {}) };
        if (r.useCookie && typeof context.cookie === 'string') headers.cookie = context.cookie;
        return {
          ...req,
          method: r.method ?? 'GET',
          path: r.path,
          headers,
          ...(r.body === undefined ? {} : { body: r.body }),
        };
      },
      onResponse: (
        _status: number,
        _body: string,
        context: Record<string, unknown>,
        headers?: Record<string, string | string[]>,
      ) => {
        if (!at(slot, context).captureCookie) return;
        const setCookie = headers?.['set-cookie'];
        const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
        if (first) context.cookie = first.split(';')[0];
      },
    })) as autocannon.Request[],
  };
}

/** One closed-loop run, whichever tool made it. */
interface ClosedRun {
  total: number;
  seconds: number;
  latency: LoadResult['latency'];
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytes: number;
}

/**
 * A sequence needs autocannon's per-connection context (a cookie carried from one answer to the next
 * request); one GET path is loaded with wrk, which costs the load core far less per answer.
 */
function closedLoop(spec: LoadSpec): (seconds: number) => Promise<ClosedRun> {
  const { requests } = spec;
  if (requests) {
    return async (seconds) => {
      const r = await new Promise<autocannon.Result>((resolve, reject) => {
        autocannon(sequenceOptions(spec, requests, seconds), (err, result) => (err ? reject(err) : resolve(result)));
      });
      const statusCodes: Record<string, number> = {};
      for (const [code, value] of Object.entries(r.statusCodeStats ?? {}))
        statusCodes[code] = (value as { count: number }).count;
      const { mean, p50, p90, p99, max } = r.latency;
      return {
        total: r.requests.total,
        seconds: r.duration || seconds,
        latency: { mean, p50, p90, p99, max },
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        statusCodes,
        bytes: r.throughput.total,
      };
    };
  }
  const url = new URL(spec.path ?? '/', spec.url).toString();
  return async (seconds) => {
    const r = await wrk(url, {
      connections: spec.connections,
      seconds,
      ...(spec.headers ? { headers: spec.headers } : {}),
    });
    const statusCodes: Record<string, number> = r.badStatus > 0 ? { '400 or more': r.badStatus } : {};
    return {
      total: r.requests,
      seconds: r.seconds,
      latency: r.latency,
      non2xx: r.badStatus,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes,
      bytes: r.bytes,
    };
  };
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  onlyLoopback(spec.url);
  if (spec.overallRate) return openLoopLoad(spec, spec.overallRate);
  const run = closedLoop(spec);
  const warmup = await warmUntilSteady(async (seconds) => (await run(seconds)).total, {
    minSeconds: spec.warmup,
    ...(spec.warmed ? { maxSeconds: spec.warmup } : {}),
  });
  // The parent reads the server's CPU time on this line: the measured run starts now.
  process.stdout.write('measuring\n');
  const { total, seconds, bytes, ...r } = await run(spec.duration);
  return { rps: total / seconds, total, ...r, bytesPerRequest: total > 0 ? Math.round(bytes / total) : 0, warmup };
}

async function openLoopLoad(spec: LoadSpec, rate: number): Promise<LoadResult> {
  if (spec.requests) throw new Error('an open-loop load sends one GET path or a mix, not a sequence');
  const total = Math.round(rate * spec.warmup) + Math.round(rate * spec.duration);
  const mix = spec.mix ? mixRequests(spec.mix, await cartsAhead(spec.mix, spec.url, total)) : undefined;
  const one = { kind: 'get', path: spec.path ?? '/', ...(spec.headers ? { headers: spec.headers } : {}) };
  const next = mix ? mix.next : () => one;
  const run = (duration: number) => openLoop({ url: spec.url, rate, connections: spec.connections, duration, next });
  if (spec.warmup > 0) await run(spec.warmup);
  process.stdout.write('measuring\n');
  const result = await run(spec.duration);
  const restarted = mix?.cartsRestarted() ?? 0;
  return {
    ...result,
    ...(mix ? { searchesSent: mix.searchesSent() } : {}),
    ...(restarted ? { cartsRestarted: restarted } : {}),
  };
}

/**
 * For each kind of a mix that places orders, the session cookies of as many one-line carts as a run of
 * `total` requests may order, made before the run (a few at a time) so that every order has a cart.
 */
async function cartsAhead(mix: MixSpec, url: string, total: number): Promise<Map<string, string[]>> {
  const carts = new Map<string, string[]>();
  for (const kind of mix.kinds) {
    if (!kind.checkout || kind.weight <= 0) continue;
    const { cartBodies } = kind.checkout;
    const needed = shareOf(mix, kind, total);
    const cookies: string[] = [];
    let made = 0;
    const maker = async () => {
      while (made < needed) {
        const body = cartBodies[made++ % cartBodies.length]!;
        const answer = await fetch(new URL('/api/cart', url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        if (answer.status !== 201)
          throw new Error(`a cart for ${kind.kind} was refused: ${answer.status} ${await answer.text()}`);
        cookies.push(cookieOf({ 'set-cookie': answer.headers.getSetCookie() }));
      }
    };
    await Promise.all(Array.from({ length: 8 }, maker));
    carts.set(kind.kind, cookies);
  }
  return carts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  const result = await load(spec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
