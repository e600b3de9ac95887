import { randomUUID } from 'node:crypto';
import type { CheckoutFormValues } from '../../contracts/checkout.ts';
import { orderNumber } from '../../contracts/checkout.ts';
import { PROMO_CODE } from '../../contracts/cart-rules.ts';
import { decimalToCents } from '../../contracts/money-format.ts';
import { ORDER_NOT_FOUND } from '../../contracts/shop-messages.ts';
import { dataKeyOf, ensureDataKey, subscriberLookupKey } from '../../db/subscriber-keys.ts';
import {
  type CartState,
  decide as decideCart,
  evolve as evolveCart,
  initialState as initialCart,
} from '../../domain/cart/cart.decider.ts';
import { cartStreamId, readCartEvent } from '../../domain/cart/cart.events.ts';
import { notFound, ruleViolated } from '../../domain/domain-error.ts';
import type { LineToOrder, OrderCommand } from '../../domain/orders/order.commands.ts';
import { type CheckoutRefusal, decide, evolve, initialState } from '../../domain/orders/order.decider.ts';
import {
  ORDER_STREAM_PREFIX,
  STANDARD_SHIPPING,
  type OrderPersonal,
  type OrderUnits,
  orderStreamId,
  readOrderEvent,
} from '../../domain/orders/order.events.ts';
import { openPersonal, sealPersonal, newDataKey, subscriberIdOf } from '../../domain/personal-seal.ts';
import { normaliseEmail } from '../../domain/subscriptions/subscription.events.ts';
import type { CommandKey } from '../../eventstore/command-keys.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import { type OrderRow, orderById, orderByNumber, orderIdByNumber } from '../../projections/orders/orders.queries.ts';
import { liveStock } from '../../projections/stock/stock.queries.ts';
import type { EventStore } from '../../eventstore/store.ts';
import { type StockApplied, stockMoves } from '../stock/stock-moves.ts';

export interface OrdersServiceDeps {
  store: EventStore;
  catalogue: CatalogueReader;
  now?: () => Date;
  newId?: () => string;
  /** Draws an order number (default: '#DINO-' and six random digits). */
  drawNumber?: () => string;
  /** Where the stock an order moved goes once it is recorded (the in-memory catalogue). */
  stockApplied?: StockApplied;
}

const NO_LONGER_SOLD = 'An item in your cart is no longer sold; please remove it';
const cartDecider = { readEvent: readCartEvent, initialState: initialCart, evolve: evolveCart, decide: decideCart };
const orderDecider = { readEvent: readOrderEvent, initialState, evolve, decide };

/** '#dino-123456', 'DINO-123456', ' # DINO 123456 ': the number as the shop writes it, or undefined. */
export function normaliseOrderNumber(input: string): string | undefined {
  const match = /^#?DINO-?(\d{6})$/.exec(input.replace(/\s+/g, '').toUpperCase());
  return match ? `#DINO-${match[1]}` : undefined;
}

/**
 * Orders: a checkout becomes OrderPlaced on a new `order-<id>` stream and CartCheckedOut on the
 * cart's, in one transaction whose statements also take the stock (projections/stock): an order
 * that would oversell fails there and records nothing.
 */
