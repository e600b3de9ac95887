import type { Queryable } from '../../db/database.ts';
import { type ProjectableEvent, type Projection, projectEvents } from '../../eventstore/projection.ts';

/** Events of one stream, numbered from `version` on, at log positions from `position` on. */
export function streamOf(
  streamId: string,
  events: ReadonlyArray<{ type: string; data: object }>,
  from = { version: 1, position: 1 },
): ProjectableEvent[] {
  return events.map((e, i) => ({
    streamId,
    version: from.version + i,
    position: from.position + i,
    type: e.type,
    data: e.data,
  }));
}

/**
 * Given events, the projection's tables hold these rows. `given` applies the events through the
 * projection's own steps (the statement every append and replay runs), in one set or split: once
 * through the steps an append of each set runs, and, when the projection has shortcuts, again
 * through its general steps (a replay's), and when it has steps into empty tables, all the events
 * at once through those (a replay's build): each must leave the same rows.
 */
export function projectionSpec(db: Queryable, projection: Projection, tables: Record<string, string>) {
  const rowsOf = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const [table, select] of Object.entries(tables))
      rows[table] = JSON.parse(JSON.stringify((await db.query(select)).rows));
    return rows;
  };
  return {
    async reset() {
      for (const table of [...projection.tables].reverse()) await db.query(`delete from ${table}`);
    },
    /** Applies each group of events as one set, in order: [[all]] at once, [[a], [b]] one by one. */
    async given(...sets: ProjectableEvent[][]) {
      const apply = async (shortcuts: boolean) => {
        await this.reset();
        for (const set of sets) await projectEvents(db, [projection], set, { shortcuts });
        return rowsOf();
      };
      const rows = await apply(true);
      const agree = (other: Record<string, unknown[]>, what: string) => {
        if (JSON.stringify(other) !== JSON.stringify(rows))
          throw new Error(
            `${what} and the steps an append runs disagree:\n${JSON.stringify(rows)}\n${JSON.stringify(other)}`,
          );
      };
      if (projection.shortcuts?.length) agree(await apply(false), 'the general steps');
      if (projection.stepsIntoEmpty) {
        // A replay's build: every event in one set, into empty tables.
        await this.reset();
        await projectEvents(db, [projection], sets.flat(), { intoEmpty: true });
        agree(await rowsOf(), 'the steps into empty tables');
      }
      return rows;
    },
    rows: rowsOf,
  };
}

/** Every way of cutting `events` into consecutive sets, keeping order: one at a time, all at once, and each split in two. */
export function splits<T>(events: readonly T[]): T[][][] {
  const ways: T[][][] = [[[...events]], events.map((e) => [e])];
  for (let k = 1; k < events.length; k++) ways.push([events.slice(0, k), events.slice(k)]);
  return ways;
}
