import { describe, expect, it } from 'vitest';
import {
  JOURNEY_CORES,
  ORDER_EVERY,
  type Walked,
  journeyStarts,
  journeys,
  journeysPerSecond,
  journeysRow,
  quotaUsed,
} from '../../../bench/scenarios/journeys.ts';
import { measured } from './measured.ts';

const facts = {
  slug: 'p1',
  productId: 1,
  lines: Array.from({ length: 10 }, (_, i) => ({ productId: i + 1, variantId: (i + 1) * 100 })),
};
const slugOf = (id: number) => `p${id}`;

describe('a journey sequence', () => {
  it('walks ten shoppers through the same six requests; with orders only the tenth places its cart, under its own session', () => {
    const without = journeys(facts, slugOf, false);
    const withOrders = journeys(facts, slugOf, true);
    expect(without).toHaveLength(6 * ORDER_EVERY);
    expect(withOrders).toHaveLength(6 * ORDER_EVERY + 1);
    expect(withOrders.slice(0, -1)).toEqual(without);
    const order = withOrders.at(-1)!;
    expect(order).toMatchObject({ method: 'POST', path: '/api/orders', useCookie: true });
    // Every shopper's Add to Cart starts a session (no cookie sent) and keeps its cookie for the cart page.
    const adds = without.filter((r) => r.path === '/api/cart');
    expect(adds).toHaveLength(ORDER_EVERY);
    expect(adds.every((r) => r.captureCookie && !r.useCookie)).toBe(true);
    expect(without.filter((r) => r.path.startsWith('/product/')).map((r) => r.path)).toEqual(
      facts.lines.map((l) => `/product/p${l.productId}`),
    );
    // The tenth shopper orders what it added: the last add is of the same session.
    expect(withOrders.at(-2)).toMatchObject({ path: '/cart', useCookie: true });
  });

  it('starts shoppers at every journey in turn, so the ordering journey is walked as often as the rest', () => {
    const sequence = journeys(facts, slugOf, true);
    const starts = journeyStarts(sequence);
    expect(starts).toEqual(Array.from({ length: ORDER_EVERY }, (_, i) => i * 6));
    // A pass from any start is a whole journey first: its Add to Cart before its cart page.
    for (const start of starts)
      expect(sequence.slice(start, start + 6).map((r) => r.path.split('/')[1])).toEqual([
        '',
        'shop',
        'api',
        'product',
        'api',
        'cart',
      ]);
  });

  it('counts journeys from requests, the order request included', () => {
    expect(journeysPerSecond(61, 61)).toBe(ORDER_EVERY);
    expect(journeysPerSecond(30, 60)).toBe(5);
  });
});

const walked = (
  round: number,
  instances: number,
  orders: boolean,
  journeysPerSecond: number,
  problem?: string,
): Walked => ({
  round,
  instances,
  orders,
  journeysPerSecond,
  cpuMsPerJourney: 100 / journeysPerSecond,
  result: measured({ failed: problem ? 1 : 0 }),
  ...(problem ? { problem } : {}),
});

describe('a journeys row', () => {
  const rounds = [
    walked(1, 1, false, 10),
    walked(1, 1, true, 9),
    walked(1, 2, true, 18),
    walked(2, 1, false, 5),
    walked(2, 1, true, 4),
    walked(2, 2, true, 6),
    walked(3, 1, false, 8),
    walked(3, 1, true, 8),
    walked(3, 2, true, 15),
  ];

  it("takes the median of each round's own ratio, so a slow round does not meet a fast one", () => {
    const twoInstances = journeysRow('postgres', { instances: 2, orders: true }, rounds, 30);
    // Ratios per round: 2, 1.5, 1.875.
    expect(twoInstances.ratio).toBeCloseTo(1.875);
    expect(twoInstances.pass).toBe(true);
    const orders = journeysRow('postgres', { instances: 1, orders: true }, rounds, 30);
    // 0.9, 0.8, 1.0.
    expect(orders.ratio).toBeCloseTo(0.9);
    expect(orders.pass).toBe(true);
  });

  it('leaves out a round where either side failed a request, and fails the row that failed one', () => {
    const failedBase = rounds.map((w) =>
      w.round === 1 && w.instances === 1 && w.orders ? walked(1, 1, true, 9, '1 of 1000 responses failed') : w,
    );
    const two = journeysRow('postgres', { instances: 2, orders: true }, failedBase, 30);
    expect(two.ratio).toBeCloseTo((1.5 + 1.875) / 2);
    const one = journeysRow('postgres', { instances: 1, orders: true }, failedBase, 30);
    expect(one.pass).toBe(false);
    expect(one.note).toContain('round 1: 1 of 1000 responses failed');
  });

  it("says what share of the instances' quota a setup used", () => {
    // Three instances at 0.2 core have 600 ms of CPU a second: 40 journeys of 12 ms use 480 of it.
    expect(JOURNEY_CORES).toBe(0.2);
    expect(quotaUsed({ instances: 3, journeysPerSecond: 40, cpuMsPerJourney: 12 })).toBeCloseTo(0.8);
    expect(quotaUsed({ instances: 1, journeysPerSecond: 40, cpuMsPerJourney: 5 })).toBeCloseTo(1);
    expect(quotaUsed({ instances: 1, journeysPerSecond: 40, cpuMsPerJourney: undefined })).toBeUndefined();
    expect(journeysRow('postgres', { instances: 2, orders: true }, rounds, 30).figure).toContain('% of the quota used');
  });
});
