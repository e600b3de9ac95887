import { shippingCents } from '../../contracts/cart-rules.ts';
import { formatCents } from '../../contracts/money-format.ts';
import { lineLabel } from '../../contracts/order-presentation.ts';
import { ORDER_NOT_FOUND } from '../../contracts/shop-messages.ts';
import { conflict, notFound, ruleViolated } from '../domain-error.ts';
import type {
  CancelOrder,
  DeliverOrder,
  IssueRefund,
  OrderCommand,
  PlaceOrder,
  ReceiveReturn,
  ShipOrder,
} from './order.commands.ts';
import type { OrderEvent, OrderLine, OrderStatus, OrderUnits } from './order.events.ts';

/** What the rules of an order's life need to know of its history. */
export interface OrderState {
  placed: boolean;
  orderId: string;
  status: OrderStatus;
  lines: readonly OrderLine[];
  /** What the shopper paid, in cents. */
  paidCents: number;
  refundedCents: number;
  /** Units returned so far, per variant. */
  returned: Readonly<Record<number, number>>;
  deliveredAt: string | null;
  shipping: { carrier: string; trackingNumber: string; eta: string | null } | null;
}

export const initialState = (): OrderState => ({
  placed: false,
  orderId: '',
  status: 'Processing',
  lines: [],
  paidCents: 0,
  refundedCents: 0,
  returned: {},
  deliveredAt: null,
  shipping: null,
});

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return {
        ...state,
        placed: true,
        orderId: event.data.orderId,
        status: 'Processing',
        lines: event.data.lines,
        paidCents: event.data.totalCents,
      };
    case 'OrderShipped':
      return {
        ...state,
        status: 'Shipped',
        shipping: { carrier: event.data.carrier, trackingNumber: event.data.trackingNumber, eta: event.data.eta },
      };
    case 'OrderDelivered':
      return { ...state, status: 'Delivered', deliveredAt: event.data.at };
    case 'OrderCancelled':
      return { ...state, status: 'Cancelled' };
    case 'ReturnReceived': {
      const returned = { ...state.returned };
      for (const line of event.data.lines) returned[line.variantId] = (returned[line.variantId] ?? 0) + line.quantity;
      return { ...state, returned };
    }
    case 'RefundIssued':
      return { ...state, refundedCents: state.refundedCents + event.data.amountCents };
    default:
      return assertNever(event);
  }
}

/** Returns are taken within this many days of delivery. */
export const RETURN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

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
  // In cents as the lines are; the shipping rule is the cart's.
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const shipping = shippingCents(subtotal, { promoApplied });
  // The shop's one code waives shipping (shown as shipping 0, as the page does); no code takes money off yet.
  return { subtotalCents: subtotal, shippingCents: shipping, discountCents: 0, totalCents: subtotal + shipping };
}

export function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  if (state.placed) throw ruleViolated('This order was already placed');
  if (command.lines.length === 0) throw ruleViolated('Your cart is empty', refusal('empty-cart'));
  const short = command.lines.find((line) => line.quantity > line.stock);
  if (short) throw conflict(tooFewLeft(short, short.stock), refusal('out-of-stock'));
  const lines = command.lines.map(({ productId, variantId, name, size, color, quantity, unitPriceCents }) => ({
    productId,
    variantId,
    name,
    size,
    color,
    quantity,
    unitPriceCents,
  }));
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

/** The refusals of an order's moves say why in words, as the shopper or the operator reads them. */
const unknownOrder = () => notFound(ORDER_NOT_FOUND);

export function shipOrder(command: ShipOrder, state: OrderState): OrderEvent[] {
  if (!state.placed) throw unknownOrder();
  const same = state.shipping?.carrier === command.carrier && state.shipping.trackingNumber === command.trackingNumber;
  // The same shipment recorded again (a retried call): already done.
  if (state.status !== 'Processing' && same) return [];
  if (state.status === 'Cancelled') throw conflict('This order was cancelled, so it cannot be shipped');
  if (state.status !== 'Processing')
    throw conflict(`This order has already ${state.status === 'Shipped' ? 'shipped' : 'been delivered'}`);
  return [
    {
      type: 'OrderShipped',
      data: {
        schemaVersion: 1,
        orderId: state.orderId,
        carrier: command.carrier,
        trackingNumber: command.trackingNumber,
        eta: command.eta,
        at: command.at,
      },
    },
  ];
}

