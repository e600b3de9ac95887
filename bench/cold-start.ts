/**
 * Cold start: from spawning `node dist/node/cli.js serve` (the compiled server, as production runs it)
 * to its first answered request, on a PGlite data directory that a previous start already migrated
 * and seeded (what a restart or a new replica of an existing deployment meets). Target <= 1.5 s.
 * Runs several starts one after another and reports the median and the slowest.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_CORE, cpuSeconds, freePort, sleep, start } from './lib/process.ts';
import { type Row, fmtMs } from './lib/report.ts';
import { median } from './lib/rounds.ts';

export const COLD_START_TARGET_MS = 1500;

export interface ColdStartResult {
  startsMs: number[];
  medianMs: number;
  maxMs: number;
  /**
   * CPU the process used until its first answer (user + system), per start: what the start costs
   * whatever else runs on the machine. Wall time above it is waiting for a busy core or the disk.
   */
  cpuMs: number[];
  medianCpuMs: number;
}

/** One start: spawn, then poll GET /api/categories every 5 ms until it answers 200. */
async function oneStart(build: string, dataDir: string, databaseUrl = ''): Promise<{ ms: number; cpuMs: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = start(
    process.execPath,
    [
      path.join(build, 'dist/node/cli.js'),
      '--data-dir',
      dataDir,
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: build,
      core: SERVER_CORE,
      env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: databaseUrl },
    },
  );
  try {
    for (;;) {
      if (child.proc.exitCode !== null)
        throw new Error(`the server exited during start-up: ${child.output().slice(-2000)}`);
      if (performance.now() - began > 60_000) throw new Error('the server did not answer within 60 s');
      const answered = await fetch(`http://127.0.0.1:${port}/api/categories`).then(
        (r) => r.ok,
        () => false,
      );
      if (answered) return { ms: performance.now() - began, cpuMs: (cpuSeconds(child.proc.pid) ?? Number.NaN) * 1000 };
      await sleep(5);
    }
  } finally {
    await child.stop();
  }
}

/**
 * `build` holds dist/ (client, server and node). The first start prepares the database (the PGlite data
 * dir, or the empty PostgreSQL database at `databaseUrl`) and is not counted.
 */
export async function measureColdStart(
  build: string,
  scratch: string,
  options: { starts?: number; databaseUrl?: string } = {},
): Promise<ColdStartResult> {
  const { starts = 5, databaseUrl } = options;
  const dataDir = await mkdtemp(path.join(scratch, 'data-cold-start-'));
  try {
    await oneStart(build, dataDir, databaseUrl);
    const measured: Array<{ ms: number; cpuMs: number }> = [];
    for (let i = 0; i < starts; i++) measured.push(await oneStart(build, dataDir, databaseUrl));
    const startsMs = measured.map((m) => m.ms);
    const cpuMs = measured.map((m) => m.cpuMs);
    return { startsMs, medianMs: median(startsMs), maxMs: Math.max(...startsMs), cpuMs, medianCpuMs: median(cpuMs) };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function coldStartRow(result: ColdStartResult, backend: 'pglite' | 'postgres'): Row {
  return {
    scenario: `cold start: process start to first answered request (${backend === 'pglite' ? 'seeded data dir' : 'seeded database'})`,
    backend,
    figure: `${fmtMs(result.medianMs)} median, ${fmtMs(result.maxMs)} max (${fmtMs(result.medianCpuMs)} CPU)`,
    baseline: '-',
    ratio: null,
    target: `<= ${fmtMs(COLD_START_TARGET_MS)}`,
    // Judged on the median: one start slowed by other work on a shared machine says little.
    pass: result.medianMs <= COLD_START_TARGET_MS,
    data: { ...result },
  };
}
