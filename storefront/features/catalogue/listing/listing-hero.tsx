import { container } from '../../../components/ui.ts';
import type { ListingData } from './listing.data.ts';

const SHOP_DESCRIPTION =
  'Every thong, brief, boxer and bralette in the herd. Filter by price, collection or size to find your match.';

/** The listing's banner: 'Shop All Products', or the category's name, description and picture. */
export function ListingHero({ data }: { data: ListingData }) {
  const category = data.kind === 'category' ? data.category : undefined;
  const description = category ? category.description : SHOP_DESCRIPTION;
  return (
    <div className="bg-gradient-to-br from-brand-100 via-cream to-accent-100">
      <div className={`${container} flex items-center gap-6 py-10 sm:py-12`}>
        <div className="min-w-0 flex-1">
          <h1 className="font-display text-4xl font-black tracking-tight text-ink-900 sm:text-5xl">
            {category ? `${category.name} Collection` : 'Shop All Products'}
          </h1>
          {description && <p className="mt-3 max-w-2xl text-lg text-ink-700">{description}</p>}
        </div>
        {category && (
          <img
            src={category.imageUrl}
            alt=""
            width={160}
            height={160}
            className="hidden size-36 shrink-0 rounded-3xl shadow-lg ring-4 ring-white sm:block"
          />
        )}
      </div>
    </div>
  );
}
