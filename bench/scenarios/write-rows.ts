import os from 'node:os';
import type { DbBenchResult } from '../db-bench.ts';
import { type BenchRun, WRITE_CLIENTS } from '../lib/bench-run.ts';
import { fmtMs, fmtRate } from '../lib/report.ts';
import { type Measured, type Target, cpuText, loadProblems, loadText } from '../lib/shop-process.ts';
import { steadyBaseline } from '../lib/steady-baseline.ts';
import { type WritesOverHttp, dbBench } from './cart-writes.ts';
import type { ShopFacts } from './shop-facts.ts';

/** POST /api/cart: at least this share of its grouped baseline, at most this many times the reference route's CPU per request. */
const HTTP_RATIO = 0.4;
const HTTP_CPU_OVER_REFERENCE = 1.5;
const STORE_RATIO = 0.6;

/**
 * The write rows. Each is judged against the baseline of its own shape: a grouped write (the cart
 * service's, the store's grouped append) against multi-row INSERTs of the shop's measured mean group
 * size, an ungrouped one against single-row INSERTs; both baselines prepared, on the same database,
 * clients and durability settings. Every row shows its CPU per request beside the reference route's
 * (bench/reference-write-server.ts), the HTTP rows' measured alternated with it (cart-writes.ts): a
 * ratio of CPU does not swing with the disk as a ratio of rates to an fsync-bound baseline does.
 */
