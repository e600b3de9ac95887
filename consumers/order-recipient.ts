import type { Queryable } from '../db/database.ts';
import { dataKeyOf } from '../db/subscriber-keys.ts';
import type { OrderPersonal } from '../domain/orders/order.events.ts';
import { type OrderRow, orderById } from '../projections/orders/orders.queries.ts';
import { openOrUndefined } from './mail/open-sealed.ts';

/** An order as its mails need it, and whom to write to (opened from the order's sealed details). */
export interface OrderRecipient {
  order: OrderRow;
  personal: OrderPersonal;
}

/**
 * The order of a move (its row is written in the move's own statement: the orders projection is
 * inline) and its customer's details, opened with their data key; undefined when the customer was
 * forgotten (key deleted, or replaced by a later sign-up's): there is no one to write to. An order
 * with no row throws, so the event is tried again rather than passed over.
 */
export async function orderRecipient(db: Queryable, orderId: string): Promise<OrderRecipient | undefined> {
  const order = await orderById(db, orderId);
  if (!order) throw new Error(`order ${orderId} has no row in the orders read model`);
  const key = await dataKeyOf(db, order.customerId);
  const opened = key && openOrUndefined(key, order.personal);
  if (!opened) return undefined;
  return { order, personal: JSON.parse(opened) as OrderPersonal };
}
