/** Changes remembered for the answers being made meanwhile; one begun before all of them is not kept. */
const MAX_REMEMBERED_CHANGES = 64;

/**
 * The changes the cache has seen, numbered, each with the keys it picks: an answer is kept only if
 * no change since its making began picked its key (a stock movement spoils the answers it shows, not
 * every answer being made). A making older than every remembered change counts as changed.
 */
export function createChangeJournal() {
  let changes = 0;
  const remembered: Array<{ at: number; picks: (key: string) => boolean }> = [];
  return {
    /** The number of the latest change: a making notes it when it begins. */
    get current(): number {
      return changes;
    },
    /** Whether a change after `since` picked `key` (always, for a making whose start is unknown). */
    changedSince(key: string, since: number | undefined): boolean {
      if (since === changes) return false;
      if (since === undefined || remembered.length === 0 || remembered[0]!.at > since + 1) return true;
      return remembered.some((change) => change.at > since && change.picks(key));
    },
    remember(picks: (key: string) => boolean): void {
      remembered.push({ at: ++changes, picks });
      if (remembered.length > MAX_REMEMBERED_CHANGES) remembered.shift();
    },
  };
}

export type ChangeJournal = ReturnType<typeof createChangeJournal>;
