/** Each hold's rate is this much above the last that held. */
export const HOLD_STEP = 1.15;

/**
 * The rates the holds try. A rate holds when it passes twice in a row: after a first pass it is held
 * again, after the second the climb goes up by HOLD_STEP. Down after a failure while none has held. A
 * failure above a rate that held is tried once more before the climb ends (a rate that failed on the
 * way down has had its second try): on a shared machine one noisy hold would otherwise end the search,
 * and the capacity found is then a floor. `held()` is the highest rate that passed twice in a row.
 */
export function holdClimb(first: number): {
  first: number;
  next(s: { rate: number; ok: boolean }): number | undefined;
  held(): number | undefined;
} {
  let held: number | undefined;
  let passedOnce: number | undefined;
  const failed = new Set<number>();
  return {
    first,
    held: () => held,
    next(s) {
      if (s.ok) {
        if (passedOnce !== s.rate) {
          passedOnce = s.rate;
          return s.rate;
        }
        passedOnce = undefined;
        held = Math.max(held ?? 0, s.rate);
        return Math.round(s.rate * HOLD_STEP);
      }
      passedOnce = undefined;
      const again = failed.has(s.rate);
      failed.add(s.rate);
      if (held === undefined) return Math.round(s.rate / HOLD_STEP);
      return again ? undefined : s.rate;
    },
  };
}
