import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../../db/connect.ts';
import { migrate } from '../../db/migrate.ts';
import { catalogue } from '../../seed/catalogue.data.ts';
import { patches } from '../../patches/patches.mjs';
import { seedCatalogue } from '../../seed/seed-catalogue.ts';
import { runCommand } from '../cli-scale/cli-command.ts';
import { generateLog } from '../cli-scale/generate-log.ts';
import { BENCH_ROOT, type BenchRun, PAGE_CONNECTIONS } from '../lib/bench-run.ts';
import { ROOT } from '../lib/process.ts';
import { type Row, fmtRate } from '../lib/report.ts';
import { type Measured, type Target, load, startShop } from '../lib/shop-process.ts';
import { discover, shopperWith } from './shop-facts.ts';

/**
 * `npm run bench -- --only patches`: each patch of patches/patches.mjs against the same code with it
 * reverted, on the rows it can affect, in interleaved rounds (all applied, each reverted, all applied, ...):
 * a Vike patch on the catalogue API, the cached pages and GET /cart of a fresh PGlite shop per run; PGlite's on
 * the CLI's exports and replays of a generated log. The compiled bundle loads node_modules as installed,
 * so a patch is reverted in place (patches/apply.mjs) and put back when the scenario ends, however it ends.
 * A patch that gains under 5 % on every row it can affect is dropped (docs/patches.md).
 * BENCH_PATCHES=id,id limits the A/B to those patches (the others stay applied).
 */

const chosen = process.env.BENCH_PATCHES?.split(',');
const abbed = patches.filter((p) => !chosen || chosen.includes(p.id));
/** The patches whose package the shop's pages run on, and those the CLI's commands do. */
const VIKE_PATCHES = abbed.filter((p) => p.package === 'vike').map((p) => p.id);
const PGLITE_PATCHES = abbed.filter((p) => p.package === '@electric-sql/pglite').map((p) => p.id);
const HTTP_ROUNDS = 3;
const CLI_ROUNDS = 3;
/** The generated log (BENCH_CART_EVENTS, BENCH_SUBSCRIBERS): small enough for three rounds of four commands in a few minutes. */
const LOG = {
  carts: Math.floor(Number(process.env.BENCH_CART_EVENTS ?? 500_000) / 5),
  subscribers: Number(process.env.BENCH_SUBSCRIBERS ?? 500_000),
};

type Variant = 'all applied' | string;

const patchCli = (flag: '--apply' | '--revert', id: string) =>
  execFileSync(process.execPath, [path.join(ROOT, 'patches/apply.mjs'), flag, id], { stdio: 'inherit' });
function useVariant(variant: Variant, ids: string[]): void {
  for (const id of ids) patchCli(id === variant ? '--revert' : '--apply', id);
}
const applyAll = () => execFileSync(process.execPath, [path.join(ROOT, 'patches/apply.mjs')], { stdio: 'inherit' });

/** One figure of one row in one variant and round: a rate (higher is better) and CPU per item, where measured. */
interface Sample {
  row: string;
  variant: Variant;
  rate: number;
  cpuMs?: number;
  loadAvg: [number, number];
}

export async function patchesAb(run: BenchRun, build: string): Promise<void> {
  const samples: Sample[] = [];
  // Put back every patch even when the run is interrupted (run.ts exits on SIGINT).
  process.once('exit', applyAll);
  try {
    if (VIKE_PATCHES.length)
      await run.phase('patches A/B: Vike on the shop (PGlite)', () => vikeRounds(run, build, samples));
    if (PGLITE_PATCHES.length)
      await run.phase('patches A/B: PGlite on the CLI', () => pgliteRounds(run, build, samples));
  } finally {
    applyAll();
    process.removeListener('exit', applyAll);
  }
  run.details['patches-ab'] = samples;
  for (const [ids, rows] of [
    [VIKE_PATCHES, unique(samples.filter((s) => s.row.startsWith('GET')).map((s) => s.row))],
    [PGLITE_PATCHES, unique(samples.filter((s) => !s.row.startsWith('GET')).map((s) => s.row))],
  ] as const) {
    for (const id of ids) for (const row of rows) run.rows.push(abRow(id, row, samples));
  }
}

