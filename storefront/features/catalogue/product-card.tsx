import type { ReactNode } from 'react';
import type { Product } from '../../../contracts/catalogue.ts';
import { formatMoney } from '../../../contracts/money-format.ts';
import { MASCOT_NAMES, mascotForProductName, mascotImageUrl } from '../../lib/mascot.ts';
import { availableColors, isProductSoldOut } from '../../lib/variant-selection.ts';
import { useMascot } from './use-mascot.ts';
import { productPath } from '../../../contracts/shop-paths.ts';

export const MAX_CARD_SWATCHES = 3;

export function productHref(product: Pick<Product, 'slug'>): string {
  return productPath(product.slug);
}

export function productBadge(product: Pick<Product, 'bestSeller' | 'featured'>): 'Bestseller' | 'Featured' | null {
  if (product.bestSeller) return 'Bestseller';
  if (product.featured) return 'Featured';
  return null;
}

export interface ProductCardProps {
  product: Product;
  /** The add-to-cart control, composed by the page (features do not import each other). */
  action?: ReactNode;
  /** An extra badge in the image's top-right corner (e.g. the sale page's '% Off'). */
  cornerBadge?: ReactNode;
  headingLevel?: 2 | 3;
  /** Cards in the first screenful load their image eagerly (it is likely the largest paint). */
  eager?: boolean;
}

export function ProductCard({ product, action, cornerBadge, headingLevel = 3, eager = false }: ProductCardProps) {
  const badge = productBadge(product);
  const mascotType = mascotForProductName(product.name);
  const mascot = useMascot();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const colors = availableColors(product.variants);
  const shown = colors.slice(0, MAX_CARD_SWATCHES);
  const more = colors.length - shown.length;
  const soldOut = isProductSoldOut(product.variants);

  return (
    <article
      {...mascot.handlers}
      data-testid="product-card"
      className="group relative flex h-full flex-col rounded-3xl bg-white shadow-sm ring-1 ring-ink-200 transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:ring-brand-300"
    >
      <div className="relative aspect-square overflow-hidden rounded-t-3xl bg-gradient-to-br from-brand-50 via-white to-accent-50">
        <a href={productHref(product)} tabIndex={-1} className="block size-full">
          <img
            src={product.imageUrl}
            alt={product.name}
            width={480}
            height={480}
            loading={eager ? 'eager' : 'lazy'}
            className="size-full object-contain p-3 transition sm:p-6 duration-500 group-hover:scale-105"
          />
        </a>
        {badge && (
          <span
            className={`absolute left-3 top-3 rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide shadow-sm ${
              badge === 'Bestseller' ? 'bg-accent-600 text-white' : 'bg-brand-700 text-white'
            }`}
          >
            {badge}
          </span>
        )}
        {/* Two badges do not fit side by side on a phone's two-column card: the corner one goes below. */}
        {cornerBadge && (
          <div className={`absolute right-3 top-3 ${badge ? 'max-sm:right-2 max-sm:top-11' : ''}`}>{cornerBadge}</div>
        )}
        {soldOut && <SoldOutBadge className="absolute bottom-3 left-3" />}

        <div
          aria-live="polite"
          className="pointer-events-none absolute inset-x-2 bottom-0 flex items-end justify-end gap-1"
        >
          {mascot.visible && mascot.message && (
            // A phone's two-column card is too narrow for the bubble beside the mascot: it goes above it.
            <div className="flex animate-pop flex-col items-end gap-1 sm:flex-row" data-testid="mascot">
              <p className="relative max-w-[11rem] rounded-2xl rounded-br-sm bg-ink-900 px-3 py-2 text-xs font-bold leading-snug text-white shadow-lg sm:mb-16">
                <span className="sr-only">{MASCOT_NAMES[mascotType]} says: </span>
                {mascot.message}
              </p>
              <img
                src={mascotImageUrl(mascotType)}
                alt=""
                width={96}
                height={96}
                className="size-16 drop-shadow-lg sm:size-24"
                data-mascot={mascotType}
              />
            </div>
          )}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-5">
        {product.collection && (
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{product.collection}</p>
        )}
        <Heading className="font-display text-lg font-extrabold leading-snug text-ink-900">
          <a href={productHref(product)} className="rounded hover:text-brand-800 hover:underline">
            {product.name}
          </a>
        </Heading>
        {/* Two cards share a phone's width: the swatches go under the price when they do not fit beside it. */}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="text-lg font-black text-ink-900">{formatMoney(product.price)}</p>
          {shown.length > 0 && (
            <ul className="flex items-center gap-1.5" aria-label="Available colours">
              {shown.map((c) => (
                <li key={c.color} title={c.color}>
                  <span
                    className="block size-5 rounded-full ring-1 ring-ink-300 ring-offset-1"
                    style={{ backgroundColor: c.colorHex }}
                  />
                  <span className="sr-only">{c.color}</span>
                </li>
              ))}
              {more > 0 && (
                <li className="text-xs font-bold text-ink-600">
                  <span aria-hidden="true">+{more}</span>
                  <span className="sr-only">and {more} more</span>
                </li>
              )}
            </ul>
          )}
        </div>
        {action && <div className="mt-auto pt-2">{action}</div>}
      </div>
    </article>
  );
}

/** 'Sold out' on a product's picture: none of its variants is in stock. */
export function SoldOutBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`rounded-full bg-ink-900 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white shadow-sm ${className}`}
    >
      Sold out
    </span>
  );
}

export function ProductCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col rounded-3xl bg-white ring-1 ring-ink-200"
      data-testid="product-skeleton"
      aria-hidden="true"
    >
      <div className="skeleton aspect-square rounded-t-3xl" />
      <div className="space-y-3 p-5">
        <div className="skeleton h-3 w-1/3 rounded" />
        <div className="skeleton h-5 w-4/5 rounded" />
        <div className="skeleton h-5 w-1/4 rounded" />
        <div className="skeleton h-10 w-full rounded-full" />
      </div>
    </div>
  );
}
