import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchRun } from '../lib/bench-run.ts';
import { adminQuery } from '../lib/postgres.ts';
import { ROOT, start, tsxArgs } from '../lib/process.ts';
import { fmtRate } from '../lib/report.ts';

// The CLI scenarios live in bench/cli-replay-export.ts (owned by the CLI work, runnable alone): it
// generates 1M cart events and 1M Subscribed events, runs `projections replay` and `subscribers
// export` as processes, and prints a JSON line. This runner spawns it with BENCH_KEEP=1, times the
// baseline on the database it kept (a raw sequential read of the events table, in the same keyset
// batches the replay reads, without folding or writing), then drops that database.

interface CliStep {
  step: string;
  items: number;
  unit: string;
  seconds: number;
  perSecond: number;
  maxRssMb: number;
}

async function rawScan(target: { databaseUrl?: string; dataDir: string }): Promise<{ rows: number; seconds: number; perSecond: number }> {
  const { connectDatabase } = await import('../../db/connect.ts');
  const db = await connectDatabase(target);
  try {
    const started = performance.now();
    let after = 0;
    let count = 0;
    for (;;) {
      const batch = await db.query<{ position: string }>(
        'select position, stream_id, version, type, data, metadata, created_at from events where position > $1 order by position limit 10000',
        [after],
      );
      if (batch.rows.length === 0) break;
      count += batch.rows.length;
      after = Number(batch.rows[batch.rows.length - 1]!.position);
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows: count, seconds, perSecond: count / seconds };
  } finally {
    await db.close();
  }
}

export async function cliScenarios(run: BenchRun, build: string, pgAdminUrl: string | undefined): Promise<void> {
  const script = 'bench/cli-replay-export.ts';
  // Events per second on each backend (the embedded one shares the process's core), peak RSS on both.
  const replayTargets = { postgres: 300_000, pglite: 150_000 } as const;
  const replayMaxRssMb = 256;
  const replayTarget = (backend: keyof typeof replayTargets) => `>= ${replayTargets[backend] / 1000}k events/s, peak RSS <= ${replayMaxRssMb} MB`;
  const exportTarget = '<= 5 s, peak RSS <= 200 MB';
  if (!existsSync(path.join(ROOT, script))) {
    for (const scenario of ['dino-shop projections replay, 1M events', 'dino-shop subscribers export, 1M subscribers']) {
      run.rows.push({ scenario, backend: '-', figure: '-', baseline: '-', ratio: null, target: scenario.includes('replay') ? replayTarget('postgres') : exportTarget, pass: null, note: `${script} is not there: nothing measured` });
    }
    return;
  }
  // PostgreSQL only by default (a PGlite run adds ~10 minutes): --cli-pglite adds it.
  const backends: Array<'pglite' | 'postgres'> = [...(run.cliPglite || !pgAdminUrl ? (['pglite'] as const) : []), ...(pgAdminUrl ? (['postgres'] as const) : [])];
  for (const backend of backends) {
    // The bundle under test, as for the server scenarios.
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_KEEP: '1', BENCH_CLI: path.join(build, 'dist/node/cli.js') };
    delete env.BENCH_DATABASE_URL;
    if (backend === 'postgres') env.BENCH_DATABASE_URL = pgAdminUrl;
    let stdout = '';
    const child = start(process.execPath, tsxArgs(script), { env });
    child.proc.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await run.phase(`${backend}: ${script} (1M events, 1M subscribers)`, () => child.exited);
    const kept = /^kept: (.+)$/m.exec(stdout)?.[1]?.trim();
    const json = stdout.split('\n').find((line) => line.startsWith('{"bench"'));
    try {
      if (code !== 0 || !json) {
        run.rows.push({ scenario: 'dino-shop CLI at 1M', backend, figure: '-', baseline: '-', ratio: null, target: replayTarget(backend), pass: false, note: `${script} exited ${code}: ${child.output().slice(-400)}` });
        continue;
      }
      const steps = (JSON.parse(json) as { results: CliStep[] }).results;
      run.details[`cli-${backend}`] = { steps, output: stdout };
      const scan = kept ? await run.phase(`${backend}: raw scan of the events table`, () => rawScan(kept.startsWith('postgres') ? { databaseUrl: kept, dataDir: os.tmpdir() } : { dataDir: kept })) : undefined;
      if (scan) run.details[`cli-${backend}-scan`] = scan;
      for (const step of steps) {
        if (step.unit === 'events') {
          const ratio = scan ? step.perSecond / scan.perSecond : null;
          run.rows.push({
            scenario: `dino-shop ${step.step} (${step.items.toLocaleString('en-US')} events)`,
            backend,
            figure: `${fmtRate(step.perSecond, 'events/s')} (${step.seconds.toFixed(1)} s, ${Math.round(step.maxRssMb)} MB)`,
            baseline: scan ? `${fmtRate(scan.perSecond, 'rows/s')} (raw read of events, ${scan.rows.toLocaleString('en-US')} rows)` : '-',
            ratio,
            target: replayTarget(backend),
            pass: step.perSecond >= replayTargets[backend] && step.maxRssMb <= replayMaxRssMb,
            data: { ...step },
          });
        } else {
          run.rows.push({
            scenario: `dino-shop ${step.step}`,
            backend,
            figure: `${step.seconds.toFixed(2)} s, peak RSS ${Math.round(step.maxRssMb)} MB (${fmtRate(step.perSecond, 'rows/s')})`,
            baseline: '-',
            ratio: null,
            target: exportTarget,
            pass: step.seconds <= 5 && step.maxRssMb <= 200,
            data: { ...step },
          });
        }
      }
    } finally {
      // What the script would have removed without BENCH_KEEP.
      if (kept?.startsWith('postgres') && pgAdminUrl) {
        const name = new URL(kept).pathname.slice(1);
        if (/^dino_shop_bench_\d+$/.test(name)) await adminQuery(pgAdminUrl, `drop database if exists ${name} with (force)`).catch((e) => run.log(`could not drop ${name}: ${e.message}`));
        else run.log(`left behind (not a name this runner drops): ${kept}`);
      } else if (kept?.startsWith('postgres')) {
        run.log(`left behind: ${kept}`);
      } else if (kept && kept.includes('dino-bench-cli-')) {
        await rm(kept, { recursive: true, force: true });
      }
    }
  }
}
