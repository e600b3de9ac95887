// Applying a range of the log to projections through their steps, inside the database.
import type { Queryable } from '../db/database.ts';
import { APPENDED_COLUMNS, type Projection, renderSteps, stepsOf } from '../eventstore/projection.ts';

/** A range of the log a replay applies: its events of `types` after `after`, up to `upTo`. */
export interface LogRange {
  types: readonly string[];
  /** Positions after `after`, up to and including `upTo`. */
  after: number;
  upTo: number;
  /** Only events whose `key` hashes to share `index` of `of`. */
  partition?: { key: string; index: number; of: number } | undefined;
  /**
   * How many events the range holds, when the caller counts them (asked once the range is
   * applied): applied in one statement, the range is then not counted again, so `appended` is read
   * once by the steps (a relation the steps name once is not materialized, which costs a write and a
   * read of every event).
   */
  events?: () => Promise<number>;
  /** The tables hold none of the rows the range makes (fresh copies, or tables just emptied). */
  intoEmpty?: boolean;
}

/** Steps into empty tables apply a range only in one statement: in batches, a later batch meets the rows of earlier ones. */
export const intoEmptyIn = (batchSize: number | undefined) => batchSize === undefined;

/** Applies the range of the log through the projections' steps, in one statement or in keyset batches; resolves to the events applied. */
export async function applyLog(
  tx: Queryable,
  projections: readonly Projection[],
  range: LogRange,
  batchSize: number | undefined,
  onApplied: (n: number) => Promise<void>,
): Promise<number> {
  const { partition } = range;
  const share = partition
    ? `and (coalesce(hashtext(${partition.key}), 0) & 2147483647) % ${partition.of} = ${partition.index}`
    : '';
  const batched = batchSize !== undefined;
  const steps = stepsOf(projections, undefined, { intoEmpty: range.intoEmpty === true && intoEmptyIn(batchSize) });
  // Counted by the statement only when the caller has not counted the range: counting names
  // `appended` a second time, which makes PostgreSQL write the whole set out to read it twice.
  const known = batched ? undefined : range.events;
  let after = range.after;
  let applied = 0;
  for (;;) {
    const { rows } = await tx.query<{ last: string | number | null; n: string | number }>(
      `with appended as ${known === undefined ? 'materialized ' : ''}(
         select ${APPENDED_COLUMNS} from events where position > $1 and position <= $2 and type = any($3) ${share}
         ${batched ? 'order by position limit $4' : ''}
       ),
       ${renderSteps(steps)}
       ${known === undefined ? 'select max(position) as last, count(*) as n from appended' : 'select 1'}`,
      batched ? [after, range.upTo, range.types, batchSize] : [after, range.upTo, range.types],
    );
    const n = known === undefined ? Number(rows[0]?.n ?? 0) : await known();
    applied += n;
    await onApplied(n);
    if (!batched || n < batchSize) return applied;
    after = Number(rows[0]!.last);
  }
}
