import type { Projection } from '../eventstore/projection.ts';
import { cartRemovalsProjection } from './cart-removals/cart-removals.projection.ts';
import { cartsProjection } from './carts/carts.projection.ts';
import { ordersProjection } from './orders/orders.projection.ts';
import { refundsProjection } from './refunds/refunds.projection.ts';
import { stockProjection } from './stock/stock.projection.ts';
import { stockAlertsProjection } from './stock-alerts/stock-alerts.projection.ts';
import { subscribersProjection } from './subscribers/subscribers.projection.ts';

/** Every read model the shop keeps inline: the event store runs their steps in each append's statement (app/shop.ts). */
export const projections: readonly Projection[] = [
  cartsProjection,
  subscribersProjection,
  ordersProjection,
  stockProjection,
  stockAlertsProjection,
  cartRemovalsProjection,
  refundsProjection,
];

export function projectionByName(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}
