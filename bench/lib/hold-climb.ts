/** Each hold's rate is this much above the last that held. */
export const HOLD_STEP = 1.15;

/**
 * The rates the holds try: up by HOLD_STEP after a pass, down after a failure while none has passed.
 * A failure above a pass is held once more before the climb ends (a rate that failed on the way down
 * has had its second hold): on a shared machine one noisy hold would otherwise end the search, and the
 * capacity found is then a floor.
 */
export function holdClimb(first: number): { first: number; next(s: { rate: number; ok: boolean }): number | undefined } {
  let passed = false;
  const failed = new Set<number>();
  return {
    first,
    next(s) {
      if (s.ok) {
        passed = true;
        return Math.round(s.rate * HOLD_STEP);
      }
      const again = failed.has(s.rate);
      failed.add(s.rate);
      if (!passed) return Math.round(s.rate / HOLD_STEP);
      return again ? undefined : s.rate;
    },
  };
}