async function vikeRounds(run: BenchRun, build: string, samples: Sample[]): Promise<void> {
  const target: Target = { backend: 'pglite', dataDir: await mkdtemp(path.join(BENCH_ROOT, 'data-patches-')) };
  try {
    let paths: Array<{ row: string; path: string; headers?: Record<string, string> }> | undefined;
    for (let round = 0; round < HTTP_ROUNDS; round++) {
      for (const variant of ['all applied', ...VIKE_PATCHES]) {
        useVariant(variant, VIKE_PATCHES);
        const shop = await startShop(build, target);
        try {
          if (!paths) {
            const facts = await discover(shop.origin);
            const { cookie } = await shopperWith(shop.origin, facts.lines.slice(0, 3));
            const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
            paths = [
              { row: 'GET /api/products', path: '/api/products' },
              { row: 'GET /', path: '/', headers: browser },
              { row: 'GET /shop', path: '/shop', headers: browser },
              { row: 'GET /product/{slug}', path: `/product/${facts.slug}`, headers: browser },
              { row: 'GET /cart (3 lines)', path: '/cart', headers: { cookie } },
            ];
          }
          // Each page once first: a shop that has rendered a page, as a live one has (Vike's async hook
          // is installed by the first render, and what it costs falls on every request after it).
          for (const p of paths)
            await (await fetch(shop.origin + p.path, p.headers ? { headers: p.headers } : {})).arrayBuffer();
          for (const p of paths) {
            const r: Measured = await load(
              run,
              {
                url: shop.origin,
                path: p.path,
                connections: PAGE_CONNECTIONS,
                ...(p.headers ? { headers: p.headers } : {}),
              },
              shop.child,
            );
            if (r.non2xx + r.errors + r.timeouts > 0)
              throw new Error(`${p.row} (${variant}): ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
            samples.push({
              row: p.row,
              variant,
              rate: r.rps,
              ...(r.cpuMsPerRequest === undefined ? {} : { cpuMs: r.cpuMsPerRequest }),
              loadAvg: r.loadAvg,
            });
            run.log(`  ${variant}, ${p.row}: ${fmtRate(r.rps)}, ${r.cpuMsPerRequest?.toFixed(3)} ms CPU/req`);
          }
        } finally {
          await shop.child.stop();
        }
      }
    }
  } finally {
    await rm(target.dataDir, { recursive: true, force: true });
  }
}

async function pgliteRounds(run: BenchRun, build: string, samples: Sample[]): Promise<void> {
  applyAll();
  const dataDir = await mkdtemp(path.join(BENCH_ROOT, 'data-patches-cli-'));
  const cli = path.join(build, 'dist/node/cli.js');
  const globals = ['--data-dir', dataDir];
  try {
    const db = await connectDatabase({ dataDir });
    try {
      await migrate(db);
      await seedCatalogue(db, catalogue);
      await generateLog(db, LOG);
    } finally {
      await db.close();
    }
    // The read models built once before the rounds, so the first export has its subscribers to export.
    await runCommand(cli, globals, ['projections', 'replay']);
    const commands: Array<{ row: string; args: string[]; items: number; devnull?: true; ownFigure?: true }> = [
      {
        row: `subscribers export --output (csv, ${LOG.subscribers / 1000}k rows)`,
        args: ['subscribers', 'export', '--output', path.join(dataDir, 'out.csv')],
        items: LOG.subscribers,
      },
      {
        row: `subscribers export --format ndjson > /dev/null (${LOG.subscribers / 1000}k rows)`,
        args: ['subscribers', 'export', '--format', 'ndjson'],
        items: LOG.subscribers,
        devnull: true,
      },
      {
        row: `projections replay subscribers (${LOG.subscribers / 1000}k events)`,
        args: ['projections', 'replay', 'subscribers'],
        items: LOG.subscribers,
        ownFigure: true,
      },
      {
        row: `projections replay carts (${(LOG.carts * 5) / 1000}k events)`,
        args: ['projections', 'replay', 'carts'],
        items: LOG.carts * 5,
        ownFigure: true,
      },
    ];
    for (let round = 0; round < CLI_ROUNDS; round++) {
      for (const variant of ['all applied', ...PGLITE_PATCHES]) {
        useVariant(variant, PGLITE_PATCHES);
        for (const c of commands) {
          execFileSync('sync');
          const before = os.loadavg()[0]!;
          const measured = await runCommand(cli, globals, c.args, c.devnull ? 'devnull' : undefined);
          // A replay's own figure excludes the process's start, as in the CLI rows.
          const own = c.ownFigure ? /in ([\d.]+) s \(/.exec(measured.stdout) : null;
          const seconds = own ? Number(own[1]) : measured.seconds;
          samples.push({ row: c.row, variant, rate: c.items / seconds, loadAvg: [before, os.loadavg()[0]!] });
          run.log(`  ${variant}, ${c.row}: ${fmtRate(c.items / seconds, 'items/s')} (${seconds.toFixed(2)} s)`);
        }
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const unique = (xs: string[]) => [...new Set(xs)];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** The rounds' spread: (max - min) / median. */
const spread = (xs: number[]) => (Math.max(...xs) - Math.min(...xs)) / median(xs);
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;

/** One patch on one row: its gain is the median with it applied over the median with it reverted. */
function abRow(id: string, row: string, samples: Sample[]): Row {
  const of = (variant: Variant) => samples.filter((s) => s.row === row && s.variant === variant);
  const a = of('all applied');
  const b = of(id);
  const rateGain = median(a.map((s) => s.rate)) / median(b.map((s) => s.rate)) - 1;
  const cpu = (xs: Sample[]) => xs.flatMap((s) => (s.cpuMs === undefined ? [] : [s.cpuMs]));
  const cpuGain = cpu(a).length && cpu(b).length ? median(cpu(b)) / median(cpu(a)) - 1 : undefined;
  const text = (xs: Sample[]) =>
    `${fmtRate(median(xs.map((s) => s.rate)), row.startsWith('GET') ? 'req/s' : 'items/s')}${cpu(xs).length ? `, ${median(cpu(xs)).toFixed(3)} ms CPU/req` : ''} (rounds ${xs.map((s) => Math.round(s.rate)).join(', ')}; spread ${(spread(xs.map((s) => s.rate)) * 100).toFixed(1)} %)`;
  const loads = [...a, ...b].flatMap((s) => s.loadAvg);
  return {
    scenario: `patch ${id}: ${row}`,
    backend: 'pglite',
    figure: `applied: ${text(a)}`,
    baseline: `reverted: ${text(b)}`,
    ratio: 1 + rateGain,
    cpuRatio: cpuGain === undefined ? null : 1 + cpuGain,
    target: 'kept if >= 1.05 x on some row',
    pass: null,
    load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    note: `rate ${pct(rateGain)}${cpuGain === undefined ? '' : `, CPU per request ${pct(cpuGain)}`} with the patch`,
    data: { applied: a, reverted: b },
  };
}
