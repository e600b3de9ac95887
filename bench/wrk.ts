import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** What one wrk run measured. */
export interface WrkRun {
  requests: number;
  seconds: number;
  bytes: number;
  /** Milliseconds. */
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** Answers with a status of 400 or more. */
  badStatus: number;
  /** Connect, read and write errors. */
  errors: number;
  timeouts: number;
}

const REPORT = fileURLToPath(new URL('./wrk-report.lua', import.meta.url));

interface Report {
  requests: number;
  durationUs: number;
  bytes: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  badStatus: number;
  timeouts: number;
  latencyUs: { mean: number; p50: number; p90: number; p99: number; max: number };
}

/**
 * One closed-loop run of wrk (Debian's `wrk` package): one thread, `connections` keep-alive
 * connections, one GET. The bench's GET rows are measured with it rather than autocannon, whose
 * JavaScript HTTP parser costs about as much per answer as a cached answer costs the server, and more
 * the more headers an answer has: under autocannon the load core saturated first and
 * the req/s ratio measured the client. wrk takes less of its core per answer, so the server's core is
 * the one that saturates (bench/README.md, "The bench's own method").
 */
export async function wrk(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<WrkRun> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    REPORT,
    ...headers,
    url,
  ];
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)('wrk', args, { maxBuffer: 1 << 20 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('wrk is not installed: `apt-get install -y wrk` (the GET rows are measured with it)');
    throw error;
  }
  const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
  if (line === undefined) throw new Error(`wrk printed no report:\n${stdout}`);
  const r = JSON.parse(line) as Report;
  const ms = (us: number) => us / 1000;
  return {
    requests: r.requests,
    seconds: r.durationUs / 1e6,
    bytes: r.bytes,
    latency: {
      mean: ms(r.latencyUs.mean),
      p50: ms(r.latencyUs.p50),
      p90: ms(r.latencyUs.p90),
      p99: ms(r.latencyUs.p99),
      max: ms(r.latencyUs.max),
    },
    badStatus: r.badStatus,
    errors: r.connectErrors + r.readErrors + r.writeErrors,
    timeouts: r.timeouts,
  };
}
