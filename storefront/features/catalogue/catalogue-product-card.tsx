import type { ReactNode } from 'react';
import type { Product } from '../../../contracts/catalogue.ts';
import { ProductCard } from './product-card.tsx';

/** Renders the add-to-cart control of a card; the page supplies it (composition across features). */
export type CardAction = (product: Product) => ReactNode;

/** A product card with the page's add-to-cart control, drawn from the product and the variants it carries. */
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
  return (
    <ProductCard
      product={product}
      action={renderAction?.(product)}
      cornerBadge={cornerBadge}
      headingLevel={headingLevel}
      eager={eager}
    />
  );
}
