import { MAX_LINE_QUANTITY, maxLineQuantity } from '../../contracts/cart-rules.ts';
import { notFound, ruleViolated } from '../domain-error.ts';
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
      return {
        lines: state.lines.map((l) => (l.lineId === event.data.lineId ? { ...l, quantity: event.data.quantity } : l)),
      };
    case 'ItemRemoved':
      return { lines: state.lines.filter((l) => l.lineId !== event.data.lineId) };
    case 'CartCleared':
    case 'CartCheckedOut':
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

export type AddItem = {
  type: 'AddItem';
  productId: number;
  variantId: number;
  quantity: number;
  variant: VariantFacts | undefined;
  productExists: boolean;
  newLineId: string;
  at: string;
};
export type ChangeQuantity = {
  type: 'ChangeQuantity';
  lineId: string;
  quantity: number;
  variant: VariantFacts | undefined;
  at: string;
};
export type RemoveItem = { type: 'RemoveItem'; lineId: string; at: string };
export type ClearCart = { type: 'ClearCart'; at: string };
export type CheckOut = { type: 'CheckOut'; orderId: string; at: string };
export type CartCommand = AddItem | ChangeQuantity | RemoveItem | ClearCart | CheckOut;

/** `inCart`: how many of the variant the cart already holds, when the quantity adds to them (the refusal says so). */
function checkQuantity(quantity: number, stock: number, inCart = 0): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw ruleViolated('Quantity must be a whole number of at least 1');
  if (stock <= 0) throw ruleViolated('Sorry, this size and colour is out of stock');
  const max = maxLineQuantity(stock);
  if (quantity > max) {
    const limit =
      stock < MAX_LINE_QUANTITY
        ? `Only ${stock} left in stock`
        : `You can add at most ${MAX_LINE_QUANTITY} of one item`;
    throw ruleViolated(
      inCart > 0 ? `${limit}, and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart` : limit,
    );
  }
}

function findLine(state: CartState, lineId: string): CartLine {
  const line = state.lines.find((l) => l.lineId === lineId);
  if (!line) throw notFound('That item is not in your cart');
  return line;
}

/** Adds a variant; a variant already in the cart raises its line instead (one line per variant). */
export function addItem(command: AddItem, state: CartState): CartEvent[] {
  if (!command.productExists) throw notFound(`Product ${command.productId} does not exist`);
  const variant = command.variant;
  if (!variant) throw notFound(`Variant ${command.variantId} does not exist`);
  if (variant.productId !== command.productId)
    throw ruleViolated(`Variant ${command.variantId} does not belong to product ${command.productId}`);
  const existing = state.lines.find((l) => l.variantId === variant.id);
  if (existing) {
    const quantity = existing.quantity + command.quantity;
    checkQuantity(quantity, variant.stock, existing.quantity);
    return [{ type: 'QuantityChanged', data: { schemaVersion: 1, lineId: existing.lineId, quantity, at: command.at } }];
  }
  checkQuantity(command.quantity, variant.stock);
  return [
    {
      type: 'ItemAdded',
      data: {
        schemaVersion: 1,
        lineId: command.newLineId,
        productId: command.productId,
        variantId: variant.id,
        quantity: command.quantity,
        at: command.at,
      },
    },
  ];
}

const removed = (line: CartLine, at: string): CartEvent[] => [
  {
    type: 'ItemRemoved',
    data: { schemaVersion: 1, lineId: line.lineId, productId: line.productId, variantId: line.variantId, at },
  },
];

/** Sets a line's quantity; 0 or less removes the line, the same quantity records nothing. */
export function changeQuantity(command: ChangeQuantity, state: CartState): CartEvent[] {
  const line = findLine(state, command.lineId);
  if (command.quantity <= 0) return removed(line, command.at);
  if (command.quantity === line.quantity) return [];
  checkQuantity(command.quantity, command.variant?.stock ?? 0);
  return [
    {
      type: 'QuantityChanged',
      data: { schemaVersion: 1, lineId: line.lineId, quantity: command.quantity, at: command.at },
    },
  ];
}

export function removeItem(command: RemoveItem, state: CartState): CartEvent[] {
  const line = findLine(state, command.lineId);
  return removed(line, command.at);
}

/** Clearing an empty cart records nothing. */
export function clearCart(command: ClearCart, state: CartState): CartEvent[] {
  return state.lines.length === 0 ? [] : [{ type: 'CartCleared', data: { schemaVersion: 1, at: command.at } }];
}

/** The cart became order `orderId`; an empty cart has nothing to check out. */
export function checkOut(command: CheckOut, state: CartState): CartEvent[] {
  if (state.lines.length === 0) throw ruleViolated('Your cart is empty');
  return [{ type: 'CartCheckedOut', data: { schemaVersion: 1, orderId: command.orderId, at: command.at } }];
}

/** Decides what happens: the events to record (possibly none), or a thrown DomainError. */
export function decide(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'AddItem':
      return addItem(command, state);
    case 'ChangeQuantity':
      return changeQuantity(command, state);
    case 'RemoveItem':
      return removeItem(command, state);
    case 'ClearCart':
      return clearCart(command, state);
    case 'CheckOut':
      return checkOut(command, state);
    default:
      return assertNever(command);
  }
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}

/** Folds a stream into the state it leads to. */
export const foldCart = (events: readonly CartEvent[]): CartState => events.reduce(evolve, initialState());
