import { describe, expect, it } from 'vitest';
import type { Measured } from '../../../bench/lib/shop-process.ts';
import { judge, p99Limit } from '../../../bench/scenarios/day-mix.ts';
import { measured } from './measured.ts';

const latency = (p99: number) => ({ mean: 1, p50: 1, p90: 1, p99, max: p99 });
const step = (kinds: Record<string, number>, failed = 0): Measured =>
  measured({
    failed,
    failedStatus: 500,
    latency: latency(Math.max(...Object.values(kinds))),
    kinds: Object.fromEntries(
      Object.entries(kinds).map(([kind, p99]) => [
        kind,
        {
          count: 100,
          latency: latency(p99),
          non2xx: 0,
          errors: 0,
          timeouts: 0,
          statusCodes: { 200: 100 },
          cacheHits: 0,
          cacheMisses: 100,
          resent: 0,
        },
      ]),
    ),
  });

describe("a shop's day step", () => {
  it('fails on any kind whose p99 reaches its limit: 50 ms, orders 100 ms', () => {
    expect(judge(step({ pages: 49, orders: 99 }))).toBeUndefined();
    expect(judge(step({ pages: 50, orders: 20 }))).toBe('pages p99 50 ms');
    expect(judge(step({ pages: 10, orders: 100 }))).toBe('orders p99 100 ms');
  });

  it('judges a server held to a share of a core by the same limits in its own time', () => {
    // At 0.25 core everything takes four times as long: 200 ms, orders 400 ms.
    expect(judge(step({ pages: 199, orders: 399 }), 0.25)).toBeUndefined();
    expect(judge(step({ pages: 200, orders: 20 }), 0.25)).toBe('pages p99 200 ms');
    // More than a core does not tighten them.
    expect(judge(step({ pages: 49 }), 2)).toBeUndefined();
    expect(p99Limit('cartPages', 0.3)).toBeCloseTo(166.7, 1);
    expect(p99Limit('orders', 0.3)).toBeCloseTo(333.3, 1);
  });

  it('fails a step with a failed request, whatever the latency', () => {
    expect(judge(step({ pages: 1 }, 1))).toMatch(/^1 failed/);
  });
});
