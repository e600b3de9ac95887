import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AddToCart, CART_VERSION_FIELD, type Cart, UpdateCartItem } from '../../contracts/cart.ts';
import { CHECKOUT_FIELDS, type CheckoutFormValues, checkoutErrors, placedOrderOf } from '../../contracts/checkout.ts';
import type { OrdersService } from '../../app/orders/orders.service.ts';
import type { Flash } from '../../contracts/flash.ts';
import { CART_MESSAGES, PROMO_MESSAGES } from '../../contracts/shop-messages.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import { PROMO_CODE, emptyCart, isPromoCode } from '../../contracts/cart-rules.ts';
import type { CartService, WriteOptions } from '../../app/cart/cart.service.ts';
import { VersionMismatch } from '../../eventstore/command-handler.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { HttpError } from '../../http/http-error.ts';
import { rememberCartCount, rememberPromo } from './page-cookies.ts';
import { field, formPost, numberField, redirectWithFlash, returnPath, withQuery } from './form-post.ts';
import { FORM_ACTIONS, LINE_ACTION_ROUTE, LINE_REMOVE_ROUTE } from '../../contracts/form-actions.ts';
import { productPageSlug } from '../../contracts/shop-paths.ts';

export interface CartFormDeps {
  carts: CartService;
  orders: OrdersService;
  catalogue: CatalogueReader;
  now?: () => Date;
}

/** Card number and CVC never go into a cookie: a failed checkout asks for them again. */
const NOT_KEPT: ReadonlySet<string> = new Set(['cardNumber', 'cardCvc']);

const CHANGED_ELSEWHERE: Flash = {
  notice: {
    title: CART_MESSAGES.changedElsewhere,
    description: CART_MESSAGES.changedElsewhereDescription,
    tone: 'error',
  },
};

const failure = (title: string, error: unknown): Flash =>
  error instanceof VersionMismatch
    ? CHANGED_ELSEWHERE
    : {
        notice: {
          title,
          description:
            error instanceof DomainError || error instanceof HttpError ? error.message : CART_MESSAGES.tryAgain,
          tone: 'error',
        },
      };

/**
 * The cart version a page's form was rendered with (CART_VERSION_FIELD): its change is made only on that
 * cart, so a change made elsewhere since is not overwritten. Absent or malformed: no condition.
 */
const seenVersion = (body: unknown): WriteOptions => {
  const version = numberField(body, CART_VERSION_FIELD);
  return Number.isSafeInteger(version) && version >= 0 ? { ifVersion: version } : {};
};

