import type { Database } from '../db/database.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import { type CartService, createCartService } from './cart/cart.service.ts';
import { type OrdersService, createOrdersService } from './orders/orders.service.ts';
import { type StockAlertService, createStockAlertService } from './stock-alerts/stock-alerts.service.ts';
import { type SubscriptionService, createSubscriptionService } from './subscriptions/subscription.service.ts';

/** The services the JSON API and the plain HTML forms both call: one of each per process, shared. */
export interface ShopServices {
  carts: CartService;
  subscriptions: SubscriptionService;
  orders: OrdersService;
  stockAlerts: StockAlertService;
}

/** `catalogue.refresh`, when the catalogue is the in-memory cache: called after an order moved stock. */
export function createShopServices({ db, catalogue, now }: { db: Database; catalogue: CatalogueReader & { refresh?: () => Promise<boolean> }; now?: (() => Date) | undefined }): ShopServices {
  return {
    carts: createCartService({ db, catalogue, ...(now ? { now } : {}) }),
    subscriptions: createSubscriptionService({ db, ...(now ? { now } : {}) }),
    stockAlerts: createStockAlertService({ db, ...(now ? { now } : {}) }),
    orders: createOrdersService({ db, catalogue, ...(now ? { now } : {}), ...(catalogue.refresh ? { afterStockMoved: () => catalogue.refresh!() } : {}) }),
  };
}
