import os from 'node:os';
import { type DbBenchResult, meanGroup } from '../db-bench.ts';
import { type BenchRun, WRITE_CLIENTS } from '../lib/bench-run.ts';
import { fmtMs, fmtRate } from '../lib/report.ts';
import { drift } from '../lib/rounds.ts';
import { type Measured, type Target, cpuText, loadProblems, loadText } from '../lib/shop-process.ts';
import { steadyBaseline } from '../lib/steady-baseline.ts';
import { type AtRate, type ServerRuns, type Window, type WritesOverHttp, dbBench } from './cart-writes.ts';
import type { ShopFacts } from './shop-facts.ts';

/** POST /api/cart: at least this share of its grouped baseline, at most this many times the reference route's CPU per request. */
const HTTP_RATIO = 0.4;
const HTTP_CPU_OVER_REFERENCE = 1.5;
const STORE_RATIO = 0.6;
/** The CPU comparison holds when both servers grouped their appends alike: mean groups at most this far apart (`drift`). */
const MAX_GROUP_DRIFT = 0.25;

/**
 * The write rows. Each is judged against the baseline of its own shape: a grouped write (the cart
 * service's, the store's grouped append) against multi-row INSERTs of the shop's measured mean group
 * size, an ungrouped one against single-row INSERTs; both baselines prepared, on the same database,
 * clients and durability settings. Every row shows its CPU per request beside the reference route's
 * (bench/reference-write-server.ts), the HTTP rows' measured alternated with it (cart-writes.ts): a
 * ratio of CPU does not swing with the disk as a ratio of rates to an fsync-bound baseline does. The
 * HTTP rows' CPU is judged at one offered rate for both, where both group their appends alike (checked
 * from the log); at saturation the slower server groups fewer appends per statement, and a CPU per
 * request at saturation is little more than the inverse of its rate.
 */