/** Whether `path` (with any query) is the page of the product `slug`, on either of its routes. */
function isProductPage(path: string, slug: string): boolean {
  return productPageSlug(path.split(/[?#]/, 1)[0]!) === slug;
}

/**
 * The cart's plain HTML forms (JavaScript off): the same cart service, so the same commands and
 * events, as the JSON routes; each answers with a 303 back to a page and a flash to show there.
 * Registered in the session scope, inside a form scope (see useFormPosts).
 */
export async function cartFormRoutes(app: FastifyInstance, { carts, orders, catalogue }: CartFormDeps): Promise<void> {
  /** Runs a cart change; remembers the cart's id and count, or turns a refusal into a flash. */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    failTitle: string,
    act: (cartId: string | null, options: WriteOptions) => Promise<Cart>,
  ): Promise<Cart | Flash> {
    try {
      const cart = await act(request.session.cartId ?? null, { key: request.commandKey });
      if (cart.id && request.session.cartId !== cart.id) request.session.cartId = cart.id;
      rememberCartCount(reply, cart);
      return cart;
    } catch (error) {
      if (!(error instanceof DomainError || error instanceof VersionMismatch))
        request.log.error({ err: error }, 'cart form failed');
      return failure(failTitle, error);
    }
  }
  const isFlash = (value: Cart | Flash): value is Flash => !('items' in value);

  // The JSON routes' limits: every post that writes the cart or the session counts as a cart write,
  // one that would start a cart also against the new-cart limit.
  const writeLimit = app.limitBy('cartAndOrders');
  const newCartLimit = app.limitBy('newCarts', (request) => !request.session.cartId);
  const cartWrite = { ...formPost, preHandler: writeLimit };

  // Add to Cart and Buy Now: the product page sends size and colour, a card sends its variant id.
  app.post(FORM_ACTIONS.cartAdd, { ...formPost, preHandler: [writeLimit, newCartLimit] }, async (request, reply) => {
    const productId = numberField(request.body, 'productId');
    const product = catalogue.productById(productId);
    const variant = resolveVariant(catalogue, productId, request.body);
    if (!product || !variant) {
      const description =
        product && catalogue.variants(product.id).length === 0 ? CART_MESSAGES.noVariants : CART_MESSAGES.noVariant;
      return redirectWithFlash(reply, returnPath(request), { notice: { title: 'Error', description, tone: 'error' } });
    }
    // Back to a product page, the variant it added stays chosen: the page reads it from its URL.
    const asked = returnPath(request);
    const back = isProductPage(asked, product.slug)
      ? withQuery(asked, { size: variant.size, color: variant.color })
      : asked;
    const quantityText = field(request.body, 'quantity');
    const input = v.safeParse(AddToCart, {
      productId,
      variantId: variant.id,
      quantity: quantityText === '' ? 1 : numberField(request.body, 'quantity'),
    });
    if (!input.success) {
      return redirectWithFlash(reply, back, {
        notice: { title: CART_MESSAGES.failed.add, description: input.issues[0].message, tone: 'error' },
      });
    }
    const result = await change(request, reply, CART_MESSAGES.failed.add, (cartId, options) =>
      carts.addItem(cartId, input.output, options).then((r) => r.cart),
    );
    if (isFlash(result)) return redirectWithFlash(reply, back, result);
    const added: Flash = {
      notice: {
        title: CART_MESSAGES.added,
        description: CART_MESSAGES.addedDescription(product.name),
        tone: 'success',
        link: { href: '/cart', label: 'View cart' },
      },
    };
    return redirectWithFlash(reply, field(request.body, 'intent') === 'buy-now' ? '/checkout' : back, added);
  });

  app.post<{ Params: { itemId: string } }>(LINE_ACTION_ROUTE, cartWrite, async (request, reply) => {
    const back = returnPath(request, '/cart');
    const input = v.safeParse(UpdateCartItem, { quantity: numberField(request.body, 'quantity') });
    if (!input.success) {
      return redirectWithFlash(reply, back, {
        notice: { title: CART_MESSAGES.failed.update, description: input.issues[0].message, tone: 'error' },
      });
    }
    const result = await change(request, reply, CART_MESSAGES.failed.update, (cartId, options) =>
      carts
        .changeQuantity(cartId, request.params.itemId, input.output.quantity, {
          ...options,
          ...seenVersion(request.body),
        })
        .then((r) => r.cart),
    );
    return redirectWithFlash(reply, back, isFlash(result) ? result : undefined);
  });

  app.post<{ Params: { itemId: string } }>(LINE_REMOVE_ROUTE, cartWrite, async (request, reply) => {
    const back = returnPath(request, '/cart');
    const result = await change(request, reply, CART_MESSAGES.failed.remove, (cartId, options) =>
      carts.removeItem(cartId, request.params.itemId, options).then((r) => r.cart),
    );
    const removed: Flash = {
      notice: { title: CART_MESSAGES.removed, description: CART_MESSAGES.removedDescription, tone: 'success' },
    };
    return redirectWithFlash(reply, back, isFlash(result) ? result : removed);
  });

  app.post(FORM_ACTIONS.cartClear, cartWrite, async (request, reply) => {
    // Only the cart the page showed: a clear from a page left open does not take lines added since.
    const result = await change(request, reply, CART_MESSAGES.failed.clear, (cartId, options) =>
      carts.clear(cartId, { ...options, ...seenVersion(request.body) }).then((r) => r.cart),
    );
    return redirectWithFlash(reply, returnPath(request, '/cart'), isFlash(result) ? result : undefined);
  });

  // The promo code lives in the session: the cart page and checkout both honour it.
  app.post(FORM_ACTIONS.cartPromo, cartWrite, async (request, reply) => {
    const code = field(request.body, 'promoCode').trim();
    const applied = isPromoCode(code);
    if (applied) request.session.promoCode = PROMO_CODE;
    else if (request.session.promoCode) request.session.promoCode = undefined;
    rememberPromo(reply, applied);
    const flash: Flash = {
      form: {
        name: 'promo',
        values: { promoCode: code },
        errors: applied ? {} : { promoCode: PROMO_MESSAGES.invalid },
        result: applied ? 'applied' : 'invalid',
      },
    };
    // The enhanced cart page posts here with fetch and shows the result itself: no flash for it.
    if (request.headers.accept?.includes('application/json'))
      return reply.header('cache-control', 'no-store').send({ applied });
    return redirectWithFlash(reply, returnPath(request, '/cart'), flash);
  });

  // The checkout: validated with the storefront's own schema and messages; a valid one is placed by the
  // orders service, as POST /api/orders does (the cart checked out into the order), and confirmed; a
  // refusal (too few left) comes back to the checkout with the shop's reason and the form as filled in.
  app.post(FORM_ACTIONS.checkout, cartWrite, async (request, reply) => {
    const values = Object.fromEntries(
      CHECKOUT_FIELDS.map((name) => [name, field(request.body, name)]),
    ) as CheckoutFormValues;
    const errors = checkoutErrors(values);
    const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !NOT_KEPT.has(name)));
    if (Object.keys(errors).length > 0) {
      return redirectWithFlash(reply, '/checkout', {
        form: { name: 'checkout', values: kept, errors: errors as Record<string, string> },
      });
    }
    const cartId = request.session.cartId ?? null;
    const seen = seenVersion(request.body);
    const cart = await carts.read(cartId);
    // Emptied since the page was shown (its form carries the version it was rendered with): say so.
    if (cart.items.length === 0)
      return redirectWithFlash(reply, '/cart', seen.ifVersion === undefined ? undefined : CHANGED_ELSEWHERE);
    let placed;
    try {
      placed = await orders.placeOrder(
        cartId,
        values,
        request.session.promoCode !== undefined,
        request.commandKey,
        seen,
      );
    } catch (error) {
      if (!(error instanceof DomainError || error instanceof VersionMismatch))
        request.log.error({ err: error }, 'checkout form failed');
      // Not placed: the page shows why, the cart as it is now, and the form as it was filled in.
      return redirectWithFlash(reply, '/checkout', {
        ...failure(CART_MESSAGES.orderFailed, error),
        form: { name: 'checkout', values: kept, errors: {} },
      });
    }
    rememberCartCount(reply, emptyCart(cartId));
    request.session.promoCode = undefined;
    rememberPromo(reply, false);
    return redirectWithFlash(reply, '/checkout', {
      order: placedOrderOf(
        { number: placed.number, placedAt: placed.placedAt.toISOString(), totalCents: placed.totalCents },
        values.email,
      ),
    });
  });
}

/** The variant a form names: by id (a product card), or by size and colour (the product page). */
function resolveVariant(catalogue: CatalogueReader, productId: number, body: unknown) {
  const variantId = numberField(body, 'variantId');
  if (Number.isInteger(variantId)) {
    const variant = catalogue.variant(variantId);
    return variant?.productId === productId ? variant : undefined;
  }
  const size = field(body, 'size');
  const color = field(body, 'color');
  // A card without its variants drawn (they load on the client) adds the first variant, as cards do.
  if (!size && !color) return catalogue.variants(productId)[0];
  return catalogue.variants(productId).find((variant) => variant.size === size && variant.color === color);
}
