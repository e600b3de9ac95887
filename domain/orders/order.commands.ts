import type { CancelledBy, OrderLine, OrderUnits } from './order.events.ts';

/** What can be asked of an order: each command names its facts, the decider (order.decider.ts) the rules. */

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

export interface ShipOrder {
  type: 'ShipOrder';
  carrier: string;
  trackingNumber: string;
  /** Estimated delivery date, YYYY-MM-DD. */
  eta: string | null;
  at: string;
}
export interface DeliverOrder {
  type: 'DeliverOrder';
  at: string;
}
export interface CancelOrder {
  type: 'CancelOrder';
  reason: string;
  by: CancelledBy;
  at: string;
}
export interface ReceiveReturn {
  type: 'ReceiveReturn';
  lines: readonly OrderUnits[];
  restock: boolean;
  /** Why, when the shop says (blank: not said). */
  reason?: string;
  at: string;
}
export interface IssueRefund {
  type: 'IssueRefund';
  /** Cents; absent: what is left to refund. */
  amountCents: number | null;
  reason: string;
  at: string;
}

export type OrderCommand = PlaceOrder | ShipOrder | DeliverOrder | CancelOrder | ReceiveReturn | IssueRefund;
