import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_CHANGES, analyzeGrownTables, tableActivity } from '../../../db/planner-statistics.ts';
import { BACKENDS, type TestDatabase, createTestDatabase } from '../../support/databases.ts';

describe.each(BACKENDS)('planner statistics upkeep on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await database.db.exec('create table statistics_probe (id int primary key)');
  });
  afterAll(() => database?.drop());

  /** The probe table's counters, once the database has published at least `changes` of them. */
  async function probeActivity(changes: number) {
    // PostgreSQL publishes a session's counters when it goes idle, at most once a second.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const activity = (await tableActivity(database.db)).find((a) => a.table === 'statistics_probe')!;
      if (activity.changesSinceAnalyze >= changes || Date.now() > deadline) return activity;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('analyzes a table once it changed by its own size, and then leaves it until it has grown as much again', async () => {
    await database.db.query('insert into statistics_probe select g from generate_series(1, $1::int) g', [
      MIN_CHANGES + 100,
    ]);
    expect(await probeActivity(MIN_CHANGES + 100)).toEqual({
      table: 'statistics_probe',
      changesSinceAnalyze: MIN_CHANGES + 100,
      plannedRows: -1,
    });
    expect(await analyzeGrownTables(database.db)).toContain('statistics_probe');
    expect(await probeActivity(0)).toEqual({
      table: 'statistics_probe',
      changesSinceAnalyze: 0,
      plannedRows: MIN_CHANGES + 100,
    });

    // Half its size again: not yet.
    await database.db.query('insert into statistics_probe select g from generate_series($1::int, $2::int) g', [
      MIN_CHANGES + 101,
      MIN_CHANGES + 400,
    ]);
    await probeActivity(300);
    expect(await analyzeGrownTables(database.db)).not.toContain('statistics_probe');
    // Past its size: analyzed again, and the planner now counts every row.
    await database.db.query('insert into statistics_probe select g from generate_series($1::int, $2::int) g', [
      MIN_CHANGES + 401,
      2 * MIN_CHANGES + 400,
    ]);
    await probeActivity(MIN_CHANGES + 300);
    expect(await analyzeGrownTables(database.db)).toContain('statistics_probe');
    expect((await probeActivity(0)).plannedRows).toBe(2 * MIN_CHANGES + 400);
  });
});
