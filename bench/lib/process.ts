import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { peakRssMb as vmHwmMb } from './peak-rss.mjs';

/** The repository root (bench/lib/ is two levels down). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `taskset` pins a process to one core; without it (macOS, or a 1-core box) processes float. */
const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
const cores = (await import('node:os')).availableParallelism();

/** Cores used: the server under test (and every in-process baseline) on one, load on the other. */
export const SERVER_CORE = 0;
export const LOAD_CORE = cores > 1 ? 1 : 0;
export const pinning =
  hasTaskset && cores > 1
    ? `server on core ${SERVER_CORE}, load on core ${LOAD_CORE} (taskset)`
    : 'not pinned (no taskset or one core)';

/** Prefixes a command with `taskset -c core` when pinning is available. */
export function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return hasTaskset && cores > 1 ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

/** `node --import tsx file.ts ...args`: how bench scripts start their TypeScript children. */
export function tsxArgs(file: string, args: string[] = []): string[] {
  return ['--import', 'tsx', path.join(ROOT, file), ...args];
}

export interface Child {
  proc: ChildProcess;
  /** Everything the child wrote (stdout + stderr), for error messages. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Every child still running: killed (by pid) if the runner dies. */
const live = new Set<ChildProcess>();
function killAll() {
  for (const proc of live)
    if (proc.pid)
      try {
        process.kill(proc.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
}
process.once('exit', killAll);

export function start(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; core?: number } = {},
): Child {
  const [cmd, argv] = options.core === undefined ? [command, args] : pinned(options.core, command, args);
  const proc = spawn(cmd, argv, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    proc.once('close', (code) => {
      live.delete(proc);
      resolve(code);
    }),
  );
  return {
    proc,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a child to completion and parses the last line of its stdout as JSON. */
export async function runJson<T>(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    core?: number;
    timeoutMs?: number;
    onLine?: (line: string) => void;
  } = {},
): Promise<T> {
  const [cmd, argv] = options.core === undefined ? [command, args] : pinned(options.core, command, args);
  const proc = spawn(cmd, argv, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  let stdout = '';
  let stderr = '';
  let pending = '';
  proc.stdout.on('data', (c: Buffer) => {
    const text = c.toString();
    stdout += text;
    if (!options.onLine) return;
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) options.onLine(line);
  });
  proc.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-20_000)));
  const timer = setTimeout(() => proc.kill('SIGKILL'), options.timeoutMs ?? 5 * 60_000);
  const code = await new Promise<number | null>((resolve) => proc.once('close', resolve));
  clearTimeout(timer);
  live.delete(proc);
  const last = stdout.trim().split('\n').pop() ?? '';
  if (code !== 0)
    throw new Error(
      `${path.basename(args.find((a) => a.endsWith('.ts')) ?? command)} exited ${code}: ${stderr.trim().slice(-2000)}`,
    );
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`no JSON result from ${command} ${args.join(' ')}: ${stdout.slice(-500)} ${stderr.slice(-1000)}`);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers (any status) or the child exits. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.proc.exitCode !== null)
      throw new Error(`server exited before answering ${url}:\n${child.output().slice(-3000)}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`no answer from ${url} after ${timeoutMs} ms:\n${child.output().slice(-3000)}`);
      await sleep(150);
    }
  }
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const CLOCK_TICKS = (() => {
  try {
    return Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere.
 * CPU per request is the contention-proof twin of requests per second: when other work shares the
 * cores, throughput drops but the CPU each request costs stays about the same.
 */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * Resets a process's peak resident set size (Linux: `5` into /proc/<pid>/clear_refs), so the next
 * `peakRssMb` is the peak since now. False where that is not possible.
 */
export function resetPeakRss(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A process's peak resident set size in MB (VmHWM), or undefined where /proc has none. */
export function peakRssMb(pid: number | undefined): number | undefined {
  return pid ? vmHwmMb(pid) : undefined;
}
