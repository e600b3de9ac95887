import type { Database } from '../db/database.ts';
import { type EventStore, createEventStore } from '../eventstore/store.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import { projections } from '../projections/registry.ts';
import type { StockApplied } from './stock/stock-moves.ts';
import { type CartService, createCartService } from './cart/cart.service.ts';
import { type OrdersService, createOrdersService } from './orders/orders.service.ts';
import { type StockAlertService, createStockAlertService } from './stock-alerts/stock-alerts.service.ts';
import { type SubscriptionService, createSubscriptionService } from './subscriptions/subscription.service.ts';

/** The application: the services the JSON API, the plain HTML forms and the consumers call, on one event store. */
export interface Shop {
  store: EventStore;
  carts: CartService;
  subscriptions: SubscriptionService;
  orders: OrdersService;
  stockAlerts: StockAlertService;
}

export interface ShopDeps {
  db: Database;
  /** `applyStock`, when the catalogue is the in-memory cache: handed the levels an order moved. */
  catalogue: CatalogueReader & { applyStock?: StockApplied };
  now?: (() => Date) | undefined;
}

/** The shop's event store on `db`: its read models kept inline with every append. */
export const shopEventStore = (db: Database): EventStore => createEventStore(db, { inline: projections });

/** One of each per process, made once and shared by every caller. */
export function createShop({ db, catalogue, now }: ShopDeps): Shop {
  const store = shopEventStore(db);
  const clock = now ? { now } : {};
  return {
    store,
    carts: createCartService({ store, catalogue, ...clock }),
    subscriptions: createSubscriptionService({ store, ...clock }),
    stockAlerts: createStockAlertService({ store, ...clock }),
    orders: createOrdersService({
      store,
      catalogue,
      ...clock,
      ...(catalogue.applyStock ? { stockApplied: catalogue.applyStock } : {}),
    }),
  };
}
