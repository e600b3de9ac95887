import * as v from 'valibot';
import { MoneyString } from './money.ts';
import { searchTextLimit } from './search.ts';
import { SIZES } from './sizes.ts';

export const Size = v.picklist(SIZES);
export type Size = v.InferOutput<typeof Size>;

export const Category = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  imageUrl: v.string(),
});
export type Category = v.InferOutput<typeof Category>;

export const Variant = v.object({
  id: v.number(),
  productId: v.number(),
  size: Size,
  color: v.string(),
  colorHex: v.string(),
  stock: v.number(),
});
export type Variant = v.InferOutput<typeof Variant>;

/**
 * A product with its variants, in every list of products: a card draws its swatches and its Add to Cart
 * from them and the listing's size filter reads them, so no list needs a request per product.
 */
export const Product = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  description: v.string(),
  price: MoneyString,
  imageUrl: v.string(),
  collection: v.optional(v.string()),
  bestSeller: v.boolean(),
  featured: v.boolean(),
  variants: v.array(Variant),
});
export type Product = v.InferOutput<typeof Product>;

/** A product as stored, before its variants are put with it. */
export type ProductRecord = Omit<Product, 'variants'>;

export const Testimonial = v.object({
  id: v.number(),
  name: v.string(),
  species: v.string(),
  age: v.number(),
  rating: v.number(),
  comment: v.string(),
  imageUrl: v.string(),
});
export type Testimonial = v.InferOutput<typeof Testimonial>;

export const PRODUCT_SORTS = ['price_asc', 'price_desc', 'newest', 'name_asc'] as const;
export const ProductSort = v.picklist(PRODUCT_SORTS, 'sort must be one of price_asc, price_desc, newest, name_asc');
export type ProductSort = v.InferOutput<typeof ProductSort>;

export const ProductQuery = v.object({
  search: v.optional(v.pipe(v.string(), searchTextLimit('search'))),
  sort: v.optional(ProductSort),
});
export type ProductQuery = v.InferOutput<typeof ProductQuery>;

export const SlugParams = v.object({
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,80}$/, 'slug must be lowercase letters, digits and dashes')),
});

export const ProductIdParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'product id must be a positive whole number'), v.transform(Number)),
});
