import { useCatalogueQuery } from './catalogue-cache.tsx';
import type { ReactNode } from 'react';
import type { Product, Variant } from '../../../contracts/catalogue.ts';
import { variantsQuery } from './catalogue.queries.ts';
import { ProductCard } from './product-card.tsx';

/** Renders the add-to-cart control of a card; the page supplies it (composition across features). */
export type CardAction = (product: Product, variants: readonly Variant[] | undefined) => ReactNode;

/** A product card that loads its own variants (GET /api/products/{id}/variants, once per card). */
export function CatalogueProductCard({
  product,
  renderAction,
  cornerBadge,
  headingLevel,
  eager,
}: {
  product: Product;
  renderAction?: CardAction;
  cornerBadge?: ReactNode;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const { data, isError } = useCatalogueQuery(variantsQuery(product.id));
  const variants = data ?? (isError ? [] : undefined);
  return (
    <ProductCard
      product={product}
      variants={variants}
      action={renderAction?.(product, variants)}
      cornerBadge={cornerBadge}
      headingLevel={headingLevel}
      eager={eager}
    />
  );
}
