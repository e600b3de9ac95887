import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Not in vike's export map: loaded by file, as patches/vike+*.patch changes it.
import { catchInfiniteLoop } from '../../../node_modules/vike/dist/utils/catchInfiniteLoop.js';

/**
 * Vike's infinite-loop guard, as patched: the server calls it once per request under the request's
 * own name, so it must not sweep every tracker on every call, and it must still count as before.
 */
describe("vike's catchInfiniteLoop (patched)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is the patched one (npm install applies patches/ in its postinstall step)', () => {
    const source = readFileSync(new URL('../../../node_modules/vike/dist/utils/catchInfiniteLoop.js', import.meta.url), 'utf8');
    expect(source).toContain('lastSweep');
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
