/**
 * An open-loop load: requests sent on a fixed schedule (`rate` per second, evenly spaced) over a pool of
 * keep-alive connections, whatever the answers' pace. Latency is measured from each request's scheduled
 * time, so a server that falls behind is charged for the wait of every request queued behind it
 * (no coordinated omission).
 *
 * Not autocannon's `overallRate`: it releases each second's quota in a burst at the start of the second,
 * so its p99 is a figure of the generator, not of the server (bench/README.md, "How it measures"); wrk2
 * and k6 are not on this machine. Each request may be a different one (`next(i)`: a mix of kinds, distinct
 * search queries), and the figures are kept per kind as well as overall.
 */
import http from 'node:http';
import type { LoadResult } from './load.ts';

export interface OpenLoopRequest {
  kind: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** An answer from the answer cache (`x-cache: hit`) is not counted: this request is to be made afresh. */
  missOnly?: boolean;
  /** Told the answer's headers (a cart's cookie, kept for its next request). */
  answered?: (headers: http.IncomingHttpHeaders) => void;
}

export interface OpenLoopSpec {
  /** The origin, or with no `next` the one URL every request GETs. */
  url: string;
  rate: number;
  connections: number;
  /** Seconds. */
  duration: number;
  /** The i-th request of the run (default: GET `url`). */
  next?: (i: number) => OpenLoopRequest;
  timeoutMs?: number;
}

/** One kind's figures within a run. */
export interface KindResult {
  count: number;
  latency: { mean: number; p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Answers marked `x-cache: hit` (left out of the latencies when the kind is `missOnly`). */
  cacheHits: number;
  /** Answers with no `x-cache` header (the route keeps no answers) or `miss`. */
  cacheMisses: number;
  /** Requests sent again on a new connection after a kept-alive one was reset as they went out. */
  resent: number;
}

export type OpenLoopResult = LoadResult & { offered: number; kinds: Record<string, KindResult>; resent: number };

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Tally {
  latencies: number[];
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  hits: number;
  misses: number;
  resent: number;
}
const tally = (): Tally => ({ latencies: [], statusCodes: {}, errors: 0, timeouts: 0, hits: 0, misses: 0, resent: 0 });

function summary(t: Tally) {
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const total = sorted.length;
  const non2xx = Object.entries(t.statusCodes).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
  return {
    total,
    latency: {
      mean: total ? sorted.reduce((a, b) => a + b, 0) / total : 0,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    },
    non2xx,
  };
}

export async function openLoop(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const next = spec.next ?? (() => ({ kind: 'get', path: spec.url }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const intervalMs = 1000 / spec.rate;
  const count = Math.round(spec.rate * spec.duration);
  const all = tally();
  const kinds = new Map<string, Tally>();
  let bytes = 0;
  const start = performance.now();
  const pending: Array<Promise<void>> = [];
  const send = (scheduled: number, r: OpenLoopRequest, retried = false) =>
    new Promise<void>((resolve) => {
      let kind = kinds.get(r.kind);
      if (!kind) kinds.set(r.kind, (kind = tally()));
      const k = kind;
      const headers = {
        ...(r.headers ?? {}),
        ...(r.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(r.body)) }),
      };
      const request = http.request(
        new URL(r.path, spec.url),
        { method: r.method ?? 'GET', agent, headers, timeout: spec.timeoutMs ?? 10_000 },
        (response) => {
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => {
            const ms = performance.now() - scheduled;
            r.answered?.(response.headers);
            const hit = response.headers['x-cache'] === 'hit';
            if (hit) k.hits++;
            else k.misses++;
            if (!(hit && r.missOnly)) {
              const code = String(response.statusCode);
              for (const t of [all, k]) {
                t.latencies.push(ms);
                t.statusCodes[code] = (t.statusCodes[code] ?? 0) + 1;
              }
            }
            resolve();
          });
        },
      );
      request.on('timeout', () => {
        all.timeouts++;
        k.timeouts++;
        request.destroy();
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed as this request went out (its idle timeout): sent
        // again once on a new one, as browsers do, still timed from when it was due. Not the server's failure.
        // Counted: a run that resends often is a run whose server closes connections under load.
        if (request.reusedSocket && error.code === 'ECONNRESET' && !retried) {
          all.resent++;
          k.resent++;
          return void send(scheduled, r, true).then(resolve);
        }
        all.errors++;
        k.errors++;
        resolve();
      });
      request.end(r.body);
    });
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < count && start + sent * intervalMs <= now) {
        pending.push(send(start + sent * intervalMs, next(sent)));
        sent++;
      }
      if (sent >= count) return done();
      setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  const elapsedS = (performance.now() - start) / 1000;
  const overall = summary(all);
  const byKind: Record<string, KindResult> = {};
  for (const [name, t] of kinds) {
    const s = summary(t);
    const { p90: _p90, ...latency } = s.latency;
    byKind[name] = {
      count: s.total,
      latency,
      non2xx: s.non2xx,
      errors: t.errors,
      timeouts: t.timeouts,
      statusCodes: t.statusCodes,
      cacheHits: t.hits,
      cacheMisses: t.misses,
      resent: t.resent,
    };
  }
  return {
    rps: overall.total / elapsedS,
    offered: spec.rate,
    total: overall.total,
    latency: overall.latency,
    non2xx: overall.non2xx,
    errors: all.errors,
    timeouts: all.timeouts,
    statusCodes: all.statusCodes,
    bytesPerRequest: overall.total ? Math.round(bytes / overall.total) : 0,
    kinds: byKind,
    resent: all.resent,
  };
}
