import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/domain-error.ts';
import {
  type RequestStockAlert,
  decide,
  evolve,
  initialState,
} from '../../../domain/stock-alerts/stock-alert.decider.ts';
import { readStockAlertEvent } from '../../../domain/stock-alerts/stock-alert.events.ts';

const at = '2026-11-28T08:00:00.000Z';
const request: RequestStockAlert = {
  type: 'RequestStockAlert',
  subscriberId: 'sub-1',
  emailCipher: 'a1.x.y.z',
  productId: 3,
  variantId: 31,
  variant: 'sold-out',
  at,
};
const fulfil = { type: 'FulfilStockAlert' as const, variantId: 31, receiptPosition: 99, at };
const fold = (events: ReturnType<typeof decide>) => events.reduce(evolve, initialState());

describe('stock alert decider', () => {
  it('records one request per address and variant: a second while the first waits records nothing', () => {
    const first = decide(request, initialState());
    expect(first).toEqual([
      {
        type: 'StockAlertRequested',
        data: { schemaVersion: 1, subscriberId: 'sub-1', emailCipher: 'a1.x.y.z', productId: 3, variantId: 31, at },
      },
    ]);
    expect(decide(request, fold(first))).toEqual([]);
  });

  it('fulfils a waiting request once; after that a new request waits anew', () => {
    const requested = decide(request, initialState());
    const fulfilled = decide(fulfil, fold(requested));
    expect(fulfilled).toEqual([
      { type: 'StockAlertFulfilled', data: { schemaVersion: 1, variantId: 31, receiptPosition: 99, at } },
    ]);
    const state = fold([...requested, ...fulfilled]);
    expect(decide(fulfil, state)).toEqual([]);
    expect(decide(request, state)).toHaveLength(1);
    expect(decide(fulfil, initialState())).toEqual([]);
  });

  it('refuses a variant in stock (409) or unknown (404)', () => {
    expect(() => decide({ ...request, variant: 'in-stock' }, initialState())).toThrow(
      expect.objectContaining({ kind: 'conflict' }),
    );
    expect(() => decide({ ...request, variant: 'unknown' }, initialState())).toThrow(DomainError);
  });

  it('reads back what it writes, and refuses a malformed event', () => {
    const [event] = decide(request, initialState());
    expect(
      readStockAlertEvent({ position: 1, streamId: 's', version: 1, type: event!.type, data: event!.data }),
    ).toEqual(event);
    expect(() =>
      readStockAlertEvent({
        position: 1,
        streamId: 's',
        version: 1,
        type: 'StockAlertRequested',
        data: { ...event!.data, variantId: 0 },
      }),
    ).toThrow();
  });
});
