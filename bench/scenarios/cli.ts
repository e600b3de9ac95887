import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { CliStep, RawRead } from '../cli-replay-export.ts';
import type { BenchRun } from '../lib/bench-run.ts';
import { adminQuery } from '../lib/postgres.ts';
import { ROOT, start, tsxArgs } from '../lib/process.ts';
import { fmtRate } from '../lib/report.ts';
import { loadText } from '../lib/shop-process.ts';

// The CLI scenarios live in bench/cli-replay-export.ts (owned by the CLI work, runnable alone): it
// generates 1M cart events and 1M Subscribed events, reads the log raw (the replays' baseline), runs
// `projections replay` and `subscribers export` as processes, reads the log again, and prints a JSON
// line. This runner spawns it with BENCH_KEEP=1 and drops the database it kept.

export async function cliScenarios(run: BenchRun, build: string, pgAdminUrl: string | undefined): Promise<void> {
  const script = 'bench/cli-replay-export.ts';
  // Events per second on each backend (the embedded one shares the process's core), peak RSS on both.
  const replayTargets = { postgres: 300_000, pglite: 150_000 } as const;
  const replayMaxRssMb = 256;
  const replayTarget = (backend: keyof typeof replayTargets) =>
    `>= ${replayTargets[backend] / 1000}k events/s, peak RSS <= ${replayMaxRssMb} MB`;
  const exportTarget = '<= 5 s, peak RSS <= 200 MB';
  const reportTarget = '< 1 s';
  if (!existsSync(path.join(ROOT, script))) {
    for (const scenario of [
      'dino-shop projections replay, 1M events',
      'dino-shop subscribers export, 1M subscribers',
    ]) {
      run.rows.push({
        scenario,
        backend: '-',
        figure: '-',
        baseline: '-',
        ratio: null,
        target: scenario.includes('replay') ? replayTarget('postgres') : exportTarget,
        pass: null,
        note: `${script} is not there: nothing measured`,
      });
    }
    return;
  }
  // PostgreSQL only by default (a PGlite run takes long): --cli-pglite adds it.
  const backends: Array<'pglite' | 'postgres'> = [
    ...(run.cliPglite || !pgAdminUrl ? (['pglite'] as const) : []),
    ...(pgAdminUrl ? (['postgres'] as const) : []),
  ];
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
        run.rows.push({
          scenario: 'dino-shop CLI at 1M',
          backend,
          figure: '-',
          baseline: '-',
          ratio: null,
          target: replayTarget(backend),
          pass: false,
          note: `${script} exited ${code}: ${child.output().slice(-400)}`,
        });
        continue;
      }
      const { results: steps, reads } = JSON.parse(json) as { results: CliStep[]; reads: RawRead[] };
      run.details[`cli-${backend}`] = { steps, reads, output: stdout };
      for (const step of steps) {
        if (step.unit === 'events') {
          // The reads either side of the pass the replay ran in: the first two, or after a repeat the last two.
          const around = step.repeated ? reads.slice(-2) : reads.slice(0, 2);
          const baseline = around.reduce((sum, r) => sum + r.perSecond, 0) / around.length;
          run.rows.push({
            scenario: `dino-shop ${step.step} (${step.items.toLocaleString('en-US')} events)`,
            backend,
            figure: `${fmtRate(step.perSecond, 'events/s')} (${step.seconds.toFixed(1)} s, ${Math.round(step.maxRssMb)} MB)`,
            baseline: `${fmtRate(baseline, 'rows/s')} (raw read of events, ${around[0]!.rows.toLocaleString('en-US')} rows, before and after)`,
            ratio: step.perSecond / baseline,
            target: replayTarget(backend),
            pass:
              step.perSecond >= replayTargets[backend] &&
              step.maxRssMb <= replayMaxRssMb &&
              !!step.readModels &&
              step.readModels.differs.length === 0,
            load: loadText(step),
            note: [
              !step.readModels
                ? 'the rebuilt read models were not compared'
                : step.readModels.differs.length
                  ? `rebuilt read models differ from the live path's: ${step.readModels.differs.join('; ')}`
                  : `rebuilt read models = the live path's (${Object.entries(step.readModels.rebuilt)
                      .map(([t, h]) => `${t}: ${h.rows.toLocaleString('en-US')} rows`)
                      .join(', ')}, every row hashed)`,
              step.repeated
                ? `measured again: the raw read moved ${reads
                    .slice(0, 2)
                    .map((r) => fmtRate(r.perSecond, 'rows/s'))
                    .join(' → ')} over the first pass`
                : undefined,
            ]
              .filter(Boolean)
              .join('; '),
            conditions: `the compiled CLI in its own process; a log of ${step.items.toLocaleString('en-US')} events written by the live path (grouped appends with their projections); ${backend}`,
            data: { ...step },
          });
        } else if (step.unit === 'carts') {
          run.rows.push({
            scenario: `dino-shop ${step.step}`,
            backend,
            figure: `${step.seconds.toFixed(2)} s, peak RSS ${Math.round(step.maxRssMb)} MB`,
            baseline: '-',
            ratio: null,
            target: reportTarget,
            pass: step.seconds < 1,
            conditions: `the compiled CLI in its own process, start-up included; every cart of a log of ${(step.items * 5).toLocaleString('en-US')} cart events and as many subscriptions in the week; ${backend}`,
            load: loadText(step),
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
            conditions: `the compiled CLI in its own process, start-up included; ${step.items.toLocaleString('en-US')} subscribers; ${backend}`,
            load: loadText(step),
            data: { ...step },
          });
        }
      }
    } finally {
      // What the script would have removed without BENCH_KEEP.
      if (kept?.startsWith('postgres') && pgAdminUrl) {
        const name = new URL(kept).pathname.slice(1);
        if (/^dino_shop_bench_\d+$/.test(name))
          await adminQuery(pgAdminUrl, `drop database if exists ${name} with (force)`).catch((e) =>
            run.log(`could not drop ${name}: ${e.message}`),
          );
        else run.log(`left behind (not a name this runner drops): ${kept}`);
      } else if (kept?.startsWith('postgres')) {
        run.log(`left behind: ${kept}`);
      } else if (kept?.includes('dino-bench-cli-')) {
        await rm(kept, { recursive: true, force: true });
      }
    }
  }
}
