import { describe, expect, it } from 'vitest';
import { holdClimb } from '../../../bench/lib/hold-climb.ts';

/** The rates a climb tries when each hold passes or fails as `outcome` says, and the rate it found held. */
function climbed(
  first: number,
  outcome: (rate: number, attempt: number) => boolean,
  max = 20,
): { tried: number[]; held: number | undefined } {
  const climb = holdClimb(first);
  const tried: number[] = [];
  for (let rate: number | undefined = climb.first; rate !== undefined && tried.length < max; ) {
    tried.push(rate);
    rate = climb.next({ rate, ok: outcome(rate, tried.filter((r) => r === rate).length) });
  }
  return { tried, held: climb.held() };
}

describe("a shop's day: the rates the holds try", () => {
  it('holds each rate twice in a row before going up, and ends after a rate fails twice', () => {
    expect(climbed(100, (rate) => rate < 150)).toEqual({ tried: [100, 100, 115, 115, 132, 132, 152, 152], held: 132 });
  });

  it('a rate that passes once and then fails has not held: one lucky hold is no capacity', () => {
    expect(climbed(100, (rate, attempt) => rate < 132 || (rate === 132 && attempt === 1))).toEqual({
      tried: [100, 100, 115, 115, 132, 132, 132],
      held: 115,
    });
  });

  it('tries a failed rate once more: one noisy hold does not end the search', () => {
    expect(climbed(100, (rate, attempt) => rate < 152 && !(rate === 115 && attempt === 1)).tried).toEqual([
      100, 100, 115, 115, 115, 132, 132, 152, 152,
    ]);
  });

  it('goes down while none has held, then up from the first that does; a rate that failed on the way down gets one try more', () => {
    expect(climbed(200, (rate) => rate < 160)).toEqual({ tried: [200, 174, 151, 151, 174], held: 151 });
    expect(climbed(200, (rate, attempt) => rate < 160 || (rate === 174 && attempt >= 2))).toEqual({
      tried: [200, 174, 151, 151, 174, 174, 200],
      held: 174,
    });
  });
});