export function createOrdersService({
  store,
  catalogue,
  now = () => new Date(),
  newId = randomUUID,
  drawNumber = () => orderNumber(),
  stockApplied,
}: OrdersServiceDeps) {
  const { db } = store;
  // The lookup key is made once for the shop and never changes: asked for once per process.
  let lookupKey: Promise<Buffer> | undefined;
  const keyForIds = () =>
    (lookupKey ??= subscriberLookupKey(db).catch((error: unknown) => {
      lookupKey = undefined;
      throw error;
    }));
  const customerIdOf = async (email: string) => subscriberIdOf(await keyForIds(), normaliseEmail(email));

  /** The cart's lines with the catalogue's names and prices now, and each variant's live stock. */
  async function linesToOrder(state: CartState): Promise<LineToOrder[]> {
    const stock = await liveStock(
      db,
      state.lines.map((l) => l.variantId),
    );
    return state.lines.map((line) => {
      const product = catalogue.productById(line.productId);
      const variant = catalogue.variant(line.variantId);
      if (!product || !variant) throw ruleViolated(NO_LONGER_SOLD, 'unavailable' satisfies CheckoutRefusal);
      return {
        productId: line.productId,
        variantId: line.variantId,
        name: product.name,
        size: variant.size,
        color: variant.color,
        quantity: line.quantity,
        unitPriceCents: decimalToCents(product.price),
        stock: stock.get(line.variantId) ?? 0,
      };
    });
  }

  /**
   * The order with this number (any case, with or without '#') placed with this address (case and
   * spaces ignored). A customer forgotten since (their key deleted, or replaced by a later sign-up's,
   * which does not open the order's details) has no orders to show: the address alone no longer
   * proves anything, though the order keeps its lines and totals for the books.
   */
  async function findOrder(number: string, email: string): Promise<OrderRow | undefined> {
    const normalised = normaliseOrderNumber(number);
    if (!normalised || !email.trim()) return undefined;
    const order = await orderByNumber(db, normalised, await customerIdOf(email));
    return order && (await stillKnown(order)) ? order : undefined;
  }

  /** Whether the order's customer's key still opens its sealed details. */
  async function stillKnown(order: OrderRow): Promise<boolean> {
    const key = await dataKeyOf(db, order.customerId);
    if (!key) return false;
    try {
      openPersonal(key, order.personal);
      return true;
    } catch {
      return false;
    }
  }

  /** An order's move, decided on its stream with a fresh timestamp on each attempt; answers the order as it is after. */
  async function moveOrder(
    orderId: string,
    command: (at: string) => OrderCommand,
    key?: CommandKey,
  ): Promise<OrderRow> {
    // A cancellation and a return give units back: the catalogue shows them before the answer goes.
    const moves = stockMoves(stockApplied);
    const moved = await store.handle(orderStreamId(orderId), orderDecider, () => command(now().toISOString()), {
      ...(key ? { key } : {}),
      alsoInTransaction: moves.inTransaction,
    });
    moves.committed(moved.recorded);
    return recordedOrder(moved.streamId);
  }

  /** The operator's moves name an order by its number alone. */
  async function move(number: string, command: (at: string) => OrderCommand, key?: CommandKey): Promise<OrderRow> {
    const normalised = normaliseOrderNumber(number);
    const orderId = normalised && (await orderIdByNumber(db, normalised));
    if (!orderId) throw notFound(ORDER_NOT_FOUND);
    return moveOrder(orderId, command, key);
  }

  async function recordedOrder(streamId: string): Promise<OrderRow> {
    if (!streamId.startsWith(ORDER_STREAM_PREFIX))
      throw new Error(`idempotency key recorded in ${streamId}, not an order`);
    const order = await orderById(db, streamId.slice(ORDER_STREAM_PREFIX.length));
    if (!order) throw new Error(`order ${streamId} is recorded but not projected`);
    return order;
  }

  return {
    /**
     * Places the cart's order: `values` are the checkout form's (validated by the caller), `promoApplied`
     * whether the session holds the promo code. OrderPlaced on a new `order-<id>` stream and
     * CartCheckedOut on the cart's go in one transaction whose statement also takes the stock
     * (projections/stock): an order that would oversell is refused there, decided again on the stock
     * left, and refused in words (an empty cart 422, too few left 409). With `key`, a retry answers
     * with the order its first attempt placed.
     */
    async placeOrder(
      cartId: string | null,
      values: CheckoutFormValues,
      promoApplied: boolean,
      key?: CommandKey,
      options: { ifVersion?: number } = {},
    ): Promise<OrderRow> {
      const email = normaliseEmail(values.email);
      const customerId = await customerIdOf(email);
      const personal: OrderPersonal = {
        email,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        address: values.address.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        zip: values.zipCode.trim(),
        country: values.country.trim(),
      };
      // The customer's key: a subscriber of the address already has one, and one forget shreds both.
      // Asked for while the cart is read (side by side on a pool); awaited by the decision.
      const sealed = ensureDataKey(db, customerId, newDataKey()).then((dataKey) =>
        sealPersonal(dataKey, JSON.stringify(personal)),
      );
      // A refusal before the decision (a cart changed since the shopper confirmed it) leaves it unawaited.
      sealed.catch(() => undefined);
      const orderId = newId();
      const moves = stockMoves(stockApplied);
      const [placed] = await store.handleStreams(
        [
          { streamId: orderStreamId(orderId), fold: orderDecider, newStream: true },
          // No cart yet: an empty one, which the order's decider refuses.
          {
            streamId: cartStreamId(cartId ?? newId()),
            fold: cartDecider,
            newStream: !cartId,
            ...(options.ifVersion !== undefined ? { ifVersion: options.ifVersion } : {}),
          },
        ] as const,
        async ([order, cart]) => {
          const at = now().toISOString();
          const lines = cart.lines.length === 0 ? [] : await linesToOrder(cart);
          // A number another order took meanwhile is refused by the read model: the retry draws again.
          const command = {
            type: 'PlaceOrder',
            orderId,
            number: drawNumber(),
            cartId: cartId ?? '',
            lines,
            promoCode: promoApplied ? PROMO_CODE : null,
            shippingMethod: STANDARD_SHIPPING,
            customerId,
            personal: await sealed,
            at,
          } as const;
          return [decide(command, order), decideCart({ type: 'CheckOut', orderId, at }, cart)];
        },
        { ...(key ? { key } : {}), alsoInTransaction: moves.inTransaction },
      );
      // Before answering, so the pages the shopper sees next show what is left.
      moves.committed(placed.recorded);
      return recordedOrder(placed.streamId);
    },

    findOrder,

    /** The shop hands the order to a carrier (the same shipment again records nothing). */
    ship: (
      number: string,
      shipment: { carrier: string; trackingNumber: string; eta: string | null },
      key?: CommandKey,
    ) => move(number, (at) => ({ type: 'ShipOrder', ...shipment, at }), key),
    deliver: (number: string, key?: CommandKey) => move(number, (at) => ({ type: 'DeliverOrder', at }), key),
    /** The shop cancels an order that has not shipped: its units go back to stock in the same statement. */
    cancel: (number: string, reason: string, key?: CommandKey) =>
      move(number, (at) => ({ type: 'CancelOrder', reason, by: 'shop', at }), key),
    /** Units of delivered lines came back, within the return window; `restock` puts them back on sale. */
    receiveReturn: (
      number: string,
      received: { lines: readonly OrderUnits[]; restock: boolean; reason?: string },
      key?: CommandKey,
    ) => move(number, (at) => ({ type: 'ReceiveReturn', ...received, at }), key),
    /** Money given back: `amountCents` null gives back what is left to refund. */
    refund: (number: string, amountCents: number | null, reason: string, key?: CommandKey) =>
      move(number, (at) => ({ type: 'IssueRefund', amountCents, reason, at }), key),

    /**
     * The shopper cancels their own order from Track Order, proving it with its number and the
     * address it was placed with: an unknown number and another address answer alike.
     */
    async cancelAsShopper(number: string, email: string, key?: CommandKey): Promise<OrderRow> {
      const order = await findOrder(number, email);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return moveOrder(
        order.orderId,
        (at) => ({ type: 'CancelOrder', reason: 'Cancelled by the shopper on Track Order', by: 'shopper', at }),
        key,
      );
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
