import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { locate, patchById } from '../../../patches/apply.mjs';

/**
 * Vike's infinite-loop guard, as patched: the server calls it once per request under the request's own
 * name, so it must not sweep every tracker on every call, and it must still count as before. Vike exports
 * no entry to it short of rendering a page, so the module is loaded where the patch found its text.
 */
describe("vike's catchInfiniteLoop (patched)", () => {
  let catchInfiniteLoop: (name: `${string}()`) => void;
  beforeAll(async () => {
    const { file } = locate(patchById('vike-catch-infinite-loop-sweep'));
    ({ catchInfiniteLoop } = (await import(pathToFileURL(file).href)) as {
      catchInfiniteLoop: typeof catchInfiniteLoop;
    });
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('still stops the 100th call of one name within 5 seconds, after warning at the 50th', () => {
    const name = `loop${Math.random()}()` as const;
    for (let i = 0; i < 99; i++) catchInfiniteLoop(name);
    expect(console.warn).toHaveBeenCalledTimes(1);
    expect(() => catchInfiniteLoop(name)).toThrow(/called 100 times within 5 seconds/);
  });

  it('counts a name afresh once its 5 seconds are over, whether or not a sweep has run', () => {
    const name = `loop${Math.random()}()` as const;
    for (let i = 0; i < 99; i++) catchInfiniteLoop(name);
    vi.advanceTimersByTime(5_001);
    for (let i = 0; i < 99; i++) catchInfiniteLoop(name);
    vi.advanceTimersByTime(5_500);
    expect(() => catchInfiniteLoop(name)).not.toThrow();
  });

  it('lets many names (one per request) each be called once', () => {
    for (let i = 0; i < 20_000; i++) catchInfiniteLoop(`request${i}()`);
    expect(console.warn).not.toHaveBeenCalled();
  });
});
