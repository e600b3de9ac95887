import { conflict, notFound } from '../domain-error.ts';
import type { StockAlertEvent, StockAlertFulfilled, StockAlertRequested } from './stock-alert.events.ts';

export interface RequestStockAlert {
  type: 'RequestStockAlert';
  subscriberId: string;
  emailCipher: string;
  productId: number;
  variantId: number;
  /** What the catalogue says of the variant now (looked up by the caller). */
  variant: 'sold-out' | 'in-stock' | 'unknown';
  at: string;
}

export interface FulfilStockAlert {
  type: 'FulfilStockAlert';
  variantId: number;
  receiptPosition: number;
  at: string;
}

export type StockAlertCommand = RequestStockAlert | FulfilStockAlert;

/** Whether an alert of this address and variant waits for stock. */
export type StockAlertState = { waiting: boolean };
export const initialState = (): StockAlertState => ({ waiting: false });
export const evolve = (_state: StockAlertState, event: StockAlertEvent): StockAlertState => ({
  waiting: event.type === 'StockAlertRequested',
});

export const IN_STOCK = 'This size and colour is in stock: add it to your cart';

/** A request already waiting records nothing (one alert per address and variant); fulfilling one that waits no longer, nothing either. */
export function decide(
  command: StockAlertCommand,
  state: StockAlertState,
): Array<StockAlertRequested | StockAlertFulfilled> {
  if (command.type === 'FulfilStockAlert') {
    if (!state.waiting) return [];
    return [
      {
        type: 'StockAlertFulfilled',
        data: {
          schemaVersion: 1,
          variantId: command.variantId,
          receiptPosition: command.receiptPosition,
          at: command.at,
        },
      },
    ];
  }
  if (command.variant === 'unknown')
    throw notFound(`There is no variant ${command.variantId} of product ${command.productId}`);
  if (command.variant === 'in-stock') throw conflict(IN_STOCK);
  if (state.waiting) return [];
  const { subscriberId, emailCipher, productId, variantId, at } = command;
  return [
    { type: 'StockAlertRequested', data: { schemaVersion: 1, subscriberId, emailCipher, productId, variantId, at } },
  ];
}
