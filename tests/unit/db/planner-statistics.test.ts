import { describe, expect, it } from 'vitest';
import { MIN_CHANGES, needsAnalyze } from '../../../db/planner-statistics.ts';

describe('needsAnalyze', () => {
  it('asks for an ANALYZE once a table changed by at least its believed size', () => {
    expect(needsAnalyze({ table: 't', changesSinceAnalyze: 10_000, plannedRows: 10_000 })).toBe(true);
    expect(needsAnalyze({ table: 't', changesSinceAnalyze: 9_999, plannedRows: 10_000 })).toBe(false);
  });

  it('never for fewer than MIN_CHANGES changed rows, even on a table never analyzed', () => {
    expect(needsAnalyze({ table: 't', changesSinceAnalyze: MIN_CHANGES - 1, plannedRows: -1 })).toBe(false);
    expect(needsAnalyze({ table: 't', changesSinceAnalyze: MIN_CHANGES, plannedRows: -1 })).toBe(true);
    expect(needsAnalyze({ table: 't', changesSinceAnalyze: MIN_CHANGES, plannedRows: 0 })).toBe(true);
  });
});
