import { notFound, ruleViolated } from '../domain-error.ts';
import type { StockReceived } from './stock.events.ts';

/** The most one receipt may add: a typo (an extra digit or three) is refused, not shelved. */
export const MAX_RECEIPT = 100_000;

export interface ReceiveStock {
  type: 'ReceiveStock';
  variantId: number;
  quantity: number;
  /** Why or from where, when the operator says (blank: not said). */
  reason?: string;
  /** Whether the catalogue has this variant (looked up by the caller). */
  variantExists: boolean;
  at: string;
}

/** A variant's stock stream holds its receipts; nothing in them constrains the next one. */
export type StockState = { received: number };
export const initialState = (): StockState => ({ received: 0 });
export const evolve = (state: StockState, event: StockReceived): StockState => ({
  received: state.received + event.data.quantity,
});

export function decide(command: ReceiveStock, _state: StockState): StockReceived[] {
  if (!command.variantExists) throw notFound(`There is no variant ${command.variantId} in the catalogue`);
  if (!Number.isSafeInteger(command.quantity) || command.quantity < 1 || command.quantity > MAX_RECEIPT) {
    throw ruleViolated(`A receipt must add 1 to ${MAX_RECEIPT.toLocaleString('en-US')} units`);
  }
  const reason = command.reason?.trim();
  return [
    {
      type: 'StockReceived',
      data: {
        schemaVersion: 1,
        variantId: command.variantId,
        quantity: command.quantity,
        ...(reason ? { reason } : {}),
        at: command.at,
      },
    },
  ];
}
