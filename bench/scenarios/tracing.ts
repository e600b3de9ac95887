import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { commandSpanName } from '../../eventstore/command-handler.ts';
import { inSpan } from '../../eventstore/tracing.ts';
import { type BenchRun, WRITE_CLIENTS } from '../lib/bench-run.ts';
import { fmtRate } from '../lib/report.ts';
import { inRounds, roundText } from '../lib/rounds.ts';
import {
  type Measured,
  type Target,
  cpuText,
  load,
  loadProblems,
  loadText,
  meanOfRuns,
  startShop,
} from '../lib/shop-process.ts';
import type { ShopFacts } from './shop-facts.ts';

/**
 * What tracing costs: POST /api/cart (new carts) on the shop with traces exported over OTLP to a sink in
 * this process, alternated in rounds with the same build without tracing (the baseline); and what the
 * shop's spans cost with tracing off, where they are the OpenTelemetry API's no-ops.
 */

/** An OTLP/HTTP endpoint that takes every export and keeps nothing but the count of bytes. */
async function otlpSink(): Promise<{ url: string; bytes: () => number; close: () => Promise<void> }> {
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bytes: () => bytes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Microseconds one no-op span costs (tracing off), its name included: what every command pays for being traceable. */
async function noopSpanMicros(): Promise<number> {
  const work = () => Promise.resolve();
  const streams = ['cart-3f2a9c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', 'order-9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'];
  const once = () => inSpan(commandSpanName(streams), { attributes: { 'dino.command.streams': streams } }, work);
  for (let i = 0; i < 20_000; i++) await once();
  const count = 200_000;
  const started = performance.now();
  for (let i = 0; i < count; i++) await once();
  return ((performance.now() - started) * 1000) / count;
}

export async function tracingRows(run: BenchRun, build: string, target: Target, facts: ShopFacts): Promise<void> {
  const { backend } = target;
  const sink = await otlpSink();
  const body = JSON.stringify({ ...facts.lines[0]!, quantity: 1 });
  const newCarts = (origin: string) => ({
    url: origin,
    connections: WRITE_CLIENTS,
    requests: [{ method: 'POST' as const, path: '/api/cart', headers: { 'content-type': 'application/json' }, body }],
  });
  const measure = async (env: NodeJS.ProcessEnv): Promise<Measured> => {
    const shop = await startShop(build, target, env);
    try {
      return await load(run, newCarts(shop.origin), shop.child);
    } finally {
      await shop.child.stop();
    }
  };
  try {
    const traced = {
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    };
    const { median, note } = await inRounds(
      meanOfRuns,
      () => measure({}),
      () => measure(traced),
    );
    const { r, b } = median;
    const problem = loadProblems(r) ?? loadProblems(b);
    const cpuRatio = r.cpuMsPerRequest && b.cpuMsPerRequest ? b.cpuMsPerRequest / r.cpuMsPerRequest : null;
    run.rows.push({
      scenario: 'POST /api/cart (new carts) with tracing on, exported over OTLP',
      backend,
      figure: `${fmtRate(r.rps)}${cpuText(r)}; ${(sink.bytes() / 1024 / 1024).toFixed(1)} MB of spans sent`,
      baseline: `the same build, tracing off: ${fmtRate(b.rps)}${cpuText(b)}`,
      ratio: median.ratio,
      cpuRatio,
      target: 'reported (the cost of a request span, its hooks, the command and its SQL)',
      pass: null,
      conditions: `${WRITE_CLIENTS} clients, closed loop, batch span processor (SDK defaults)`,
      load: loadText(r, b),
      note: [`median of rounds ${roundText(median)}`, note, problem].filter(Boolean).join('; '),
      data: { traced: r, off: b },
    });
    const micros = await noopSpanMicros();
    const share = b.cpuMsPerRequest ? (micros / 1000 / b.cpuMsPerRequest) * 100 : null;
    run.rows.push({
      scenario: 'a command span with tracing off (the API no-op), per command',
      backend,
      figure: `${micros.toFixed(2)} µs`,
      baseline: b.cpuMsPerRequest ? `a new cart's CPU, tracing off: ${b.cpuMsPerRequest.toFixed(3)} ms` : '-',
      ratio: null,
      target: '< 1 % of a request',
      pass: share === null ? null : share < 1,
      note: share === null ? 'no CPU figure for the request' : `${share.toFixed(3)} % of the request's CPU`,
    });
  } finally {
    await sink.close();
  }
}
