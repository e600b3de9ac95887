/**
 * Orders that have moved on, for Track Order's e2e tests. The shop's moves (ship, deliver, return,
 * refund) are the operator's, with no shopper-facing way in, and an embedded data directory has one
 * owner at a time (ADR 7): they are recorded before the e2e server starts (restock.ts calls this), through
 * the application's own services, with order numbers fixed here so the tests know them.
 *
 * This module is imported by the tests for its constants only: what it imports from the application
 * is loaded by `prepareMovedOrders` alone.
 */
import type { Database } from '../../../db/database.ts';

/** What a moved order is looked up with, and what it shows. */
export interface MovedOrder {
  number: string;
  email: string;
}

/** Shipped, not delivered: carrier, tracking number and ETA shown; no Cancel. */
export const SHIPPED_ORDER = {
  number: '#DINO-900101',
  email: 'shipped@jurassic.com',
  carrier: 'Pterodactyl Express',
  trackingNumber: 'PTX-4410-0042-17',
  eta: '2030-06-02',
  etaShown: 'June 2, 2030',
} as const;

/** Delivered, one of its two units returned and refunded. */
export const DELIVERED_ORDER = {
  number: '#DINO-900102',
  email: 'delivered@jurassic.com',
  carrier: 'Stegosaurus Post',
  trackingNumber: 'SP-2291-8830',
  refundCents: 2499,
  refundedShown: '$24.99',
  returnReason: 'too snug',
  refundReason: 'one pair returned',
} as const;

/** Variants restock.ts keeps plentiful: these orders take none that a test counts. */
const THONG = { productId: 1, variantId: 100 };

const ADDRESS = {
  firstName: 'Rex',
  lastName: 'Tyrant',
  address: '1 Volcano Way',
  city: 'Pangaea',
  state: 'CA',
  zipCode: '90210',
  country: 'US',
  paymentMethod: 'paypal',
} as const;

export async function prepareMovedOrders(db: Database): Promise<void> {
  const { openCatalogueCache } = await import('../../../projections/catalogue/catalogue.cache.ts');
  const { shopEventStore } = await import('../../../app/shop.ts');
  const { createCartService } = await import('../../../app/cart/cart.service.ts');
  const { createOrdersService } = await import('../../../app/orders/orders.service.ts');
  const { CHECKOUT_DEFAULTS } = await import('../../../contracts/checkout.ts');

  const catalogue = await openCatalogueCache(db);
  try {
    const store = shopEventStore(db);
    const carts = createCartService({ store, catalogue });
    const place = async (order: MovedOrder, quantity: number) => {
      const orders = createOrdersService({
        store,
        catalogue,
        drawNumber: () => order.number,
        stockApplied: catalogue.applyStock,
      });
      const { cart } = await carts.addItem(null, { ...THONG, quantity });
      await orders.placeOrder(cart.id, { ...CHECKOUT_DEFAULTS, ...ADDRESS, email: order.email }, false);
      return orders;
    };

    const shipped = await place(SHIPPED_ORDER, 1);
    await shipped.ship(SHIPPED_ORDER.number, {
      carrier: SHIPPED_ORDER.carrier,
      trackingNumber: SHIPPED_ORDER.trackingNumber,
      eta: SHIPPED_ORDER.eta,
    });

    const delivered = await place(DELIVERED_ORDER, 2);
    await delivered.ship(DELIVERED_ORDER.number, {
      carrier: DELIVERED_ORDER.carrier,
      trackingNumber: DELIVERED_ORDER.trackingNumber,
      eta: null,
    });
    await delivered.deliver(DELIVERED_ORDER.number);
    await delivered.receiveReturn(DELIVERED_ORDER.number, {
      lines: [{ variantId: THONG.variantId, quantity: 1 }],
      restock: true,
      reason: DELIVERED_ORDER.returnReason,
    });
    await delivered.refund(DELIVERED_ORDER.number, DELIVERED_ORDER.refundCents, DELIVERED_ORDER.refundReason);
  } finally {
    await catalogue.close();
  }
}
