import { SIZE_LABELS, SIZES } from '../../../../contracts/sizes.ts';
import { InPlaceSubmit } from '../../../components/in-place-submit.tsx';
import { btn } from '../../../components/ui.ts';
import { PRICE_STEP, priceLabel, toggle, type FacetCounts } from '../../../lib/filters.ts';
import { PRICE_MAX, PRICE_MIN, type ListingFilters } from '../../../../contracts/listing-query.ts';

export interface FilterPanelProps {
  /** Prefix for element ids: the desktop sidebar and the mobile panel both render a panel. */
  idPrefix: string;
  draft: ListingFilters;
  collections: string[];
  onChange: (draft: ListingFilters) => void;
  onApply: () => void;
  onClearAll: () => void;
  /** How many products each option would leave (an option that would leave none is disabled); undefined while the list loads. */
  counts: FacetCounts | undefined;
  /** Search and sort as they are: the panel is a GET form, so without JavaScript it sends them along. */
  carry: { search: string; sort: string };
}

/** What the listing hands to both of its panels (the sidebar's and the drawer's): all but the ids' prefix. */
export type FilterPanelControls = Omit<FilterPanelProps, 'idPrefix'>;

/** Price Range (0–50, step 1), Collection and Size, with Clear All and Apply Filters. */
export function FilterPanel({
  idPrefix,
  draft,
  collections,
  onChange,
  onApply,
  onClearAll,
  counts,
  carry,
}: FilterPanelProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const carried = (
    <>
      {carry.search && <input type="hidden" name="search" value={carry.search} />}
      {carry.sort !== 'featured' && <input type="hidden" name="sort" value={carry.sort} />}
    </>
  );
  return (
    <>
      {/* What Clear All submits without JavaScript: the search and sort, and no filter. */}
      <form id={id('clear')} method="get" hidden>
        {carried}
      </form>
      <form
        method="get"
        className="space-y-7"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        {carried}
        <fieldset>
          <legend className="text-sm font-bold uppercase tracking-wide text-ink-900">Price Range</legend>
          <p className="mt-2 text-sm font-semibold text-brand-800" aria-live="polite">
            {priceLabel(draft.priceMin)} – {priceLabel(draft.priceMax)}
          </p>
          <div className="mt-3 space-y-3">
            <div>
              <label htmlFor={id('min')} className="flex justify-between text-xs font-semibold text-ink-600">
                <span>Minimum price</span>
                <span>{priceLabel(draft.priceMin)}</span>
              </label>
              <input
                id={id('min')}
                name="minPrice"
                type="range"
                min={PRICE_MIN}
                max={PRICE_MAX}
                step={PRICE_STEP}
                value={draft.priceMin}
                onChange={(e) => {
                  const priceMin = Number(e.target.value);
                  onChange({ ...draft, priceMin, priceMax: Math.max(priceMin, draft.priceMax) });
                }}
                className="mt-1 w-full accent-brand-700"
              />
            </div>
            <div>
              <label htmlFor={id('max')} className="flex justify-between text-xs font-semibold text-ink-600">
                <span>Maximum price</span>
                <span>{priceLabel(draft.priceMax)}</span>
              </label>
              <input
                id={id('max')}
                name="maxPrice"
                type="range"
                min={PRICE_MIN}
                max={PRICE_MAX}
                step={PRICE_STEP}
                value={draft.priceMax}
                onChange={(e) => {
                  const priceMax = Number(e.target.value);
                  onChange({ ...draft, priceMax, priceMin: Math.min(priceMax, draft.priceMin) });
                }}
                className="mt-1 w-full accent-brand-700"
              />
            </div>
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-bold uppercase tracking-wide text-ink-900">Collection</legend>
          {collections.length === 0 ? (
            <p className="mt-3 text-sm text-ink-600">No collections here.</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {collections.map((collection, i) => (
                <li key={collection}>
                  <label
                    htmlFor={id(`collection-${i}`)}
                    className="flex cursor-pointer items-start gap-3 text-sm text-ink-800 has-[:disabled]:cursor-not-allowed has-[:disabled]:text-ink-500"
                  >
                    <input
                      id={id(`collection-${i}`)}
                      type="checkbox"
                      name="collection"
                      value={collection}
                      disabled={counts?.collections[collection] === 0 && !draft.collections.includes(collection)}
                      checked={draft.collections.includes(collection)}
                      onChange={() => onChange({ ...draft, collections: toggle(draft.collections, collection) })}
                      className="mt-0.5 size-4 shrink-0 accent-brand-700"
                    />
                    <span>
                      {collection}
                      {counts && <span className="text-ink-600"> ({counts.collections[collection] ?? 0})</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <fieldset>
          <legend className="text-sm font-bold uppercase tracking-wide text-ink-900">Size</legend>
          <ul className="mt-3 flex flex-wrap gap-2">
            {SIZES.map((size) => {
              const checked = draft.sizes.includes(size);
              return (
                <li key={size}>
                  <label
                    htmlFor={id(`size-${size}`)}
                    className={`inline-flex cursor-pointer items-center rounded-full border-2 px-3 py-1.5 text-xs font-bold transition has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                      checked
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-ink-200 bg-white text-ink-800 hover:border-brand-400'
                    }`}
                  >
                    <input
                      id={id(`size-${size}`)}
                      type="checkbox"
                      name="size"
                      value={size}
                      disabled={counts?.sizes[size] === 0 && !checked}
                      checked={checked}
                      onChange={() =>
                        onChange({ ...draft, sizes: SIZES.filter((s) => toggle(draft.sizes, size).includes(s)) })
                      }
                      className="sr-only"
                    />
                    {SIZE_LABELS[size]}
                    {counts && <span className="ml-1 font-medium">({counts.sizes[size]})</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>

        {/* Side by side where they fit on one line each (the dialog), one above the other where not (the sidebar). */}
        <div className="flex flex-wrap gap-3 border-t border-ink-200 pt-5">
          <InPlaceSubmit
            form={id('clear')}
            onSubmitInPlace={onClearAll}
            className={`${btn.secondary} flex-1 whitespace-nowrap px-4`}
          >
            Clear All
          </InPlaceSubmit>
          <button type="submit" className={`${btn.primary} flex-1 whitespace-nowrap px-4`}>
            Apply Filters
          </button>
        </div>
      </form>
    </>
  );
}
