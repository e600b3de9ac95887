import { cpuQuotaUnavailable, holdToQuota } from './cpu-quota.ts';
import { haproxyUnavailable, startHaproxy } from './haproxy.ts';
import type { Child } from './process.ts';
import { type Target, startShop } from './shop-process.ts';

/** Why shop instances cannot be held to a CPU quota behind haproxy here, or undefined when they can. */
export async function heldInstancesUnavailable(): Promise<string | undefined> {
  return (await cpuQuotaUnavailable()) ?? haproxyUnavailable();
}

/**
 * `count` shop instances on one database, each held to `cores` by a cgroup of its own, behind haproxy:
 * `work` runs with them (the instances' processes, for their CPU, and the balancer's origin), then all
 * are stopped and the quotas released, whatever happened.
 */
export async function withHeldInstances<T>(
  build: string,
  target: Target,
  count: number,
  cores: number,
  work: (instances: Child[], origin: string) => Promise<T>,
): Promise<T> {
  const shops: Array<{ child: Child; origin: string }> = [];
  const releases: Array<() => Promise<void>> = [];
  let balancer: { child: Child; origin: string } | undefined;
  try {
    // Settled, not all: when one start fails, the ones that started are still stopped below.
    keep(await Promise.allSettled(Array.from({ length: count }, () => startShop(build, target))), shops);
    keep(
      await Promise.allSettled(shops.map((shop, i) => holdToQuota(shop.child.proc.pid!, `shop-${i}`, cores))),
      releases,
    );
    balancer = await startHaproxy(shops.map((shop) => shop.origin));
    return await work(
      shops.map((shop) => shop.child),
      balancer.origin,
    );
  } finally {
    await balancer?.child.stop();
    await Promise.all(shops.map((shop) => shop.child.stop()));
    await Promise.all(releases.map((release) => release()));
  }
}

/** Adds the fulfilled results' values to `into`, then throws the first rejection's reason, if any. */
function keep<T>(results: PromiseSettledResult<T>[], into: T[]): void {
  for (const r of results) if (r.status === 'fulfilled') into.push(r.value);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The share of `count` instances' quota of `cores` each that `cpuMsPerSecond` (summed over them) used. */
export const quotaShare = (cpuMsPerSecond: number, count: number, cores: number) =>
  cpuMsPerSecond / (count * cores * 1000);