export function deliverOrder(command: DeliverOrder, state: OrderState): OrderEvent[] {
  if (!state.placed) throw unknownOrder();
  if (state.status === 'Delivered') return [];
  if (state.status === 'Cancelled') throw conflict('This order was cancelled, so it cannot be delivered');
  if (state.status === 'Processing') throw conflict('This order has not shipped yet, so it cannot be delivered');
  return [{ type: 'OrderDelivered', data: { schemaVersion: 1, orderId: state.orderId, at: command.at } }];
}

export function cancelOrder(command: CancelOrder, state: OrderState): OrderEvent[] {
  if (!state.placed) throw unknownOrder();
  if (state.status === 'Cancelled') return [];
  if (state.status !== 'Processing')
    throw conflict(
      `This order has already ${state.status === 'Shipped' ? 'shipped' : 'been delivered'}, so it can no longer be cancelled`,
    );
  const reason = command.reason.trim();
  if (command.by === 'shop' && !reason)
    throw ruleViolated('Say why the shop cancels this order: the shopper reads the reason');
  const lines = unitsOf(state.lines);
  return [
    {
      type: 'OrderCancelled',
      data: { schemaVersion: 1, orderId: state.orderId, reason, by: command.by, lines, at: command.at },
    },
  ];
}

export function receiveReturn(command: ReceiveReturn, state: OrderState): OrderEvent[] {
  if (!state.placed) throw unknownOrder();
  if (state.status !== 'Delivered' || !state.deliveredAt) throw conflict('Only a delivered order can be returned');
  if (Date.parse(command.at) - Date.parse(state.deliveredAt) > RETURN_DAYS * DAY_MS)
    throw conflict(`Returns are taken within ${RETURN_DAYS} days of delivery`);
  const lines = unitsOf(command.lines);
  if (lines.length === 0) throw ruleViolated('Say which units came back');
  const bought = Object.fromEntries(unitsOf(state.lines).map((l) => [l.variantId, l.quantity]));
  for (const line of lines) {
    const of = bought[line.variantId];
    if (of === undefined) throw ruleViolated(`Variant ${line.variantId} is not in this order`);
    const left = of - (state.returned[line.variantId] ?? 0);
    if (line.quantity > left)
      throw conflict(`Only ${left} of variant ${line.variantId} can still be returned (${of} bought)`);
  }
  const reason = command.reason?.trim();
  return [
    {
      type: 'ReturnReceived',
      data: {
        schemaVersion: 1,
        orderId: state.orderId,
        lines,
        restock: command.restock,
        ...(reason ? { reason } : {}),
        at: command.at,
      },
    },
  ];
}

export function issueRefund(command: IssueRefund, state: OrderState): OrderEvent[] {
  if (!state.placed) throw unknownOrder();
  const left = state.paidCents - state.refundedCents;
  if (left <= 0) throw conflict('This order has been refunded in full already');
  const amountCents = command.amountCents ?? left;
  if (amountCents <= 0) throw ruleViolated('A refund must be more than $0.00');
  if (amountCents > left) throw conflict(`A refund cannot be more than what is left to refund: ${formatCents(left)}`);
  const reason = command.reason.trim();
  if (!reason) throw ruleViolated('Say why the shop refunds this order: the shopper reads the reason');
  return [
    { type: 'RefundIssued', data: { schemaVersion: 1, orderId: state.orderId, amountCents, reason, at: command.at } },
  ];
}

/** Units per variant, in the order first met (lines of one variant added together). */
function unitsOf(lines: readonly OrderUnits[]): OrderUnits[] {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  return [...units].map(([variantId, quantity]) => ({ variantId, quantity }));
}

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'ShipOrder':
      return shipOrder(command, state);
    case 'DeliverOrder':
      return deliverOrder(command, state);
    case 'CancelOrder':
      return cancelOrder(command, state);
    case 'ReceiveReturn':
      return receiveReturn(command, state);
    case 'IssueRefund':
      return issueRefund(command, state);
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
