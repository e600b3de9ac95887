/**
 * An open-loop load: requests sent on a fixed schedule (`rate` per second, evenly spaced) over a pool of
 * keep-alive connections, whatever the answers' pace. Latency is measured from each request's scheduled
 * time, so a server that falls behind is charged for the wait of every request queued behind it
 * (no coordinated omission).
 *
 * Not autocannon's `overallRate`: it releases each second's quota in a burst at the start of the second,
 * so its p99 is a figure of the generator, not of the server (bench/README.md, "How it measures").
 */
import http from 'node:http';
import type { LoadResult } from './load.ts';

export interface OpenLoopSpec {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  connections: number;
  /** Seconds. */
  duration: number;
  timeoutMs?: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);

export async function openLoop(spec: OpenLoopSpec): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const intervalMs = 1000 / spec.rate;
  const count = Math.round(spec.rate * spec.duration);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  const start = performance.now();
  const pending: Array<Promise<void>> = [];
  const send = (scheduled: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(spec.url, { agent, headers: spec.headers ?? {}, timeout: spec.timeoutMs ?? 10_000 }, (response) => {
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          latencies.push(performance.now() - scheduled);
          const code = String(response.statusCode);
          statusCodes[code] = (statusCodes[code] ?? 0) + 1;
          resolve();
        });
      });
      request.on('timeout', () => {
        timeouts++;
        request.destroy();
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
    });
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < count && start + sent * intervalMs <= now) pending.push(send(start + sent++ * intervalMs));
      if (sent >= count) return done();
      setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  const elapsedS = (performance.now() - start) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const total = latencies.length;
  const non2xx = Object.entries(statusCodes).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
  return {
    rps: total / elapsedS,
    total,
    latency: {
      mean: total ? latencies.reduce((a, b) => a + b, 0) / total : 0,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
    },
    non2xx,
    errors,
    timeouts,
    statusCodes,
    bytesPerRequest: total ? Math.round(bytes / total) : 0,
  };
}
