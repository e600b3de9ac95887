import { MAX_LINE_QUANTITY } from '../../contracts/cart.ts';
import { notFound, unprocessable } from '../domain-error.ts';
import type { CartEvent } from './cart.events.ts';

export interface CartLine {
  lineId: string;
  productId: number;
  variantId: number;
  quantity: number;
}

export interface CartState {
  /** Lines in the order they were added. */
  lines: CartLine[];
}

export const initialState = (): CartState => ({ lines: [] });

export function evolve(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'ItemAdded': {
      const { lineId, productId, variantId, quantity } = event.data;
      return { lines: [...state.lines, { lineId, productId, variantId, quantity }] };
    }
    case 'QuantityChanged':
      return { lines: state.lines.map((l) => (l.lineId === event.data.lineId ? { ...l, quantity: event.data.quantity } : l)) };
    case 'ItemRemoved':
      return { lines: state.lines.filter((l) => l.lineId !== event.data.lineId) };
    case 'CartCleared':
      return initialState();
    default:
      return assertNever(event);
  }
}

/** The catalogue facts a decision needs, looked up by the handler (the decider does no I/O). */
export interface VariantFacts {
  id: number;
  productId: number;
  stock: number;
}

export type CartCommand =
  | { type: 'AddItem'; productId: number; variantId: number; quantity: number; variant: VariantFacts | undefined; productExists: boolean; newLineId: string; at: string }
  | { type: 'ChangeQuantity'; lineId: string; quantity: number; variant: VariantFacts | undefined; at: string }
  | { type: 'RemoveItem'; lineId: string; at: string }
  | { type: 'ClearCart'; at: string };

/** The most of one variant a cart may hold: 99, or less when stock is lower. */
export const maxQuantity = (stock: number) => Math.max(0, Math.min(MAX_LINE_QUANTITY, stock));

function checkQuantity(quantity: number, stock: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw unprocessable('Quantity must be a whole number of at least 1');
  if (stock <= 0) throw unprocessable('Sorry, this size and colour is out of stock');
  const max = maxQuantity(stock);
  if (quantity > max) {
    throw unprocessable(stock < MAX_LINE_QUANTITY ? `Only ${stock} left in stock` : `You can add at most ${MAX_LINE_QUANTITY} of one item`);
  }
}

function findLine(state: CartState, lineId: string): CartLine {
  const line = state.lines.find((l) => l.lineId === lineId);
  if (!line) throw notFound('That item is not in your cart');
  return line;
}

/** Decides what happens; returns the events to record (possibly none) or throws a DomainError. */
export function decide(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'AddItem': {
      if (!command.productExists) throw notFound(`Product ${command.productId} does not exist`);
      const variant = command.variant;
      if (!variant) throw notFound(`Variant ${command.variantId} does not exist`);
      if (variant.productId !== command.productId) throw unprocessable(`Variant ${command.variantId} does not belong to product ${command.productId}`);
      // One line per variant: adding a variant already in the cart raises that line.
      const existing = state.lines.find((l) => l.variantId === variant.id);
      if (existing) {
        const quantity = existing.quantity + command.quantity;
        checkQuantity(quantity, variant.stock);
        return [{ type: 'QuantityChanged', data: { schemaVersion: 1, lineId: existing.lineId, quantity, at: command.at } }];
      }
      checkQuantity(command.quantity, variant.stock);
      return [
        {
          type: 'ItemAdded',
          data: { schemaVersion: 1, lineId: command.newLineId, productId: command.productId, variantId: variant.id, quantity: command.quantity, at: command.at },
        },
      ];
    }
    case 'ChangeQuantity': {
      const line = findLine(state, command.lineId);
      // Spec: a quantity of 0 or less removes the line.
      if (command.quantity <= 0) return [{ type: 'ItemRemoved', data: { schemaVersion: 1, lineId: line.lineId, at: command.at } }];
      if (command.quantity === line.quantity) return [];
      checkQuantity(command.quantity, command.variant?.stock ?? 0);
      return [{ type: 'QuantityChanged', data: { schemaVersion: 1, lineId: line.lineId, quantity: command.quantity, at: command.at } }];
    }
    case 'RemoveItem': {
      const line = findLine(state, command.lineId);
      return [{ type: 'ItemRemoved', data: { schemaVersion: 1, lineId: line.lineId, at: command.at } }];
    }
    case 'ClearCart':
      return state.lines.length === 0 ? [] : [{ type: 'CartCleared', data: { schemaVersion: 1, at: command.at } }];
    default:
      return assertNever(command);
  }
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}

/** Folds a stream into the state it leads to. */
export const foldCart = (events: readonly CartEvent[]): CartState => events.reduce(evolve, initialState());
