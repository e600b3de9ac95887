import { useData } from 'vike-react/useData';
import { renderCardAction } from '../../features/cart/card-action.tsx';
import { PageHero } from '../../components/page-hero.tsx';
import { btn, container } from '../../components/ui.ts';
import { CatalogueProductCard } from '../../features/catalogue/catalogue-product-card.tsx';
import type { Data } from './+data.ts';
import { SHOP_PATH } from '../../../contracts/shop-paths.ts';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

export default function SalePage() {
  return (
    <>
      <PageHero title="The Big Extinction Sale" eyebrow="Sale" mascot="raptor">
        Prices so low they'll make a meteor blush. Grab your favourites before they go the way of the dodo.
      </PageHero>
      <SaleGrid />
    </>
  );
}

function SaleGrid() {
  const { products, discounts } = useData<Data>();
  return (
    <div className={`${container} grid gap-10 py-12 lg:grid-cols-[minmax(0,1fr)_18rem]`}>
      <section aria-labelledby="sale-items-heading">
        <h2 id="sale-items-heading" className="font-display text-2xl font-black text-ink-900">
          On sale now
        </h2>
        <div className="mt-6">
          {products.length === 0 ? (
            <div className="rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-ink-200">
              <h3 className="font-display text-2xl font-extrabold text-ink-900">No sale items at the moment</h3>
              <p className="mt-2 text-ink-600">Check back soon, or browse the full herd.</p>
              <a href={SHOP_PATH} className={`${btn.primary} mt-6`}>
                Shop All Products
              </a>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 xl:grid-cols-3">
              {products.map((product) => {
                const percent = discounts[product.id];
                return (
                  <li key={product.id}>
                    <CatalogueProductCard
                      product={product}
                      renderAction={renderCardAction}
                      cornerBadge={
                        percent === undefined ? undefined : (
                          <span className="inline-flex rotate-6 rounded-full bg-sun-300 px-3 py-1.5 text-sm font-black text-ink-900 shadow-md">
                            {percent}% Off
                          </span>
                        )
                      }
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      <aside
        aria-labelledby="sale-policy-heading"
        className="self-start rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200 lg:sticky lg:top-24"
      >
        <h2 id="sale-policy-heading" className="font-display text-xl font-extrabold text-ink-900">
          Sale policy
        </h2>
        <ul className="mt-4 list-disc space-y-3 pl-5 text-sm leading-6 text-ink-700">
          <li>Sale offers last while stocks last and may end without notice.</li>
          <li>Sale items can be returned unworn, with tags attached, within 30 days for a full refund.</li>
          <li>Exchanges for another size or colour are always welcome.</li>
          <li>
            Standard shipping (3-5 business days) is {SHIPPING_WORDS.standardFree}, or with code {SHIPPING_WORDS.code}.
          </li>
          <li>Refunds are processed within 3-5 business days of receiving your return.</li>
        </ul>
      </aside>
    </div>
  );
}
