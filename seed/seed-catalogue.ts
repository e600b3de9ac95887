import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { CATALOGUE_CHANNEL } from '../projections/catalogue/catalogue.queries.ts';
import type { SeedCatalogue } from './catalogue.types.ts';

export interface SeedResult {
  changed: boolean;
  version: number;
  categories: number;
  products: number;
  variants: number;
  testimonials: number;
}

export function catalogueChecksum(catalogue: SeedCatalogue): string {
  return createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');
}

/**
 * Loads the catalogue in one transaction. Without `reset` it upserts (running it twice changes
 * nothing and reports so); with `reset` it replaces the whole catalogue. Events are never touched.
 * A change bumps catalogue_state.version and NOTIFYs every server, which reload their copy.
 */
export async function seedCatalogue(
  db: Database,
  catalogue: SeedCatalogue,
  options: { reset?: boolean } = {},
): Promise<SeedResult> {
  const checksum = catalogueChecksum(catalogue);
  const counts = {
    categories: catalogue.categories.length,
    products: catalogue.products.length,
    variants: catalogue.products.reduce((n, p) => n + p.variants.length, 0),
    testimonials: catalogue.testimonials.length,
  };
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ version: number; checksum: string }>(
      'select version, checksum from catalogue_state for update',
    );
    const current = rows[0];
    if (current && current.checksum === checksum && !options.reset)
      return { changed: false, version: current.version, ...counts };

    if (options.reset) {
      // Children first: product_categories and variants cascade from products, but be explicit.
      for (const table of ['product_categories', 'variants', 'products', 'categories', 'testimonials'])
        await tx.query(`delete from ${table}`);
    }
    await writeCatalogue(tx, catalogue);
    const version = (current?.version ?? 0) + 1;
    await tx.query(
      `insert into catalogue_state (singleton, version, checksum, seeded_at) values (true, $1, $2, now())
       on conflict (singleton) do update set version = excluded.version, checksum = excluded.checksum, seeded_at = excluded.seeded_at`,
      [version, checksum],
    );
    await tx.query(`select pg_notify($1, $2)`, [CATALOGUE_CHANNEL, String(version)]);
    return { changed: true, version, ...counts };
  });
}

async function writeCatalogue(tx: Queryable, catalogue: SeedCatalogue): Promise<void> {
  const { categories, products, testimonials } = catalogue;
  await tx.query(
    `insert into categories (slug, name, description, image_url, sort_order)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])
     on conflict (slug) do update set name = excluded.name, description = excluded.description,
       image_url = excluded.image_url, sort_order = excluded.sort_order`,
    [
      categories.map((c) => c.slug),
      categories.map((c) => c.name),
      categories.map((c) => c.description),
      categories.map((c) => c.imageUrl),
      categories.map((_, i) => i),
    ],
  );
  await tx.query(
    `insert into products (id, slug, name, description, price_cents, image_url, collection, best_seller, featured)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::bool[], $9::bool[])
     on conflict (id) do update set slug = excluded.slug, name = excluded.name, description = excluded.description,
       price_cents = excluded.price_cents, image_url = excluded.image_url, collection = excluded.collection,
       best_seller = excluded.best_seller, featured = excluded.featured`,
    [
      products.map((p) => p.id),
      products.map((p) => p.slug),
      products.map((p) => p.name),
      products.map((p) => p.description),
      products.map((p) => p.priceCents),
      products.map((p) => p.imageUrl),
      products.map((p) => p.collection ?? null),
      products.map((p) => p.bestSeller),
      products.map((p) => p.featured),
    ],
  );
  const variants = products.flatMap((p) => p.variants.map((v, i) => ({ ...v, productId: p.id, sortOrder: i })));
  await tx.query(
    `insert into variants (id, product_id, size, color, color_hex, stock, sort_order)
     select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[])
     on conflict (id) do update set product_id = excluded.product_id, size = excluded.size, color = excluded.color,
       color_hex = excluded.color_hex, stock = excluded.stock, sort_order = excluded.sort_order`,
    [
      variants.map((v) => v.id),
      variants.map((v) => v.productId),
      variants.map((v) => v.size),
      variants.map((v) => v.color),
      variants.map((v) => v.colorHex),
      variants.map((v) => v.stock),
      variants.map((v) => v.sortOrder),
    ],
  );
  // The seed's level is the counted one that orders and receipts move from (docs/decisions/0027):
  // sales stay subtracted, and a level below what is already sold fails on stock_levels' check.
  await tx.query(
    'update stock_levels s set seeded = v.stock from variants v where v.id = s.variant_id and s.seeded <> v.stock',
  );
  const links = products.flatMap((p) => p.categories.map((slug) => ({ productId: p.id, slug })));
  await tx.query(
    `insert into product_categories (product_id, category_id)
     select l.product_id, c.id from unnest($1::int[], $2::text[]) as l(product_id, slug) join categories c on c.slug = l.slug
     on conflict do nothing`,
    [links.map((l) => l.productId), links.map((l) => l.slug)],
  );
  await tx.query(
    `insert into testimonials (id, name, species, age, rating, comment, image_url)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::numeric[], $6::text[], $7::text[])
     on conflict (id) do update set name = excluded.name, species = excluded.species, age = excluded.age,
       rating = excluded.rating, comment = excluded.comment, image_url = excluded.image_url`,
    [
      testimonials.map((_, i) => i + 1),
      testimonials.map((t) => t.name),
      testimonials.map((t) => t.species),
      testimonials.map((t) => t.age),
      testimonials.map((t) => t.rating),
      testimonials.map((t) => t.comment),
      testimonials.map((t) => t.imageUrl),
    ],
  );
  // Keep the serial in step with the explicit ids written above.
  await tx.query(
    `select setval(pg_get_serial_sequence('testimonials', 'id'), greatest((select max(id) from testimonials), 1))`,
  );
}
