import { useRef } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { activeChips, clearAll, removeChip } from '../../../lib/filters.ts';
import type { ListingState } from '../../../../contracts/listing-query.ts';
import type { ProductListResult } from './product-list.ts';
import { ListingButton } from './listing-button.tsx';

/** Above the grid: how many products show, and a chip per active search or filter that removes it. */
export function ActiveFilters({
  state,
  status,
  shown,
  onChange,
}: {
  state: ListingState;
  status: ProductListResult['status'];
  shown: number;
  onChange: (next: ListingState) => void;
}) {
  const chips = activeChips(state);
  const count = useRef<HTMLParagraphElement>(null);
  // A chip takes itself away when chosen: focus goes to the count it changed, not to the page's start.
  const change = (next: ListingState) => {
    onChange(next);
    count.current?.focus();
  };
  return (
    <div className="flex min-h-10 flex-wrap items-center gap-2">
      <p
        ref={count}
        tabIndex={-1}
        className="mr-2 rounded text-sm font-semibold text-ink-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        aria-live="polite"
        data-testid="product-count"
      >
        {status === 'pending'
          ? 'Loading products…'
          : status === 'error'
            ? ''
            : `Showing ${shown} ${shown === 1 ? 'product' : 'products'}`}
      </p>
      {chips.length > 0 && (
        <>
          <ul className="flex flex-wrap gap-2" aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.id}>
                <ListingButton
                  to={removeChip(state, chip.id)}
                  onClick={() => change(removeChip(state, chip.id))}
                  className="inline-flex items-center gap-1.5 rounded-full bg-brand-100 py-1.5 pl-3 pr-2 text-xs font-bold text-brand-900 hover:bg-brand-200"
                >
                  {chip.label}
                  <CloseIcon className="size-3.5" />
                  <span className="sr-only">(remove)</span>
                </ListingButton>
              </li>
            ))}
          </ul>
          <ListingButton
            to={clearAll(state)}
            onClick={() => change(clearAll(state))}
            className="rounded-full px-2 py-1 text-xs font-bold text-accent-700 underline underline-offset-2 hover:text-accent-800"
          >
            Clear all
          </ListingButton>
        </>
      )}
    </div>
  );
}
