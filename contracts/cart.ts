import * as v from 'valibot';
import { MoneyString } from './money.ts';
import { Size } from './catalogue.ts';
import { MAX_LINE_QUANTITY } from './cart-rules.ts';

const quantity = (label: string) =>
  v.pipe(v.number(`${label} must be a number`), v.integer(`${label} must be a whole number`));

// A safe integer: a larger number cannot be told from its neighbours, so it names no product.
const positiveId = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.safeInteger(`${label} must be a whole number`),
    v.minValue(1, `${label} must be positive`),
  );

export const AddToCart = v.object({
  productId: positiveId('productId'),
  variantId: positiveId('variantId'),
  quantity: v.pipe(
    quantity('quantity'),
    v.minValue(1, 'quantity must be at least 1'),
    v.maxValue(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
  ),
});
export type AddToCart = v.InferOutput<typeof AddToCart>;

/** Setting a quantity to 0 or less removes the line, however far below zero, so negatives are allowed here. */
export const UpdateCartItem = v.object({
  quantity: v.pipe(
    quantity('quantity'),
    v.maxValue(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
  ),
});
export type UpdateCartItem = v.InferOutput<typeof UpdateCartItem>;

/**
 * The form field in which a page's cart forms send back the cart version they were rendered with
 * (the JSON API's If-Match): a change is made only on that cart.
 */
export const CART_VERSION_FIELD = 'cartVersion';

export const CartItemParams = v.object({
  itemId: v.pipe(v.string(), v.uuid('item id must be a UUID')),
});

export const CartItem = v.object({
  id: v.string(),
  quantity: v.number(),
  product: v.object({
    id: v.number(),
    name: v.string(),
    slug: v.string(),
    imageUrl: v.string(),
    price: MoneyString,
  }),
  variant: v.object({
    id: v.number(),
    color: v.string(),
    colorHex: v.string(),
    size: Size,
    stock: v.number(),
  }),
});
export type CartItem = v.InferOutput<typeof CartItem>;

export const Cart = v.object({
  /** The cart's stream id (without the `cart-` prefix); null until the first item is added. */
  id: v.nullable(v.string()),
  items: v.array(CartItem),
  total: MoneyString,
  itemCount: v.number(),
});
export type Cart = v.InferOutput<typeof Cart>;
