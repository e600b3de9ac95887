/**
 * How far two measurements of one baseline lie apart (0.2 = 20 %): more than MAX_BASELINE_DRIFT means
 * other work changed the machine's pace between them.
 */
export const drift = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.min(a, b), 1e-9);
export const MAX_BASELINE_DRIFT = 0.2;

/** Rounds of a row; two more when two or more of them were disturbed. */
export const ROUNDS = 3;

/** The middle value (the mean of the middle two of an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One round: the shop's run between two of the baseline's. */
export interface Round<T> {
  r: T;
  /** The two baseline runs either side of it, as one. */
  b: T;
  ratio: number;
  /** How far those two baseline runs lie apart (`drift`). */
  moved: number;
}

export const roundText = (round: Round<unknown>) =>
  `${round.ratio.toFixed(2)} x${round.moved > MAX_BASELINE_DRIFT ? ` (baseline moved ${Math.round(round.moved * 100)} %)` : ''}`;

/**
 * A row measured in rounds, baseline and shop alternated on the server core: B S B S B S B, each shop
 * run judged against the baseline runs either side of it (`mean`), and the row is the median round.
 * One short run on shared cores swings further than the distance of a ratio to its target
 * (bench/README.md, "How it measures"); the median does not follow one disturbed run. A round whose two baseline runs differ by more than MAX_BASELINE_DRIFT
 * was disturbed: with two or more of three disturbed, two more rounds are measured, once.
 *
 * `warmed` is false for the first run of each server only: that one warms up until its pace is steady,
 * the later ones only their connections. A `shop` that starts a fresh process for every run warms each
 * one fully, whatever it is told.
 */
export async function inRounds<T extends { rps: number }>(
  mean: (before: T, after: T) => T,
  baseline: (warmed: boolean) => Promise<T>,
  shop: (warmed: boolean) => Promise<T>,
): Promise<{ rounds: Array<Round<T>>; median: Round<T>; note?: string }> {
  const rounds: Array<Round<T>> = [];
  let before = await baseline(false);
  const measure = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const r = await shop(rounds.length > 0);
      const after = await baseline(true);
      const b = mean(before, after);
      rounds.push({ r, b, ratio: r.rps / b.rps, moved: drift(before.rps, after.rps) });
      before = after;
    }
  };
  await measure(ROUNDS);
  let note: string | undefined;
  if (rounds.filter((round) => round.moved > MAX_BASELINE_DRIFT).length >= 2) {
    note = `measured two more rounds: the baseline moved more than ${MAX_BASELINE_DRIFT * 100} % in two or more of three`;
    await measure(2);
  }
  const sorted = [...rounds].sort((x, y) => x.ratio - y.ratio);
  return { rounds, median: sorted[(sorted.length - 1) / 2]!, ...(note ? { note } : {}) };
}
