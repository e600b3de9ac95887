import { centsToDecimal } from '../../contracts/money-format.ts';
import type { Size } from '../../contracts/catalogue.ts';
import type { Queryable } from '../../db/database.ts';
import type { CatalogueSnapshot } from './catalogue.index.ts';
import { LIVE_STOCK, UNITS_MOVED, WITH_STOCK_LEVELS } from '../stock/stock.queries.ts';

export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** Stock moved across a band a shopper sees: the payload is each moved variant's [id, units moved], as JSON. */
export const STOCK_CHANNEL = 'stock_bands_changed';

export async function catalogueVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ version: number }>('select version from catalogue_state');
  return rows[0]?.version ?? 0;
}

/**
 * What says the in-memory catalogue is stale: the catalogue's version, and how many units stock has
 * moved in all. Not the highest position applied: positions are drawn before commit, so an order can
 * commit below one already seen and leave that mark where it was; the sum grows with every movement.
 */
export async function catalogueMarks(db: Queryable): Promise<{ version: number; unitsMoved: number }> {
  const { rows } = await db.query<{ version: number | null; units_moved: string | number | null }>(
    'select (select version from catalogue_state) as version, (select sum(received::bigint + ordered + returned) from stock_levels) as units_moved',
  );
  return { version: rows[0]?.version ?? 0, unitsMoved: Number(rows[0]?.units_moved ?? 0) };
}

/** Reads the whole catalogue (it is small) in API shape. */
export async function loadCatalogueSnapshot(db: Queryable): Promise<CatalogueSnapshot> {
  const version = await catalogueVersion(db);
  const [categories, products, variants, testimonials, membership] = await Promise.all([
    db.query<{ id: number; slug: string; name: string; description: string; image_url: string }>(
      'select id, slug, name, description, image_url from categories order by sort_order, id',
    ),
    db.query<{
      id: number;
      slug: string;
      name: string;
      description: string;
      price_cents: number;
      image_url: string;
      collection: string | null;
      best_seller: boolean;
      featured: boolean;
    }>(
      'select id, slug, name, description, price_cents, image_url, collection, best_seller, featured from products order by id',
    ),
    db.query<{
      id: number;
      product_id: number;
      size: Size;
      color: string;
      color_hex: string;
      stock: number;
      moved: number;
    }>(
      `select v.id, v.product_id, v.size, v.color, v.color_hex, ${LIVE_STOCK} as stock, ${UNITS_MOVED} as moved
       from ${WITH_STOCK_LEVELS} order by v.product_id, v.sort_order, v.id`,
    ),
    db.query<{
      id: number;
      name: string;
      species: string;
      age: number;
      rating: string | number;
      comment: string;
      image_url: string;
    }>('select id, name, species, age, rating, comment, image_url from testimonials order by id'),
    db.query<{ slug: string; product_id: number }>(
      'select c.slug, pc.product_id from product_categories pc join categories c on c.id = pc.category_id order by c.slug, pc.product_id',
    ),
  ]);
  const members = new Map<string, number[]>();
  for (const row of membership.rows) members.set(row.slug, [...(members.get(row.slug) ?? []), row.product_id]);
  return {
    version,
    categories: categories.rows.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: c.description,
      imageUrl: c.image_url,
    })),
    products: products.rows.map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      description: p.description,
      price: centsToDecimal(p.price_cents),
      imageUrl: p.image_url,
      ...(p.collection ? { collection: p.collection } : {}),
      bestSeller: p.best_seller,
      featured: p.featured,
    })),
    variants: variants.rows.map((v) => ({
      id: v.id,
      productId: v.product_id,
      size: v.size,
      color: v.color,
      colorHex: v.color_hex,
      stock: Number(v.stock),
    })),
    moved: new Map(variants.rows.map((v) => [v.id, Number(v.moved)])),
    testimonials: testimonials.rows.map((t) => ({
      id: t.id,
      name: t.name,
      species: t.species,
      age: t.age,
      rating: Number(t.rating),
      comment: t.comment,
      imageUrl: t.image_url,
    })),
    membership: members,
  };
}
