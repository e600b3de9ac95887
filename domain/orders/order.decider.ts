import { cartTotals } from '../../contracts/cart-rules.ts';
import { centsToDecimal } from '../../contracts/money-format.ts';
import { lineLabel } from '../../contracts/order-presentation.ts';
import { conflict, ruleViolated } from '../domain-error.ts';
import type { OrderEvent, OrderLine } from './order.events.ts';

export interface OrderState {
  placed: boolean;
}

export const initialState = (): OrderState => ({ placed: false });

export function evolve(_state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { placed: true };
    default:
      return assertNever(event.type);
  }
}

/** A cart line as the order is decided on it: the catalogue's facts now, and the variant's live stock. */
export interface LineToOrder extends OrderLine {
  /** How many of the variant are left (counted level + received − ordered). */
  stock: number;
}

/** Everything comes in as facts (ids, the number, the sealed details, time): the decider does no I/O. */
export interface PlaceOrder {
  type: 'PlaceOrder';
  orderId: string;
  number: string;
  cartId: string;
  lines: readonly LineToOrder[];
  promoCode: string | null;
  shippingMethod: string;
  customerId: string;
  personal: string;
  at: string;
}

export type OrderCommand = PlaceOrder;

/** Why a checkout was refused, as the metrics count it. */
export const CHECKOUT_REFUSALS = ['empty-cart', 'out-of-stock', 'unavailable'] as const;
export type CheckoutRefusal = (typeof CHECKOUT_REFUSALS)[number];
const refusal = (reason: CheckoutRefusal) => reason;

/** The refusal of a line that asks for more than is left, naming it as the order reads it ("T-Rex Thong (M, Green)") and how many are. */
export function tooFewLeft(line: Pick<OrderLine, 'name' | 'size' | 'color'>, left: number): string {
  return left <= 0
    ? `Sorry, ${lineLabel(line)} is sold out: 0 left`
    : `Sorry, only ${left} of ${lineLabel(line)} ${left === 1 ? 'is' : 'are'} left`;
}

/** The order's money in cents, by the cart's rules (what the checkout page shows). */
export function orderTotals(lines: readonly Pick<OrderLine, 'quantity' | 'unitPriceCents'>[], promoApplied: boolean) {
  const totals = cartTotals(
    lines.map((l) => ({ quantity: l.quantity, product: { price: centsToDecimal(l.unitPriceCents) } })),
    { promoApplied },
  );
  // The shop's one code waives shipping (shown as shipping 0, as the page does); no code takes money off yet.
  return { subtotalCents: totals.subtotal, shippingCents: totals.shipping, discountCents: 0, totalCents: totals.total };
}

export function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  if (state.placed) throw ruleViolated('This order was already placed');
  if (command.lines.length === 0) throw ruleViolated('Your cart is empty', refusal('empty-cart'));
  const short = command.lines.find((line) => line.quantity > line.stock);
  if (short) throw conflict(tooFewLeft(short, short.stock), refusal('out-of-stock'));
  const lines = command.lines.map(({ productId, variantId, name, size, color, quantity, unitPriceCents }) => ({ productId, variantId, name, size, color, quantity, unitPriceCents }));
  return [
    {
      type: 'OrderPlaced',
      data: {
        schemaVersion: 1,
        orderId: command.orderId,
        number: command.number,
        cartId: command.cartId,
        lines,
        ...orderTotals(lines, command.promoCode !== null),
        promoCode: command.promoCode,
        shippingMethod: command.shippingMethod,
        customerId: command.customerId,
        personal: command.personal,
        at: command.at,
      },
    },
  ];
}

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    default:
      return assertNever(command.type);
  }
}

function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
