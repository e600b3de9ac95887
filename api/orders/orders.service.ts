import { randomUUID } from 'node:crypto';
import type { CheckoutFormValues } from '../../contracts/checkout.ts';
import { orderNumber } from '../../contracts/checkout.ts';
import { PROMO_CODE } from '../../contracts/cart-rules.ts';
import { decimalToCents } from '../../contracts/money-format.ts';
import { type Database, SqlState, sqlStateOf } from '../../db/database.ts';
import { dataKeyFor, subscriberLookupKey } from '../../db/subscriber-keys.ts';
import { type CartState, decide as decideCart, evolve as evolveCart, initialState as initialCart } from '../../domain/cart/cart.decider.ts';
import { cartStreamId, readCartEvent } from '../../domain/cart/cart.events.ts';
import { DomainError, ruleViolated } from '../../domain/domain-error.ts';
import { decide, initialState, type LineToOrder } from '../../domain/orders/order.decider.ts';
import { ORDER_STREAM_PREFIX, STANDARD_SHIPPING, type OrderPersonal, orderStreamId } from '../../domain/orders/order.events.ts';
import { encryptEmail, newDataKey, subscriberIdOf } from '../../domain/subscriptions/email-cipher.ts';
import { normaliseEmail } from '../../domain/subscriptions/subscription.events.ts';
import { AlreadyRecorded, type CommandKey, recordedUnder, stampKey } from '../../eventstore/command-keys.ts';
import { ConcurrencyConflict, readStream } from '../../eventstore/event-store.ts';
import { TooMuchContention, VersionMismatch } from '../../eventstore/command-handler.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import { ORDER_NUMBER_INDEX } from '../../projections/orders/orders.projection.ts';
import { type OrderRow, orderById, orderByNumber } from '../../projections/orders/orders.queries.ts';
import { appendWithProjections } from '../../projections/registry.ts';
import { STOCK_CHECK } from '../../projections/stock/stock.projection.ts';
import { liveStock } from '../../projections/stock/stock.queries.ts';

export interface OrdersServiceDeps {
  db: Database;
  catalogue: CatalogueReader;
  now?: () => Date;
  newId?: () => string;
  /** Draws an order number (default: '#DINO-' and six random digits). */
  drawNumber?: () => string;
  /** Brings the catalogue's live stock up to date after an order took some (the cache's refresh). */
  afterStockMoved?: () => Promise<unknown>;
}

/** Why an order was refused, for the metrics. */
export type Refusal = 'empty-cart' | 'out-of-stock' | 'unavailable';

/**
 * Watches orders (metrics subscribe here): each placed, each refused. Process-wide, like
 * commandObservers: the JSON API and the plain forms share the one service. Observers must not throw.
 */
export interface OrderObserver {
  placed?(order: OrderRow): void;
  refused?(reason: Refusal): void;
}
export const orderObservers = new Set<OrderObserver>();

