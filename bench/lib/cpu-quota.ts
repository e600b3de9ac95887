import { access, mkdir, rmdir, writeFile, readFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';

/** The cgroup v1 cpu controller; writable as root on these machines. */
const CPU_CGROUP = '/sys/fs/cgroup/cpu';
/** A short period: a throttled process waits at most the rest of it, which a 50 ms p99 must absorb (the default 100 ms would not). */
const PERIOD_US = 10_000;

/** Why processes cannot be held to a CPU quota here, or undefined when they can. */
export async function cpuQuotaUnavailable(): Promise<string | undefined> {
  try {
    await access(path.join(CPU_CGROUP, 'cgroup.procs'), constants.W_OK);
    return undefined;
  } catch {
    return `no writable cgroup v1 cpu controller at ${CPU_CGROUP} (needs root and cgroup v1)`;
  }
}

/**
 * Holds a process (all its threads, and any it starts later) to `cores` of CPU time: a cgroup of its
 * own with cpu.cfs_quota_us = cores × the 10 ms period. Answers a function that moves it back to the
 * root group and removes the group.
 */
export async function holdToQuota(pid: number, name: string, cores: number): Promise<() => Promise<void>> {
  const dir = path.join(CPU_CGROUP, `dino-bench-${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
  await writeFile(path.join(dir, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)));
  await writeFile(path.join(dir, 'cgroup.procs'), String(pid));
  return async () => {
    const left = (await readFile(path.join(dir, 'cgroup.procs'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
    for (const p of left) await writeFile(path.join(CPU_CGROUP, 'cgroup.procs'), p).catch(() => undefined);
    await rmdir(dir).catch(() => undefined);
  };
}
