import { describe, expect, it } from 'vitest';
import { isSteady, warmUntilSteady } from '../../../bench/steady.ts';

describe('isSteady', () => {
  it('needs two full blocks of windows', () => {
    expect(isSteady([100, 100, 100, 100, 100, 100, 100])).toBe(false);
    expect(isSteady([100, 100, 100, 100, 100, 100, 100, 100])).toBe(true);
  });

  it('is not fooled by a plateau inside the warm-up (a measured warm-up of GET /cart)', () => {
    const windows = [155, 188, 187, 175, 186, 241, 231, 269, 257, 269, 286, 295, 297, 301, 290, 289, 295, 292];
    // Windows 2 to 5 agree within 7 %, yet the pace rose by half after them.
    const firstSteady = windows.findIndex((_, i) => isSteady(windows.slice(0, i + 1)));
    expect(firstSteady).toBe(16);
  });

  it('counts a falling pace as steady (a write load slows as its tables grow)', () => {
    expect(isSteady([500, 490, 480, 470, 460, 450, 440, 430])).toBe(true);
  });
});

describe('warmUntilSteady', () => {
  it('stops at the first steady window after the minimum, and reports the windows', async () => {
    const pace = [100, 150, 200, 250, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300];
    let i = 0;
    const warmup = await warmUntilSteady(() => pace[i++]!, { minSeconds: 2, maxSeconds: 30 });
    expect(warmup).toEqual({ seconds: 12, windows: pace.slice(0, 12), steady: true });
  });

  it('warms at least the minimum even when steady from the start', async () => {
    const warmup = await warmUntilSteady(() => 100, { minSeconds: 11, maxSeconds: 30 });
    expect(warmup.seconds).toBe(11);
    expect(warmup.steady).toBe(true);
  });

  it('gives up at the maximum on a pace that keeps rising', async () => {
    let n = 100;
    const warmup = await warmUntilSteady(() => (n *= 1.1), { minSeconds: 1, maxSeconds: 10 });
    expect(warmup).toMatchObject({ seconds: 10, steady: false });
  });
});
