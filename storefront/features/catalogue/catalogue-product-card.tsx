import type { ReactNode } from 'react';
import type { Product, Variant } from '../../../contracts/catalogue.ts';
import { ProductCard } from './product-card.tsx';

/** Renders the add-to-cart control of a card; the page supplies it (composition across features). */
export type CardAction = (product: Product, variants: readonly Variant[] | undefined) => ReactNode;

/** A product card with the page's add-to-cart control; `variants` is undefined while they load. */
export function CatalogueProductCard({
  product,
  variants,
  renderAction,
  cornerBadge,
  headingLevel,
  eager,
}: {
  product: Product;
  variants: readonly Variant[] | undefined;
  renderAction?: CardAction;
  cornerBadge?: ReactNode;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
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
