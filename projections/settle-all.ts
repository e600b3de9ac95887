/** Waits for every one of `work` to settle, then throws the first failure, if any. */
export async function settled(work: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const rejected = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}
