import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';

/** What `work` resolves to, with the 1-minute load average before and after it. */
export async function withLoad<T extends object>(work: () => Promise<T>): Promise<T & { loadAvg: [number, number] }> {
  const before = os.loadavg()[0]!;
  const value = await work();
  return { ...value, loadAvg: [before, os.loadavg()[0]!] };
}

export interface CommandRun {
  code: number;
  seconds: number;
  maxRssMb: number;
  stdout: string;
}

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * One command of the compiled CLI (`cli`, what bin/dino-shop.js runs) in its own process, so its peak RSS
 * is its own, timed by bench/report-on-exit.mjs.
 */
export async function runCommand(
  cli: string,
  globals: string[],
  args: string[],
  stdoutTo?: 'devnull',
): Promise<CommandRun> {
  const report = path.join(tmpdir(), `dino-bench-report-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const devnull = stdoutTo === 'devnull' ? openSync('/dev/null', 'w') : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_REPORT_FILE: report, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  try {
    const child = spawn(
      process.execPath,
      ['--import', path.join(here, '../report-on-exit.mjs'), cli, ...globals, ...args],
      {
        env,
        stdio: ['ignore', devnull ?? 'pipe', 'inherit'],
      },
    );
    let stdout = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', () => resolve());
    });
    const measured = JSON.parse(await readFile(report, 'utf8')) as Omit<CommandRun, 'stdout'>;
    if (measured.code !== 0) throw new Error(`dino-shop ${args.join(' ')} exited ${measured.code}`);
    return { ...measured, stdout };
  } finally {
    if (devnull !== undefined) closeSync(devnull);
    await rm(report, { force: true });
  }
}
