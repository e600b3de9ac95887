import { useState, type ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { Product, Variant } from '../../../../contracts/catalogue.ts';
import { variantImageUrl } from '../../../../contracts/variant-image.ts';
import { SIZE_LABELS } from '../../../../contracts/sizes.ts';
import { formatMoney } from '../../../../contracts/money-format.ts';
import { Breadcrumb } from '../../../components/breadcrumb.tsx';
import { ReturnIcon, TruckIcon } from '../../../components/icons.tsx';
import { MascotPeek } from '../../../components/mascot-peek.tsx';
import { btn, container } from '../../../components/ui.ts';
import { replaceUrlQuery, useUrlSearchParams } from '../../../lib/navigation-key.ts';
import {
  clampQuantity,
  colorChoices,
  initialVariant,
  isProductSoldOut,
  lowStockCount,
  productPageMax,
  selectColor,
  selectSize,
  sizeChoices,
} from '../../../lib/variant-selection.ts';
import { productBadge, SoldOutBadge } from '../product-card.tsx';
import { ReturnTo } from '../../../lib/return-to.tsx';
import { ProductInfoSections } from './product-info-sections.tsx';
import { QuantitySelector } from './quantity-selector.tsx';
import { FORM_ACTIONS } from '../../../../contracts/form-actions.ts';
import { SHOP_PATH, productChoiceOf, productQuery } from '../../../../contracts/shop-paths.ts';
import { SHIPPING_OFFER } from '../../../../contracts/shipping-offer.ts';

export interface ProductActionsContext {
  product: Product;
  /** The selected variant; undefined when none is selected or it is sold out (the buttons disable). */
  variant: Variant | undefined;
  quantity: number;
}

/** Renders Add to Cart and Buy Now; the page supplies them (the catalogue feature does not import the cart's). */
export type ProductActions = (context: ProductActionsContext) => ReactNode;

/** What the page offers under a sold-out size and colour (the back-in-stock request). */
export type SoldOutOffer = (context: { product: Product; variant: Variant }) => ReactNode;

/** The product page, drawn from the page's data: the product and all its variants. */
export function ProductDetail({
  product,
  variants,
  renderActions,
  renderSoldOut,
}: {
  product: Product;
  variants: readonly Variant[];
  renderActions: ProductActions;
  renderSoldOut?: SoldOutOffer;
}) {
  const params = useUrlSearchParams();
  const { urlPathname } = usePageContext();
  // The URL's size and colour, else the first variant in stock.
  const [selectedId, setSelectedId] = useState(() => initialVariant(variants, productChoiceOf(params))?.id);
  const [quantity, setQuantity] = useState(1);
  const [moved, setMoved] = useState<string>();

  const selected = variants.find((v) => v.id === selectedId);

  // A chosen size and colour go into the URL, so a reload or a shared link opens the same variant.
  // A pick that had to change the other choice says so (see movedNote).
  const choose = (next: Variant | undefined, picked: 'size' | 'color') => {
    setMoved(movedNote(selected, next, picked));
    setSelectedId(next?.id);
    setQuantity((q) => clampQuantity(q, next));
    if (next) replaceUrlQuery(urlPathname, productQuery({ size: next.size, color: next.color }));
  };

  // Each option says whether it is sold out with the other current choice, before it is picked.
  const sizes = sizeChoices(variants, selected?.color);
  const colors = colorChoices(variants, selected?.size);
  const productSoldOut = isProductSoldOut(variants);
  const max = productPageMax(selected);
  const low = lowStockCount(selected);
  const soldOut = selected !== undefined && selected.stock <= 0;
  const badge = productBadge(product);

  return (
    <div className={`${container} py-8`}>
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Shop', href: SHOP_PATH }, { label: product.name }]} />

      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-14">
        <div className="relative self-start overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-50 via-white to-accent-50 ring-1 ring-ink-200 md:sticky md:top-24">
          {/* The picture shows the chosen colour (a rendition drawn per colour); its box is fixed, so nothing moves. */}
          <img
            src={variantImageUrl(product.imageUrl, selected?.colorHex)}
            alt={product.name}
            width={640}
            height={640}
            fetchPriority="high"
            className="aspect-square w-full object-contain p-8"
          />
          {badge && (
            <span
              className={`absolute left-4 top-4 rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide text-white ${
                badge === 'Bestseller' ? 'bg-accent-600' : 'bg-brand-700'
              }`}
            >
              {badge}
            </span>
          )}
          {productSoldOut && <SoldOutBadge className="absolute bottom-4 left-4" />}
        </div>

        <div>
          {product.collection && (
            <p className="text-sm font-bold uppercase tracking-widest text-brand-700">{product.collection}</p>
          )}
          <h1 className="mt-2 font-display text-3xl font-black leading-tight tracking-tight text-ink-900 sm:text-4xl">
            {product.name}
          </h1>
          <p className="mt-4 flex flex-wrap items-center gap-3 text-3xl font-black text-ink-900">
            {formatMoney(product.price)}
            {productSoldOut && (
              <span className="rounded-full bg-ink-100 px-3 py-1 text-sm font-bold uppercase tracking-wide text-ink-700">
                Sold out
              </span>
            )}
          </p>
          <p className="mt-5 text-lg leading-8 text-ink-700">{product.description}</p>

          {/* A real form: without JavaScript, Add to Cart and Buy Now post size, colour and quantity. */}
          <form method="post" action={FORM_ACTIONS.cartAdd}>
            <input type="hidden" name="productId" value={product.id} />
            <ReturnTo />
            <div className="mt-8 space-y-7">
              <fieldset>
                <legend className="text-sm font-bold text-ink-900">
                  Size{selected && <span className="font-semibold text-ink-600">: {SIZE_LABELS[selected.size]}</span>}
                </legend>
                <div className="mt-3 flex flex-wrap gap-2">
                  {sizes.map(({ size, soldOut: sizeSoldOut }) => {
                    const checked = selected?.size === size;
                    return (
                      <label
                        key={size}
                        className={`cursor-pointer rounded-full border-2 px-4 py-2 text-sm font-bold transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                          checked
                            ? 'border-ink-900 bg-ink-900 text-white'
                            : sizeSoldOut
                              ? 'border-dashed border-ink-300 bg-white text-ink-500 hover:border-ink-500'
                              : 'border-ink-200 bg-white text-ink-800 hover:border-ink-500'
                        } ${sizeSoldOut ? 'line-through decoration-2' : ''}`}
                      >
                        {/* A sold-out option is aria-disabled and named 'Sold out', yet it can still be chosen: choosing
                            it moves to a colour that has it in stock when there is one, and a sold-out combination
                            cannot be added. */}
                        <input
                          type="radio"
                          name="size"
                          value={size}
                          checked={checked}
                          aria-label={sizeSoldOut ? `${SIZE_LABELS[size]}, Sold out` : undefined}
                          aria-disabled={sizeSoldOut || undefined}
                          onChange={() => choose(selectSize(variants, selected, size), 'size')}
                          className="sr-only"
                        />
                        {SIZE_LABELS[size]}
                      </label>
                    );
                  })}
                </div>
                <a
                  href="/size-guide"
                  className="mt-3 inline-block text-sm font-semibold text-brand-800 underline underline-offset-2"
                >
                  Not sure? See the size guide
                </a>
              </fieldset>

              <fieldset>
                <legend className="text-sm font-bold text-ink-900">
                  Colour{selected && <span className="font-semibold text-ink-600">: {selected.color}</span>}
                </legend>
                <div className="mt-3 flex flex-wrap gap-3">
                  {colors.map((c) => {
                    const checked = selected?.color === c.color;
                    return (
                      <label
                        key={c.color}
                        title={c.soldOut ? `${c.color} (sold out)` : c.color}
                        className={`relative inline-flex size-11 cursor-pointer items-center justify-center rounded-full ring-2 ring-offset-2 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-brand-600 ${
                          checked ? 'ring-ink-900' : 'ring-transparent hover:ring-ink-300'
                        }`}
                      >
                        <input
                          type="radio"
                          name="color"
                          value={c.color}
                          checked={checked}
                          aria-disabled={c.soldOut || undefined}
                          onChange={() => choose(selectColor(variants, selected, c.color), 'color')}
                          className="sr-only"
                        />
                        <span
                          className={`size-9 rounded-full ring-1 ring-ink-900/15 ${c.soldOut ? 'opacity-40' : ''}`}
                          style={{ backgroundColor: c.colorHex }}
                        />
                        {/* Sold out: the swatch is dimmed and struck through. */}
                        {c.soldOut && (
                          <span aria-hidden="true" className="absolute h-0.5 w-12 rotate-45 rounded-full bg-ink-900" />
                        )}
                        <span className="sr-only">
                          {c.color}
                          {c.soldOut && ', Sold out'}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>

              <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
                <QuantitySelector name="quantity" value={quantity} min={1} max={max} onChange={setQuantity} />
                <div aria-live="polite" className="pb-3 text-sm font-bold">
                  {productSoldOut ? (
                    <span className="text-accent-700">Sold out</span>
                  ) : soldOut ? (
                    <span className="text-accent-700">Sold out in this size and colour</span>
                  ) : low !== null ? (
                    <span className="text-accent-700">Only {low} left in stock!</span>
                  ) : selected ? (
                    <span className="text-brand-700">In stock, ready to ship</span>
                  ) : null}
                  {moved && (
                    <span data-testid="choice-moved" className="mt-1 block font-semibold text-ink-700">
                      {moved}
                    </span>
                  )}
                </div>
              </div>
            </div>

            <div className="mt-8 grid gap-3 sm:grid-cols-2">
              {renderActions({ product, variant: soldOut ? undefined : selected, quantity })}
            </div>
          </form>
          {/* Keyed by the variant: another sold-out choice is a new request, with an empty form. */}
          {soldOut && renderSoldOut && <div key={selected.id}>{renderSoldOut({ product, variant: selected })}</div>}

          <ul className="mt-6 grid gap-3 text-sm text-ink-700 sm:grid-cols-2">
            <li className="flex items-center gap-2">
              <TruckIcon className="size-5 text-brand-700" /> {SHIPPING_OFFER.freeOver}
            </li>
            <li className="flex items-center gap-2">
              <ReturnIcon className="size-5 text-brand-700" /> 30-day returns
            </li>
          </ul>

          <div className="mt-8">
            <ProductInfoSections />
          </div>
        </div>
      </div>
    </div>
  );
}

export function ProductLoadError() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center">
      <MascotPeek mascot="raptor" className="mx-auto" />
      <h1 className="mt-6 font-display text-2xl font-extrabold text-ink-900">
        Failed to load product. Please try again later.
      </h1>
      <p className="mt-3 text-ink-600">This one seems to have wandered off the herd.</p>
      <a href={SHOP_PATH} className={`${btn.primary} mt-8`}>
        Back to Shop
      </a>
    </div>
  );
}

/**
 * When picking a size (or colour) had to change the other choice, because the old one is not in
 * stock with the pick, the words that tell the shopper, rather than letting them find another size
 * in the cart; else undefined.
 */
function movedNote(
  before: Variant | undefined,
  after: Variant | undefined,
  picked: 'size' | 'color',
): string | undefined {
  if (!before || !after) return undefined;
  if (picked === 'size' && after.color !== before.color)
    return `${SIZE_LABELS[after.size]} isn't in stock in ${before.color}, so ${after.color} is chosen.`;
  if (picked === 'color' && after.size !== before.size)
    return `${after.color} isn't in stock in ${SIZE_LABELS[before.size]}, so size ${SIZE_LABELS[after.size]} is chosen.`;
  return undefined;
}
