import type { Queryable } from '../db/database.ts';
import type { FoldableEvent, RecordedEvent } from '../eventstore/event-store.ts';

/**
 * A read model built from events. `applyInline` runs in the append's transaction and must be
 * idempotent (each row remembers the last stream version or position it applied). `rebuild` folds a
 * whole log in memory and bulk-writes it; it is what `projections replay` uses.
 */
export interface Projection {
  readonly name: string;
  /** Bump when the read model's shape or meaning changes: a stored older version means "replay me". */
  readonly version: number;
  readonly eventTypes: readonly string[];
  /**
   * The read-model tables this projection owns, rebuilt by a replay, IN THE ORDER its inline writes
   * touch them (a replay locks them in this order; any other order can deadlock with an append).
   */
  readonly tables: readonly string[];
  applyInline(tx: Queryable, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * The same writes as applyInline for a freshly appended event, as CTE bodies that read the CTE
   * `appended` (see eventstore appendToStream's `alsoRun`): the append and its projections then
   * cost one statement. Valid for single-event appends (CTEs of one statement share a snapshot).
   */
  readonly appendCtes: readonly AppendCte[];
  createRebuild(): Rebuild;
}

/** A data-modifying CTE body reading `appended`, and the event types it has anything to do for. */
export interface AppendCte {
  types: readonly string[];
  sql: string;
}

export interface Rebuild {
  /** Folds one batch into memory (events carry what a fold needs: no metadata or recorded time). */
  fold(events: readonly FoldableEvent[]): void;
  /** Bulk-writes what was folded (the tables were already emptied). */
  write(tx: Queryable): Promise<void>;
}

/** Splits rows into chunks so one `unnest` insert never carries an unbounded parameter array. */
export function* chunks<T>(items: readonly T[], size = 10_000): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * A PostgreSQL array literal for an `unnest($n::type[])` parameter, built in one pass: cheaper than
 * letting `pg` serialise a JS array (two regex replaces per element). Numbers go bare; strings are
 * double-quoted, with backslashes and quotes escaped. No NULL elements.
 */
export function arrayLiteral(values: readonly string[] | readonly number[]): string {
  if (values.length === 0 || typeof values[0] === 'number') return `{${values.join(',')}}`;
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as string;
    out += `${i === 0 ? '"' : ',"'}${/["\\]/.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
  }
  return `${out}}`;
}