export async function writeRows(run: BenchRun, target: Target, facts: ShopFacts, http: WritesOverHttp, orders: Measured): Promise<void> {
  const backend = target.backend;
  const loadBefore = os.loadavg()[0]!;
  // Read first: the store-level rows below append ItemAdded events of their own.
  const shopFacts = await run.phase(`${backend}: the shop's mean group size and durability settings`, () => dbBench(run, target, 'facts', facts));
  const groupSize = shopFacts.groupSize ?? 1;
  const single = await run.phase(`${backend}: raw INSERT baseline (single-row, prepared)`, () => steadyBaseline(() => dbBench(run, target, 'raw-insert', facts), (b) => b.opsPerSecond));
  // A mean group that rounds to one row is the single-row INSERT: not measured twice.
  const grouped =
    Math.round(groupSize) <= 1
      ? single
      : await run.phase(`${backend}: raw INSERT baseline (${Math.round(groupSize)} rows per INSERT, prepared)`, () =>
          steadyBaseline(() => dbBench(run, target, 'raw-insert-grouped', facts, groupSize), (b) => b.opsPerSecond),
        );
  const append = await run.phase(`${backend}: store-level append`, () => dbBench(run, target, 'append', facts));
  const oneByOne = await run.phase(`${backend}: store-level append, one statement per append`, () => dbBench(run, target, 'append-one-by-one', facts));
  const loadAfter = os.loadavg()[0]!;
  const { fsync, synchronous_commit: syncCommit, wal_sync_method: walSync } = shopFacts.settings;
  const durability = `fsync=${fsync}, synchronous_commit=${syncCommit}, wal_sync_method=${walSync}`;
  const { reference } = http;
  const refCpu = reference.cpuMsPerRequest;
  const refCpuText = refCpu === undefined ? 'reference route CPU unknown' : `reference route ${refCpu.toFixed(3)} ms CPU/req`;
  const singleText = `${fmtRate(single.value.opsPerSecond, 'rows/s')} (raw single-row INSERT, prepared, ${single.value.connections} clients)`;
  const groupedText =
    grouped === single
      ? `${fmtRate(single.value.opsPerSecond, 'rows/s')} (raw single-row INSERT, prepared, ${single.value.connections} clients: the shop's mean group rounds to 1)`
      : `${fmtRate(grouped.value.opsPerSecond, 'rows/s')} (raw ${grouped.value.groupSize ?? 1}-row INSERTs, prepared, ${grouped.value.connections} statements in flight for ${WRITE_CLIENTS} callers)`;
  const body = Buffer.byteLength(JSON.stringify({ ...facts.lines[0]!, quantity: 1 }));
  const conditions = (clients: string, group: string) => `${clients}; ${group}; ${backend}, ${durability}; payload ${body} bytes JSON → one ItemAdded event`;
  const meanGroup = `mean group ${groupSize.toFixed(1)} appends per statement (measured over the shop's HTTP writes)`;
  const notes = (...extra: Array<string | undefined>) => {
    const text = [...extra, single.repeated && `single-row: ${single.repeated}`, grouped !== single && grouped.repeated && `grouped: ${grouped.repeated}`].filter(Boolean).join('; ');
    return text ? { note: text } : {};
  };

  const cpuOver = (shopRun: Measured, referenceRun: Measured) =>
    shopRun.cpuMsPerRequest !== undefined && referenceRun.cpuMsPerRequest ? shopRun.cpuMsPerRequest / referenceRun.cpuMsPerRequest : undefined;
  for (const [name, r, of] of [
    ['POST /api/cart, new carts (HTTP)', http.newCarts, (round: WritesOverHttp['rounds'][number]) => round.r],
    ['POST /api/cart, 10 lines per cart (HTTP)', http.tenLines, (round: WritesOverHttp['rounds'][number]) => round.tenLines],
  ] as const) {
    const ratio = r.rps / grouped.value.opsPerSecond;
    const cpuOverReference = cpuOver(r, reference);
    const problem = loadProblems(r);
    const rounds = `against the reference route runs either side, in ${http.rounds.length} rounds (the row is the median by the new carts' rate over the reference route's): ${http.rounds
      .map((round) => `CPU ${cpuOver(of(round), round.b)?.toFixed(2) ?? '?'} x, rate ${(of(round).rps / round.b.rps).toFixed(2)} x`)
      .join('; ')}`;
    run.rows.push({
      scenario: name,
      backend,
      figure: `${fmtRate(r.rps)}, p99 ${fmtMs(r.latency.p99)}${cpuText(r)}; ${refCpuText}${cpuOverReference === undefined ? '' : ` (${cpuOverReference.toFixed(2)} x)`}; ${(r.rps / single.value.opsPerSecond).toFixed(2)} x the single-row INSERT`,
      baseline: groupedText,
      cpuRatio: cpuOverReference === undefined ? null : 1 / cpuOverReference,
      ratio,
      target: `>= ${HTTP_RATIO} x, CPU/req <= ${HTTP_CPU_OVER_REFERENCE} x the reference route's`,
      pass: !problem && ratio >= HTTP_RATIO && cpuOverReference !== undefined && cpuOverReference <= HTTP_CPU_OVER_REFERENCE,
      load: `${loadText(r)}, ${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
      conditions: conditions(`${WRITE_CLIENTS} clients closed-loop (autocannon)`, meanGroup),
      ...notes(problem, rounds, http.note),
      data: { measured: r, baseline: grouped.value, singleRow: single.value, reference, rounds: http.rounds, groupSize, settings: shopFacts.settings, connections: WRITE_CLIENTS },
    });
  }
  const problem = loadProblems(reference);
  run.rows.push({
    scenario: 'POST /api/cart, new carts, reference route (HTTP)',
    backend,
    figure: `${fmtRate(reference.rps)}, p99 ${fmtMs(reference.latency.p99)}${cpuText(reference)}; the shop's new-cart row: ${(http.newCarts.rps / reference.rps).toFixed(2)} x of it`,
    baseline: groupedText,
    ratio: reference.rps / grouped.value.opsPerSecond,
    target: 'reported (bare Fastify, the same grouped append)',
    pass: null,
    load: `${loadText(reference)}, ${loadBefore.toFixed(1)}→${loadAfter.toFixed(1)}`,
    conditions: conditions(`${WRITE_CLIENTS} clients closed-loop (autocannon)`, 'grouped as the service groups'),
    ...notes(problem),
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
  const storeRow = (scenario: string, measured: DbBenchResult, base: DbBenchResult, baseText: string, judged: boolean, group: string) => {
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
      ...(judged ? notes() : {}),
      data: { measured, baseline: base },
    });
  };
  storeRow('append + projections (store: grouped, as the service)', append, grouped.value, groupedText, true, 'grouped as the service groups');
  storeRow('append + projections, one statement per append (not grouped)', oneByOne, single.value, singleText, false, 'one append per statement');
  run.details[`writes-${backend}`] = { groupSize, settings: shopFacts.settings, singleRow: single.value, grouped: grouped.value };
}

export type { Measured };
