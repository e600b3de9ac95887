import type { Product } from '../../../../contracts/catalogue.ts';
import { MascotPeek } from '../../../components/mascot-peek.tsx';
import { btn } from '../../../components/ui.ts';
import { clearAll } from '../../../lib/filters.ts';
import type { ListingState } from '../../../../contracts/listing-query.ts';
import { CatalogueProductCard, type CardAction } from '../catalogue-product-card.tsx';
import { ProductCardSkeleton } from '../product-card.tsx';
import type { ProductListResult } from './product-list.ts';
import { ListingButton } from './listing-button.tsx';

/** The listing's cards; six skeletons while a search loads, the failure, or 'No Products Found'. */
export function ProductGrid({
  status,
  products,
  state,
  renderAction,
  onClearFilters,
}: {
  status: ProductListResult['status'];
  /** The products to show, searched, sorted and filtered. */
  products: readonly Product[];
  state: ListingState;
  renderAction: CardAction;
  onClearFilters: () => void;
}) {
  if (status === 'error') {
    return (
      <p role="alert" className="rounded-2xl bg-accent-50 p-6 text-center font-semibold text-accent-800">
        Failed to load products. Please try again later.
      </p>
    );
  }
  if (status === 'pending') {
    return (
      <ul
        className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 xl:grid-cols-3"
        aria-label="Loading products"
      >
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (products.length === 0) {
    return (
      <div className="rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-ink-200">
        <MascotPeek mascot="stego" size="sm" className="mx-auto" />
        <h3 className="mt-4 font-display text-2xl font-extrabold text-ink-900">No Products Found</h3>
        <p className="mx-auto mt-2 max-w-md text-ink-600">
          Try adjusting your filters or search to find what you're looking for.
        </p>
        <ListingButton to={clearAll(state)} onClick={onClearFilters} className={`${btn.primary} mt-6`}>
          Clear Filters
        </ListingButton>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 xl:grid-cols-3">
      {products.map((product, index) => (
        <li key={product.id}>
          <CatalogueProductCard product={product} renderAction={renderAction} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