const MAX_ATTEMPTS = 25;
const EMPTY_CART = 'Your cart is empty';
const NO_LONGER_SOLD = 'An item in your cart is no longer sold; please remove it';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const constraintOf = (error: unknown) => (typeof error === 'object' && error !== null && 'constraint' in error && typeof error.constraint === 'string' ? error.constraint : undefined);
/** The order would take a variant below zero: another order took the units since this one read the stock. */
const isStockShort = (error: unknown) => sqlStateOf(error) === '23514' && constraintOf(error) === STOCK_CHECK;
const isNumberTaken = (error: unknown) => sqlStateOf(error) === SqlState.uniqueViolation && constraintOf(error) === ORDER_NUMBER_INDEX;

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
export function createOrdersService({ db, catalogue, now = () => new Date(), newId = randomUUID, drawNumber = () => orderNumber(), afterStockMoved }: OrdersServiceDeps) {
  const customerIdOf = async (email: string) => subscriberIdOf(await subscriberLookupKey(db), normaliseEmail(email));

  async function readCart(cartId: string): Promise<{ state: CartState; version: number }> {
    const history = await readStream(db, cartStreamId(cartId));
    const state = history.reduce((s, e) => evolveCart(s, readCartEvent(e)), initialCart());
    return { state, version: history.at(-1)?.version ?? 0 };
  }

  /** The cart's lines with the catalogue's names and prices now, and each variant's live stock. */
  async function linesToOrder(state: CartState): Promise<LineToOrder[]> {
    const stock = await liveStock(db, state.lines.map((l) => l.variantId));
    return state.lines.map((line) => {
      const product = catalogue.productById(line.productId);
      const variant = catalogue.variant(line.variantId);
      if (!product || !variant) throw ruleViolated(NO_LONGER_SOLD);
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

  async function recordedOrder(streamId: string): Promise<OrderRow> {
    if (!streamId.startsWith(ORDER_STREAM_PREFIX)) throw new Error(`idempotency key recorded in ${streamId}, not an order`);
    const order = await orderById(db, streamId.slice(ORDER_STREAM_PREFIX.length));
    if (!order) throw new Error(`order ${streamId} is recorded but not projected`);
    return order;
  }

  const refuse = (reason: Refusal, error: DomainError): never => {
    for (const observer of orderObservers) observer.refused?.(reason);
    throw error;
  };

  return {
    /**
     * Places the cart's order: `values` are the checkout form's (validated by the caller), `promoApplied`
     * whether the session holds the promo code. Refusals are DomainErrors (an empty cart 422, too few
     * left 409). With `key`, a retry answers with the order its first attempt placed.
     */
    async placeOrder(cartId: string | null, values: CheckoutFormValues, promoApplied: boolean, key?: CommandKey, options: { ifVersion?: number } = {}): Promise<OrderRow> {
      if (key?.recordedIn) return recordedOrder(key.recordedIn);
      if (!cartId) return refuse('empty-cart', ruleViolated(EMPTY_CART));
      const email = normaliseEmail(values.email);
      const customerId = await customerIdOf(email);
      // The customer's key: a subscriber of the address already has one, and one forget shreds both.
      const dataKey = await dataKeyFor(db, customerId, newDataKey());
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
      const sealed = encryptEmail(dataKey, JSON.stringify(personal));
      const orderId = newId();
      for (let attempt = 1; ; attempt++) {
        const cart = await readCart(cartId);
        // The shopper confirmed the cart at this version: one changed since (elsewhere) is not ordered unseen.
        if (options.ifVersion !== undefined && options.ifVersion !== cart.version) throw new VersionMismatch(cartStreamId(cartId), options.ifVersion, cart.version);
        const at = now().toISOString();
        let orderEvents;
        let cartEvents;
        try {
          orderEvents = decide(
            {
              type: 'PlaceOrder',
              orderId,
              number: drawNumber(),
              cartId,
              lines: cart.state.lines.length === 0 ? [] : await linesToOrder(cart.state),
              promoCode: promoApplied ? PROMO_CODE : null,
              shippingMethod: STANDARD_SHIPPING,
              customerId,
              personal: sealed,
              at,
            },
            initialState(),
          );
          cartEvents = decideCart({ type: 'CheckOut', orderId, at }, cart.state);
        } catch (error) {
          if (error instanceof DomainError) refuse(error.kind === 'conflict' ? 'out-of-stock' : error.message === NO_LONGER_SOLD ? 'unavailable' : 'empty-cart', error);
          throw error;
        }
        try {
          await db.transaction(async (tx) => {
            await appendWithProjections(tx, orderStreamId(orderId), 0, key ? stampKey(orderEvents, key) : orderEvents);
            await appendWithProjections(tx, cartStreamId(cartId), cart.version, cartEvents);
          });
        } catch (error) {
          if (error instanceof AlreadyRecorded && key) {
            const earlier = await recordedUnder(db, key.key);
            if (earlier) return recordedOrder(earlier.streamId);
          }
          // A clash of numbers draws another; a cart changed meanwhile or stock taken by another
          // order is read again (the stock then refuses with the line and what is left).
          const retry = isNumberTaken(error) || isStockShort(error) || error instanceof ConcurrencyConflict || sqlStateOf(error) === SqlState.deadlockDetected;
          if (!retry) throw error;
          if (attempt >= MAX_ATTEMPTS) throw new TooMuchContention(cartStreamId(cartId));
          if (!isNumberTaken(error) && !isStockShort(error)) await pause(Math.random() * Math.min(250, 10 * 2 ** attempt));
          continue;
        }
        const order = await orderById(db, orderId);
        if (!order) throw new Error(`order ${orderId} was appended but not projected`);
        // Before answering, so the pages the shopper sees next show what is left. A failed reload
        // keeps the previous stock until the cache's poll succeeds; the order stands either way.
        await afterStockMoved?.().catch(() => undefined);
        for (const observer of orderObservers) observer.placed?.(order);
        return order;
      }
    },

    /** The order with this number (any case, with or without '#') placed with this address (case and spaces ignored). */
    async findOrder(number: string, email: string): Promise<OrderRow | undefined> {
      const normalised = normaliseOrderNumber(number);
      if (!normalised || !email.trim()) return undefined;
      return orderByNumber(db, normalised, await customerIdOf(email));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
