import type { BenchRun } from '../lib/bench-run.ts';
import { INSTANCE_HEADER } from '../lib/haproxy.ts';
import { heldInstancesUnavailable, withHeldInstances } from '../lib/held-instances.ts';
import { holdClimb } from '../lib/hold-climb.ts';
import { type Row, fmtMs, fmtRate } from '../lib/report.ts';
import { searchQueries } from '../lib/search-queries.ts';
import { type Target, load, loadText } from '../lib/shop-process.ts';
import { restockOrderedVariants } from './orders.ts';
import type { ShopFacts } from './shop-facts.ts';
import { CONNECTIONS, DAY_MIX, P99_MS, type Step, judge, kindsP99, mixOf, p99Limit } from './day-mix.ts';

/** What each instance may use of the server core: three of them fit in it, with room. */
export const INSTANCE_CORES = 0.3;
const INSTANCES = [1, 2, 3] as const;
/** The targets, against one instance with the same quota and the same mix (orders in it). */
const SCALE_TARGETS: Record<number, number> = { 2: 1.8, 3: 2.5 };
/** Orders may cost a one-instance shop this much of what the same mix without them holds, at most. */
const ORDERS_TARGET = 0.9;
const FIRST_RATE = 20;
const PROBE_STEP = 1.5;
const MAX_HOLDS = 12;
const WARM_UP_SECONDS = 20;

interface Capacity {
  instances: number;
  orders: boolean;
  capacity?: Step;
  steps: Step[];
}

/**
 * Scale-out: the shop's day mix on 1, 2 and 3 instances behind haproxy, one PostgreSQL. Every instance
 * is held to the same CPU quota (a cgroup of its own, INSTANCE_CORES of the server core); haproxy and
 * the load generator run on the load core. Each kind is spread evenly over the instances (the load
 * generator names the instance in a header haproxy routes on; lib/mix.ts). Each count's capacity is
 * the highest rate held twice in a row with every kind's p99 under the shop's day limit in the
 * instance's own time (the quota stretches every request, its tail included) and nothing failed, found
 * by a ramp and then holds on the same instances, warmed at the ramp's start. One instance is also
 * measured without orders.
 */
export async function scaleOut(run: BenchRun, build: string, target: Target, facts: ShopFacts): Promise<void> {
  const why =
    target.backend !== 'postgres'
      ? 'several instances need a shared database: PostgreSQL only'
      : await heldInstancesUnavailable();
  if (why) {
    run.log(`scale-out skipped: ${why}`);
    return;
  }
  await restockOrderedVariants(build, target, facts);
  const measured: Capacity[] = [];
  for (const { instances, orders } of [
    { instances: 1, orders: false },
    ...INSTANCES.map((instances) => ({ instances, orders: true })),
  ]) {
    const from = measured.find((m) => m.orders && m.instances === 1)?.capacity?.rate;
    const found = await run.phase(
      `scale-out: ${instances} instance${instances > 1 ? 's' : ''}${orders ? '' : ', no orders'}`,
      () => capacityOf(run, build, target, facts, instances, orders, from ? from * instances : undefined),
    );
    measured.push(found);
  }
  const one = measured.find((m) => m.orders && m.instances === 1)!;
  const noOrders = measured.find((m) => !m.orders)!;
  for (const m of measured)
    run.rows.push(scaleRow(m, m.orders ? one : undefined, m.instances === 1 && m.orders ? noOrders : undefined));
}

async function capacityOf(
  run: BenchRun,
  build: string,
  target: Target,
  facts: ShopFacts,
  instances: number,
  orders: boolean,
  guess: number | undefined,
): Promise<Capacity> {
  const steps: Step[] = [];
  // The instances run through the whole search, as a shop runs all day: warmed once, then every step on them.
  return withHeldInstances(build, target, instances, INSTANCE_CORES, async (children, origin) => {
    let searchFrom = 0;
    const step = async (rate: number, seconds: number, warmup: number): Promise<Step> => {
      const kinds = await mixOf(origin, facts, searchFrom, { orders });
      const result = await load(
        run,
        {
          url: origin,
          connections: CONNECTIONS,
          overallRate: rate,
          duration: seconds,
          warmup,
          mix: { kinds, instances: { count: instances, header: INSTANCE_HEADER } },
        },
        children,
      );
      searchFrom += result.searchesSent ?? 0;
      const why = judge(result, INSTANCE_CORES);
      const s: Step = { rate, seconds, result, ok: !why, ...(why ? { why } : {}) };
      steps.push(s);
      run.log(
        `  ${instances} × ${INSTANCE_CORES} core${orders ? '' : ', no orders'}: ${rate} req/s for ${seconds} s: ${kindsP99(result)}, ${result.cpuMsPerRequest?.toFixed(3)} ms CPU/req, ${result.resent ?? 0} resent${why ? `: ${why}` : ''}`,
      );
      return s;
    };
    // The ramp (from a guess: the one instance's capacity times the instances), until a step fails;
    // the first step warms the instances' code (V8 needs thousands of requests).
    let rate = guess ?? FIRST_RATE;
    let lastOk: number | undefined;
    for (let first = true; ; first = false) {
      const s = await step(rate, run.probe, first ? WARM_UP_SECONDS : 3);
      if (!s.ok) break;
      lastOk = rate;
      rate = Math.round(rate * PROBE_STEP);
    }
    const climb = holdClimb(lastOk ?? Math.round(rate / PROBE_STEP));
    let capacity: Step | undefined;
    for (
      let tries = 0, candidate: number | undefined = climb.first;
      candidate !== undefined && tries < MAX_HOLDS;
      tries++
    ) {
      if (searchFrom + searchesFor(candidate, run.hold + 3) > searchQueries().length) break;
      const s = await step(candidate, run.hold, 3);
      candidate = climb.next(s);
      if (s.ok && climb.held() === s.rate) capacity = s;
    }
    return { instances, orders, steps, ...(capacity ? { capacity } : {}) };
  });
}

