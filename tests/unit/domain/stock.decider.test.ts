import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/domain-error.ts';
import { MAX_RECEIPT, decide, evolve, initialState } from '../../../domain/stock/stock.decider.ts';

const receive = (quantity: number, variantExists = true) => ({
  type: 'ReceiveStock' as const,
  variantId: 104,
  quantity,
  variantExists,
  at: '2026-11-28T08:00:00.000Z',
});

describe('stock decider', () => {
  it('records a receipt of 1 to MAX_RECEIPT units of a variant the catalogue has; receipts add up', () => {
    const [event] = decide(receive(24), initialState());
    expect(event).toEqual({
      type: 'StockReceived',
      data: { schemaVersion: 1, variantId: 104, quantity: 24, at: '2026-11-28T08:00:00.000Z' },
    });
    expect(decide(receive(MAX_RECEIPT), initialState())).toHaveLength(1);
    expect([event!, event!].reduce(evolve, initialState())).toEqual({ received: 48 });
  });

  it('keeps where a receipt came from when the operator says (trimmed), and nothing when they do not', () => {
    expect(decide({ ...receive(6), reason: ' Delivery note 8841 ' }, initialState())[0]!.data).toMatchObject({
      reason: 'Delivery note 8841',
    });
    expect(decide({ ...receive(6), reason: '  ' }, initialState())[0]!.data).not.toHaveProperty('reason');
  });

  it('refuses an unknown variant (not found) and a quantity out of range or not whole (a rule), recording nothing', () => {
    expect(() => decide(receive(5, false), initialState())).toThrow(
      expect.objectContaining({ kind: 'not-found', message: 'There is no variant 104 in the catalogue' }),
    );
    for (const quantity of [0, -3, 2.5, MAX_RECEIPT + 1, Number.NaN]) {
      let error: unknown;
      try {
        decide(receive(quantity), initialState());
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('rule-violated');
    }
  });
});
