import { SIZE_LABELS } from '../../../contracts/sizes.ts';
import type { CartItem } from '../../../contracts/cart.ts';
import { variantImageUrl } from '../../../contracts/variant-image.ts';
import { productPath } from '../../../contracts/shop-paths.ts';

export function productHref(item: Pick<CartItem, 'product'>): string {
  return productPath(item.product.slug);
}

/** The product's picture in the line's colour, on a soft tile; decorative, the name next to it says what it is. */
export function LineImage({ item, size = 'md' }: { item: CartItem; size?: 'sm' | 'md' | 'lg' }) {
  const box = size === 'sm' ? 'size-14' : size === 'lg' ? 'size-24' : 'size-20';
  return (
    <div
      className={`${box} shrink-0 overflow-hidden rounded-2xl bg-gradient-to-br from-brand-50 via-white to-accent-50 ring-1 ring-ink-200`}
    >
      <img
        src={variantImageUrl(item.product.imageUrl, item.variant.colorHex)}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className="size-full object-contain p-1.5"
      />
    </div>
  );
}

/** 'Colour: Lava Red · Size: M (Dilo)' with a swatch. */
export function LineVariant({ item, className = '' }: { item: CartItem; className?: string }) {
  // The size is set off by a dot in its left padding. The row starts one padding left of the clipped
  // box, so the dot of whichever part begins a line falls outside it: a wrapped line never ends on a
  // dot nor starts with one.
  return (
    <p className={`overflow-hidden text-sm text-ink-600 ${className}`}>
      <span className="-ml-4 flex flex-wrap items-center gap-y-0.5">
        <span className="inline-flex items-center gap-1.5 pl-4">
          <span
            aria-hidden="true"
            className="inline-block size-3 rounded-full ring-1 ring-ink-900/20"
            style={{ backgroundColor: item.variant.colorHex }}
          />
          <span>
            <span className="sr-only">Colour: </span>
            {item.variant.color}
          </span>
        </span>
        <span className="relative pl-4 before:absolute before:left-1.5 before:text-ink-300 before:content-['·']">
          Size: {SIZE_LABELS[item.variant.size]}
        </span>
      </span>
    </p>
  );
}