export async function writeRows(
  run: BenchRun,
  target: Target,
  facts: ShopFacts,
  http: WritesOverHttp,
  orders: Measured,
): Promise<void> {
  const backend = target.backend;
  const loadBefore = os.loadavg()[0]!;
  // Each run at the offered rate once (a reference run is the after of one round and the before of the next).
  const keyOf = (w: Window) => `${w.from}/${w.to}`;
  const windowsOf = (runs: AtRate[]) => [...new Map(runs.flatMap((r) => r.windows).map((w) => [keyOf(w), w])).values()];
  const windows = windowsOf(
    http.rounds.flatMap((round) => [round.r.newCartsAtRate, round.r.tenLinesAtRate!, round.b.newCartsAtRate]),
  );
  // Read first: the store-level rows below append ItemAdded events of their own.
  const shopFacts = await run.phase(`${backend}: the shop's mean group size and durability settings`, () =>
    dbBench(run, target, 'facts', facts, { windows }),
  );
  const counted = new Map(windows.map((w, i) => [keyOf(w), shopFacts.windows![i]!]));
  /** The mean group of runs at the offered rate: their events over the statements that wrote them. */
  const groupOf = (runs: AtRate[]) => {
    const counts = windowsOf(runs).map((w) => counted.get(keyOf(w))!);
    return meanGroup({
      events: counts.reduce((n, c) => n + c.events, 0),
      groups: counts.reduce((n, c) => n + c.groups, 0),
    });
  };
  const groupSize = shopFacts.groupSize ?? 1;
  const single = await run.phase(`${backend}: raw INSERT baseline (single-row, prepared)`, () =>
    steadyBaseline(
      () => dbBench(run, target, 'raw-insert', facts),
      (b) => b.opsPerSecond,
    ),
  );
  /** Multi-row INSERTs of a mean group; one that rounds to one row is the single-row INSERT, not measured twice. */
  const insertsOf = async (group: number, whose = '') => {
    const rows = Math.round(group);
    if (rows <= 1) return single;
    return run.phase(`${backend}: raw INSERT baseline (${rows} rows per INSERT, prepared${whose})`, () =>
      steadyBaseline(
        () => dbBench(run, target, 'raw-insert-grouped', facts, { groupSize: rows }),
        (b) => b.opsPerSecond,
      ),
    );
  };
  const grouped = await insertsOf(groupSize);
  const append = await run.phase(`${backend}: store-level append`, () => dbBench(run, target, 'append', facts));
  // The store-level append, its callers in a tight loop, may group otherwise than the HTTP writes: it is
  // judged against the INSERT of its own mean group.
  const appendGroup = append.groupSize ?? 1;
  const appendBase =
    Math.round(appendGroup) === Math.round(groupSize)
      ? grouped
      : await insertsOf(appendGroup, ": the store-level append's own group");
  const oneByOne = await run.phase(`${backend}: store-level append, one statement per append`, () =>
    dbBench(run, target, 'append-one-by-one', facts),
  );
  const loadAfter = os.loadavg()[0]!;
  const { fsync, synchronous_commit: syncCommit, wal_sync_method: walSync } = shopFacts.settings;
  const durability = `fsync=${fsync}, synchronous_commit=${syncCommit}, wal_sync_method=${walSync}`;
  const reference = http.median.b.newCarts;
  const refCpu = reference.cpuMsPerRequest;
  const refCpuText =
    refCpu === undefined ? 'reference route CPU unknown' : `reference route ${refCpu.toFixed(3)} ms CPU/req`;
  const singleText = `${fmtRate(single.value.opsPerSecond, 'rows/s')} (raw single-row INSERT, prepared, ${single.value.connections} clients)`;
  const groupedTextOf = (base: typeof grouped) =>
    base === single
      ? `${fmtRate(single.value.opsPerSecond, 'rows/s')} (raw single-row INSERT, prepared, ${single.value.connections} clients: the mean group rounds to 1)`
      : `${fmtRate(base.value.opsPerSecond, 'rows/s')} (raw ${base.value.groupSize ?? 1}-row INSERTs, prepared, ${base.value.connections} statements in flight for ${WRITE_CLIENTS} callers)`;
  const groupedText = groupedTextOf(grouped);
  const body = Buffer.byteLength(JSON.stringify({ ...facts.lines[0]!, quantity: 1 }));
  const conditions = (clients: string, group: string) =>
    `${clients}; ${group}; ${backend}, ${durability}; payload ${body} bytes JSON → one ItemAdded event`;
  const httpGroupText = `mean group ${groupSize.toFixed(1)} appends per statement (measured over the shop's HTTP writes)`;
  const notes = (base: typeof grouped, ...extra: Array<string | undefined>) => {
    const text = [
      ...extra,
      single.repeated && `single-row: ${single.repeated}`,
      base !== single && base.repeated && `grouped: ${base.repeated}`,
    ]
      .filter(Boolean)
      .join('; ');
    return text ? { note: text } : {};
  };

  const cpuOver = (shopRun: Measured, referenceRun: Measured) =>
    shopRun.cpuMsPerRequest !== undefined && referenceRun.cpuMsPerRequest
      ? shopRun.cpuMsPerRequest / referenceRun.cpuMsPerRequest
      : undefined;
  const referenceGroup = groupOf(http.rounds.map((round) => round.b.newCartsAtRate));
  type Of = (runs: ServerRuns) => { closed: Measured; atRate: AtRate };
  for (const [name, of] of [
    ['POST /api/cart, new carts (HTTP)', (runs) => ({ closed: runs.newCarts, atRate: runs.newCartsAtRate })],
    ['POST /api/cart, 10 lines per cart (HTTP)', (runs) => ({ closed: runs.tenLines!, atRate: runs.tenLinesAtRate! })],
  ] as Array<[string, Of]>) {
    const r = of(http.median.r).closed;
    const ratio = r.rps / grouped.value.opsPerSecond;
    const closedCpu = cpuOver(r, reference);
    // Judged at the offered rate: the round of the median ratio of the shop's CPU per request to the reference runs' either side.
    const byCpu = http.rounds.map((round) => ({
      round,
      shop: of(round.r).atRate,
      reference: round.b.newCartsAtRate,
      ratio: cpuOver(of(round.r).atRate, round.b.newCartsAtRate),
    }));
    const cpuRound = byCpu.some((round) => round.ratio === undefined)
      ? undefined
      : byCpu.toSorted((a, b) => a.ratio! - b.ratio!)[(byCpu.length - 1) >> 1]!;
    const cpuOverReference = cpuRound?.ratio;
    const shopGroup = groupOf(http.rounds.map((round) => of(round.r).atRate));
    const sameBatching = drift(shopGroup, referenceGroup) <= MAX_GROUP_DRIFT;
    const problem = [r, ...http.rounds.flatMap((round) => [of(round.r).atRate, round.b.newCartsAtRate])]
      .map(loadProblems)
      .find(Boolean);
    const rounds = `in ${http.rounds.length} rounds against the reference route runs either side (the rate is the median round's by the new carts' rate over the reference route's): ${byCpu
      .map(
        ({ round, ratio }) =>
          `rate ${(of(round.r).closed.rps / round.b.rps).toFixed(2)} x, CPU ${ratio?.toFixed(2) ?? '?'} x at ${http.rate}/s (${cpuOver(of(round.r).closed, round.b.newCarts)?.toFixed(2) ?? '?'} x closed-loop)`,
      )
      .join('; ')}`;
    const batching = `mean group at ${http.rate}/s: shop ${shopGroup.toFixed(2)}, reference route ${referenceGroup.toFixed(2)}${sameBatching ? '' : ` (over ${MAX_GROUP_DRIFT * 100} % apart: not the same work, so the CPU comparison fails)`}`;
    run.rows.push({
      scenario: name,
      backend,
      figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)}${cpuText(r)} closed-loop (${refCpuText}, ${closedCpu?.toFixed(2) ?? '?'} x); at ${http.rate}/s offered (the median round by CPU): ${cpuRound ? `${cpuRound.shop.cpuMsPerRequest!.toFixed(3)} ms CPU/req, p99 ${fmtMs(cpuRound.shop.latency.p99)}, the reference route ${cpuRound.reference.cpuMsPerRequest!.toFixed(3)} ms (${cpuRound.ratio!.toFixed(2)} x)` : 'CPU unknown'}; ${(r.rps / single.value.opsPerSecond).toFixed(2)} x the single-row INSERT`,
      baseline: groupedText,
      cpuRatio: cpuOverReference === undefined ? null : 1 / cpuOverReference,
      ratio,
      target: `>= ${HTTP_RATIO} x, CPU/req <= ${HTTP_CPU_OVER_REFERENCE} x the reference route's at one offered rate`,
      pass:
        !problem &&
        ratio >= HTTP_RATIO &&
        sameBatching &&
        cpuOverReference !== undefined &&
        cpuOverReference <= HTTP_CPU_OVER_REFERENCE,
      load: `${loadText(r)}, ${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
      conditions: conditions(
        `${WRITE_CLIENTS} clients closed-loop (autocannon); CPU at ${http.rate} req/s offered open-loop on ${WRITE_CLIENTS} connections`,
        httpGroupText,
      ),
      ...notes(grouped, problem, batching, rounds, http.note),
      data: {
        measured: r,
        atRate: cpuRound,
        baseline: grouped.value,
        singleRow: single.value,
        reference,
        rounds: http.rounds,
        rate: http.rate,
        groupSize,
        groupsAtRate: { shop: shopGroup, reference: referenceGroup },
        settings: shopFacts.settings,
        connections: WRITE_CLIENTS,
      },
    });
  }
  const problem = loadProblems(reference);
  run.rows.push({
    scenario: 'POST /api/cart, new carts, reference route (HTTP)',
    backend,
    figure: `${fmtRate(reference.rps)}, p99 ${fmtMs(reference.latency.p99)}${cpuText(reference)}; the shop's new-cart row: ${(http.median.r.newCarts.rps / reference.rps).toFixed(2)} x of it`,
    baseline: groupedText,
    ratio: reference.rps / grouped.value.opsPerSecond,
    target: 'reported (bare Fastify, the same grouped append)',
    pass: null,
    load: `${loadText(reference)}, ${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
    conditions: conditions(`${WRITE_CLIENTS} clients closed-loop (autocannon)`, 'grouped as the service groups'),
    ...notes(grouped, problem),
    data: { measured: reference, baseline: grouped.value, connections: WRITE_CLIENTS },
  });
  // An order is two requests (the line added, the cart placed) and one transaction of two appends
  // with the stock taken: reported beside the single-row INSERT of the same run.
  const ordersPerSecond = orders.rps / 2;
  const ordersProblem = loadProblems(orders);
  run.rows.push({
    scenario: 'POST /api/orders, a line added then the cart placed (HTTP)',
    backend,
    figure: `${fmtRate(ordersPerSecond, 'orders/s')} (${fmtRate(orders.rps)} requests), p99 ${fmtMs(orders.latency.p99)}${cpuText(orders)}; ${refCpuText}`,
    baseline: singleText,
    ratio: ordersPerSecond / single.value.opsPerSecond,
    target: 'reported (orders against rows of the single-row INSERT)',
    pass: null,
    load: `${loadText(orders)}, ${loadBefore.toFixed(1)}→${os.loadavg()[0]!.toFixed(1)}`,
    conditions: `${WRITE_CLIENTS} clients closed-loop (autocannon), each adding one line then placing its cart; one transaction per order (OrderPlaced, CartCheckedOut, stock taken); ${backend}, ${durability}`,
    ...(ordersProblem ? { note: ordersProblem } : {}),
    data: { measured: orders, baseline: single.value, connections: WRITE_CLIENTS },
  });
  const storeRow = (
    scenario: string,
    measured: DbBenchResult,
    baseRun: typeof grouped,
    baseText: string,
    judged: boolean,
    group: string,
  ) => {
    const base = baseRun.value;
    const ratio = measured.opsPerSecond / base.opsPerSecond;
    run.rows.push({
      scenario,
      backend,
      figure: `${fmtRate(measured.opsPerSecond, 'appends/s')}, p99 ${fmtMs(measured.p99Ms)}, ${measured.cpuMsPerOp.toFixed(3)} ms CPU/append (the writing process${backend === 'postgres' ? ', not the server' : ', database included'}; baseline ${base.cpuMsPerOp.toFixed(3)} ms/row); ${refCpuText}`,
      baseline: baseText,
      cpuRatio: measured.cpuMsPerOp ? base.cpuMsPerOp / measured.cpuMsPerOp : null,
      ratio,
      target: judged ? `>= ${STORE_RATIO} x` : 'reported (what grouping saves)',
      pass: judged ? ratio >= STORE_RATIO : null,
      load: `${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
      conditions: conditions(`${WRITE_CLIENTS} callers in one process`, group),
      ...(judged ? notes(baseRun) : {}),
      data: { measured, baseline: base },
    });
  };
  storeRow(
    'append + projections (store: grouped, as the service)',
    append,
    appendBase,
    groupedTextOf(appendBase),
    true,
    `grouped as the service groups: mean group ${appendGroup.toFixed(1)} appends per statement (its own run)`,
  );
  storeRow(
    'append + projections, one statement per append (not grouped)',
    oneByOne,
    single,
    singleText,
    false,
    'one append per statement',
  );
  run.details[`writes-${backend}`] = {
    groupSize,
    settings: shopFacts.settings,
    singleRow: single.value,
    grouped: grouped.value,
    storeGrouped: appendBase.value,
  };
}

export type { Measured };
