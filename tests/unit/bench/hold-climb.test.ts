import { describe, expect, it } from 'vitest';
import { holdClimb } from '../../../bench/lib/hold-climb.ts';

/** The rates a climb tries when each hold passes or fails as `outcome` says. */
function rates(first: number, outcome: (rate: number, attempt: number) => boolean, max = 10): number[] {
  const climb = holdClimb(first);
  const tried: number[] = [];
  for (let rate: number | undefined = climb.first; rate !== undefined && tried.length < max; ) {
    tried.push(rate);
    rate = climb.next({ rate, ok: outcome(rate, tried.filter((r) => r === rate).length) });
  }
  return tried;
}

describe("a shop's day: the rates the holds try", () => {
  it('goes up while holds pass, and ends after a rate fails twice', () => {
    expect(rates(100, (rate) => rate < 150)).toEqual([100, 115, 132, 152, 152]);
  });

  it('holds a failed rate once more: one noisy hold does not end the search', () => {
    expect(rates(100, (rate, attempt) => rate < 175 && !(rate === 132 && attempt === 1))).toEqual([100, 115, 132, 132, 152, 175, 175]);
  });

  it('goes down while none has passed, then up from the first that does; a rate that failed on the way down gets one hold more', () => {
    expect(rates(200, (rate) => rate < 160)).toEqual([200, 174, 151, 174]);
    expect(rates(200, (rate, attempt) => rate < 160 || (rate === 174 && attempt === 2))).toEqual([200, 174, 151, 174, 200]);
  });
});
