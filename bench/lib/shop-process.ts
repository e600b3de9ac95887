import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import type { BaselineRoute } from '../baseline-server.ts';
import type { LoadResult, LoadSpec } from '../load.ts';
import { longestWarmup } from '../steady.ts';
import { BENCH_ROOT, type BenchRun } from './bench-run.ts';
import os from 'node:os';
import {
  type Child,
  LOAD_CORE,
  SERVER_CORE,
  cpuSeconds,
  freePort,
  peakRssMb,
  sleep,
  resetPeakRss,
  runJson,
  start,
  tsxArgs,
  waitForHttp,
} from './process.ts';

/** The processes a scenario measures: the shop, the load generator, and the bare baseline server. */

export interface Target {
  backend: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
}

/** `dino-shop serve` on the target, from the build, on the server core; `env` adds to its environment (tracing, say). */
export async function startShop(
  build: string,
  target: Target,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: Child; origin: string }> {
  const port = await freePort();
  const args = [
    path.join(build, 'dist/node/cli.js'),
    '--data-dir',
    target.dataDir,
    ...(target.databaseUrl ? ['--database-url', target.databaseUrl] : []),
    'serve',
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
  ];
  // Request logging off (LOG_LEVEL=warn), like the bare baseline: pino's per-request lines cost CPU the baseline does not spend.
  // Rate limits off in effect: the load generator is one address doing what thousands of shoppers do.
  const unlimited = {
    RATE_LIMIT_NEW_CARTS: '1000000',
    RATE_LIMIT_CART_AND_ORDERS: '1000000',
    RATE_LIMIT_SIGN_UPS: '1000000',
  };
  const child = start(process.execPath, args, {
    cwd: build,
    core: SERVER_CORE,
    env: { ...process.env, ...unlimited, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/categories`, child, 120_000);
  return { child, origin };
}

/**
 * The load generator (bench/load.ts: wrk for one GET path, autocannon for a sequence of requests,
 * bench/open-loop.ts for an offered rate) from its own process on the load core: a warm-up run, then the
 * measured run, with the machine's 1-minute load average before and after. With `cpuOf` (the server's
 * pid) it also reports the server's CPU ms per request and its peak RSS over the measured run.
 */
export async function load(
  run: BenchRun,
  spec: Omit<LoadSpec, 'duration' | 'warmup'> & { duration?: number; warmup?: number },
  cpuOf?: Child | Child[],
): Promise<Measured> {
  const full: LoadSpec = { duration: run.duration, warmup: run.warmup, ...spec };
  // Several servers (instances sharing the load): their CPU and peak RSS summed.
  const pids = (Array.isArray(cpuOf) ? cpuOf : cpuOf ? [cpuOf] : []).map((c) => c.proc.pid);
  const cpuOfAll = () => {
    const each = pids.map(cpuSeconds);
    return pids.length && each.every((c) => c !== undefined) ? each.reduce((a, b) => a! + b!, 0) : undefined;
  };
  const loadBefore = os.loadavg()[0]!;
  let cpu0: number | undefined;
  let rssReset = false;
  const result = await runJson<LoadResult>(process.execPath, tsxArgs('bench/load.ts', [JSON.stringify(full)]), {
    core: LOAD_CORE,
    timeoutMs: (full.duration + longestWarmup(full.warmup)) * 1000 + 60_000,
    onLine: (line) => {
      if (line !== 'measuring') return;
      cpu0 = cpuOfAll();
      rssReset = pids.length > 0 && pids.map(resetPeakRss).every(Boolean);
    },
  });
  if (result.warmup)
    run.log(
      `  ${full.path ?? full.requests?.[0]?.path ?? ''}: warm-up ${result.warmup.seconds} s (requests per window: ${result.warmup.windows.join(', ')})${result.warmup.steady || full.warmed ? '' : ', pace still rising: measured anyway'}`,
    );
  // Read after the load ended: the server is idle by then, so the delay adds no CPU.
  const cpu1 = cpuOfAll();
  const peaks = rssReset ? pids.map(peakRssMb) : [];
  const peak = peaks.length && peaks.every((p) => p !== undefined) ? peaks.reduce((a, b) => a! + b!, 0) : undefined;
  const measured: Measured = {
    ...result,
    loadAvg: [loadBefore, os.loadavg()[0]!],
    ...(peak === undefined ? {} : { peakRssMb: peak }),
  };
  if (cpu0 === undefined || cpu1 === undefined || result.total === 0) return measured;
  return { ...measured, cpuMsPerRequest: ((cpu1 - cpu0) * 1000) / result.total };
}

/** A bare Fastify process with these exact bytes, on the server core. */
export function startBaseline(routes: BaselineRoute[]): Promise<{ child: Child; origin: string }> {
  return startBenchServer('bench/baseline-server.ts', { routes }, routes[0]!.path);
}

/**
 * One of the bench's own servers (`script`, run under tsx on the server core), given `spec` and a free
 * port in a JSON file (`<script> <spec.json>`); resolves once `probePath` answers.
 */
export async function startBenchServer(
  script: string,
  spec: object,
  probePath: string,
): Promise<{ child: Child; origin: string }> {
  const port = await freePort();
  const specFile = path.join(BENCH_ROOT, `${path.basename(script, '.ts')}-${port}.json`);
  await writeFile(specFile, JSON.stringify({ ...spec, port }));
  try {
    const child = start(process.execPath, tsxArgs(script, [specFile]), { core: SERVER_CORE });
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}${probePath}`, child, 120_000);
    return { child, origin };
  } finally {
    // Read by the server before it answers.
    await rm(specFile, { force: true });
  }
}

/**
 * One answer of the real server, to be served by the baseline. With an Accept-Encoding header, the bytes
 * are kept as sent (fetch would decode them), so the baseline sends the same encoded bytes.
 */
export async function capture(
  origin: string,
  urlPath: string,
  headers: Record<string, string> = {},
  settle = true,
): Promise<BaselineRoute & { status: number }> {
  if (!headers['accept-encoding']) {
    const response = await fetch(origin + urlPath, { headers });
    return {
      path: urlPath,
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      body: await response.text(),
    };
  }
  if (settle) {
    // A page's first answer may be gzip: the page cache brotli-compresses it off the event loop, a moment later.
    await fetch(origin + urlPath, { headers }).then((response) => response.arrayBuffer());
    await sleep(300);
  }
  const { status, responseHeaders, bytes } = await new Promise<{
    status: number;
    responseHeaders: http.IncomingHttpHeaders;
    bytes: Buffer;
  }>((resolve, reject) => {
    http
      .get(origin + urlPath, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            responseHeaders: response.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
  const encoding = responseHeaders['content-encoding'];
  const decoded = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
  return {
    path: urlPath,
    status,
    contentType: responseHeaders['content-type'] ?? 'application/octet-stream',
    body: decoded.toString('utf8'),
    ...(encoding ? { encoded: { encoding, base64: bytes.toString('base64') } } : {}),
  };
}

/**
 * Whether the baseline answers each URL as the shop did: the same status and the same bytes (decoded,
 * and as encoded when the request asked for an encoding). Undefined when it does; else what differs.
 */
export async function checkBaseline(
  origin: string,
  captured: Array<BaselineRoute & { status: number }>,
  headers: Record<string, string> = {},
): Promise<string | undefined> {
  const wrong: string[] = [];
  for (const shop of captured) {
    const base = await capture(origin, shop.path, headers, false);
    const sameBytes = base.body === shop.body && base.encoded?.base64 === shop.encoded?.base64;
    if (base.status !== shop.status || !sameBytes) {
      wrong.push(
        `${shop.path}: the shop answered ${shop.status} (${Buffer.byteLength(shop.body)} bytes), the baseline ${base.status} (${Buffer.byteLength(base.body)} bytes${sameBytes ? '' : ', different bytes'})`,
      );
    }
  }
  if (wrong.length === 0) return undefined;
  return `the baseline does not answer what the shop answers: ${wrong.slice(0, 3).join('; ')}${wrong.length > 3 ? ` (and ${wrong.length - 3} more)` : ''}`;
}

export function loadProblems(result: LoadResult): string | undefined {
  if (result.total === 0) return 'no request was answered within the run';
  if (result.cartsRestarted)
    return `${result.cartsRestarted} carts started afresh: their first answer was not back when their next line was due`;
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad === 0) return undefined;
  return `${bad} of ${result.total} responses failed (${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts)`;
}

export type Measured = LoadResult & {
  cpuMsPerRequest?: number;
  /** The server's peak resident set size during the measured run. */
  peakRssMb?: number;
  /** The machine's 1-minute load average before and after the run. */
  loadAvg: [number, number];
};
/**
 * Two runs of one server as one (the baseline runs either side of a shop run, lib/rounds.ts): their mean
 * rates and latencies, the CPU of all their requests over their count, the higher peak RSS, and the
 * failures of both (so `loadProblems` sees a baseline run that failed, whichever of the two it was).
 */
export function meanOfRuns(a: Measured, b: Measured): Measured {
  const mean = (x: number, y: number) => (x + y) / 2;
  const cpu =
    a.cpuMsPerRequest !== undefined && b.cpuMsPerRequest !== undefined
      ? (a.cpuMsPerRequest * a.total + b.cpuMsPerRequest * b.total) / (a.total + b.total)
      : undefined;
  const peak = a.peakRssMb !== undefined && b.peakRssMb !== undefined ? Math.max(a.peakRssMb, b.peakRssMb) : undefined;
  const { cpuMsPerRequest: _cpu, peakRssMb: _peak, ...rest } = b;
  return {
    ...rest,
    rps: mean(a.rps, b.rps),
    total: a.total + b.total,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    statusCodes: Object.fromEntries(
      [...new Set([...Object.keys(a.statusCodes), ...Object.keys(b.statusCodes)])].map((code) => [
        code,
        (a.statusCodes[code] ?? 0) + (b.statusCodes[code] ?? 0),
      ]),
    ),
    latency: {
      mean: mean(a.latency.mean, b.latency.mean),
      p50: mean(a.latency.p50, b.latency.p50),
      p90: mean(a.latency.p90, b.latency.p90),
      p99: mean(a.latency.p99, b.latency.p99),
      max: Math.max(a.latency.max, b.latency.max),
    },
    loadAvg: [a.loadAvg[0], b.loadAvg[1]],
    ...(cpu === undefined ? {} : { cpuMsPerRequest: cpu }),
    ...(peak === undefined ? {} : { peakRssMb: peak }),
  };
}

/** The server's CPU per request and peak RSS, as figure text. */
export const cpuText = (r: Measured) =>
  `${r.cpuMsPerRequest === undefined ? '' : `, ${r.cpuMsPerRequest.toFixed(3)} ms CPU/req`}${r.peakRssMb === undefined ? '' : `, peak RSS ${Math.round(r.peakRssMb)} MB`}`;
/** Load average before → after, for the table's `load` column. */
export const loadText = (...runs: Array<{ loadAvg: [number, number] }>) =>
  `${Math.min(...runs.map((r) => r.loadAvg[0])).toFixed(1)}→${Math.max(...runs.map((r) => r.loadAvg[1])).toFixed(1)}`;
