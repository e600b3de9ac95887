import { MAX_BASELINE_DRIFT, drift } from './rounds.ts';

/**
 * A baseline measured twice; when the two differ by more than MAX_BASELINE_DRIFT (other work changed
 * the machine's pace), measured twice more, once. The value is the faster of the last two (the one
 * less disturbed), and `repeated` says when it took a second pair.
 */
export async function steadyBaseline<T>(
  measure: () => Promise<T>,
  rate: (value: T) => number,
): Promise<{ value: T; repeated?: string }> {
  let first = await measure();
  let second = await measure();
  const moved = drift(rate(first), rate(second));
  if (moved <= MAX_BASELINE_DRIFT) return { value: rate(first) >= rate(second) ? first : second };
  first = await measure();
  second = await measure();
  return {
    value: rate(first) >= rate(second) ? first : second,
    repeated: `baseline measured again: its two runs differed by ${Math.round(moved * 100)} %`,
  };
}
