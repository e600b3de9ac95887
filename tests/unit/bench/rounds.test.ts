import { describe, expect, it } from 'vitest';
import { inRounds } from '../../../bench/lib/rounds.ts';

type Run = { rps: number; warmed: boolean };
const mean = (a: Run, b: Run): Run => ({ rps: (a.rps + b.rps) / 2, warmed: b.warmed });

/** Measurements handed out in order, recording what each was asked. */
function runs(rates: number[]) {
  const asked: boolean[] = [];
  let i = 0;
  const next = async (warmed: boolean) => {
    asked.push(warmed);
    const rps = rates[i++];
    if (rps === undefined) throw new Error('measured more runs than expected');
    return { rps, warmed };
  };
  return { next, asked, count: () => i };
}

describe('inRounds', () => {
  it('alternates baseline and shop (B S B S B S B) and takes the median round', async () => {
    const baseline = runs([100, 100, 100, 100]);
    const shop = runs([90, 60, 80]);
    const { rounds, median, note } = await inRounds(mean, baseline.next, shop.next);
    expect(rounds.map((r) => r.ratio)).toEqual([0.9, 0.6, 0.8]);
    expect(median.ratio).toBe(0.8);
    expect(median.r.rps).toBe(80);
    expect(note).toBeUndefined();
    // Only each server's first run waits for a steady pace.
    expect(baseline.asked).toEqual([false, true, true, true]);
    expect(shop.asked).toEqual([false, true, true]);
  });

  it('judges each shop run against the baseline runs either side of it', async () => {
    const { rounds } = await inRounds(mean, runs([100, 90, 100, 110]).next, runs([76, 76, 84]).next);
    expect(rounds.map((r) => r.b.rps)).toEqual([95, 95, 105]);
    expect(rounds.map((r) => r.ratio)).toEqual([0.8, 0.8, 0.8]);
  });

  it('keeps one disturbed round out of the verdict without measuring more', async () => {
    // The second round's baselines differ by 50 %: its 1.2 x says nothing, and the median ignores it.
    const baseline = runs([100, 100, 150, 150]);
    const { rounds, median, note } = await inRounds(mean, baseline.next, runs([80, 150, 120]).next);
    expect(rounds[1]!.moved).toBeCloseTo(0.5);
    expect(median.ratio).toBe(0.8);
    expect(note).toBeUndefined();
    expect(baseline.count()).toBe(4);
  });

  it('measures two more rounds, once, when two or more of three were disturbed', async () => {
    // Rounds 1 and 3 disturbed (100 -> 150, 150 -> 100), round 2 not.
    const baseline = runs([100, 150, 150, 100, 100, 100, 100]);
    const shop = runs([100, 120, 100, 80, 80]);
    const { rounds, median, note } = await inRounds(mean, baseline.next, shop.next);
    expect(rounds).toHaveLength(5);
    expect(note).toMatch(/two more rounds/);
    expect(median.ratio).toBe(0.8);
    expect(baseline.count()).toBe(6);
  });
});