/** Distinct search queries a run of `seconds` at `rate` sends. */
const searchesFor = (rate: number, seconds: number) =>
  Math.ceil((rate * seconds * DAY_MIX.search) / Object.values(DAY_MIX).reduce((a, b) => a + b, 0));

function scaleRow(m: Capacity, one: Capacity | undefined, noOrders: Capacity | undefined): Row {
  const r = m.capacity?.result;
  const perKind = r?.kinds
    ? Object.entries(r.kinds)
        .map(([k, v]) => `${k} ${fmtMs(v.latency.p99)}`)
        .join(', ')
    : '';
  const vsOne = m.instances > 1 && one?.capacity && m.capacity ? m.capacity.rate / one.capacity.rate : null;
  const vsNoOrders = noOrders?.capacity && m.capacity ? m.capacity.rate / noOrders.capacity.rate : null;
  const targetOf = SCALE_TARGETS[m.instances];
  const ratio = vsOne ?? vsNoOrders;
  return {
    scenario: `scale-out: ${m.instances} instance${m.instances > 1 ? 's' : ''} × ${INSTANCE_CORES} core behind haproxy, the shop's day mix${m.orders ? ` (${DAY_MIX.orders} % orders)` : ' without orders'}`,
    backend: 'postgres',
    figure: r
      ? `${fmtRate(m.capacity!.rate)} held twice (per-kind p99: ${perKind}; ${r.cpuMsPerRequest?.toFixed(3) ?? '?'} ms CPU/req summed over the instances; ${r.resent ?? 0} resent)`
      : 'no rate held',
    baseline:
      vsOne !== null
        ? `one instance, same quota and mix: ${fmtRate(one!.capacity!.rate)}`
        : vsNoOrders !== null
          ? `the same instance without orders: ${fmtRate(noOrders!.capacity!.rate)}`
          : m.orders
            ? '-'
            : 'the baseline of the one-instance row',
    ratio,
    target: targetOf
      ? `>= ${targetOf} x one instance`
      : vsNoOrders !== null
        ? `>= ${ORDERS_TARGET} x the mix without orders`
        : 'reported',
    pass: !m.capacity
      ? false
      : targetOf
        ? vsOne !== null && vsOne >= targetOf
        : vsNoOrders !== null
          ? vsNoOrders >= ORDERS_TARGET
          : null,
    load: m.steps.length ? loadText(...m.steps.map((s) => s.result)) : '',
    note: `steps: ${m.steps.map((s) => `${s.rate}/s ${s.seconds} s${s.ok ? '' : ` (${s.why})`}`).join('; ')}`,
    conditions: `open loop, ${CONNECTIONS} keep-alive connections to haproxy (load core), each kind's requests spread evenly over the instances; each instance pinned to the server core and held to ${INSTANCE_CORES} core by its own cgroup (cpu.cfs_quota_us); one PostgreSQL (not pinned); p99 per kind under the shop's day limits in the instance's own time (${P99_MS} ms / ${INSTANCE_CORES} = ${Math.round(p99Limit('pages', INSTANCE_CORES))} ms, orders ${Math.round(p99Limit('orders', INSTANCE_CORES))} ms: an instance held to ${INSTANCE_CORES} core does everything ${(1 / INSTANCE_CORES).toFixed(1)} times slower), no failure, held twice in a row; the same instances through the ramp and the holds, warmed ${WARM_UP_SECONDS} s at the ramp's start`,
    data: { instances: m.instances, orders: m.orders, capacity: m.capacity ?? null, steps: m.steps },
  };
}
