import type { ReactNode } from 'react';
import { formatMoney } from '../../../contracts/money-format.ts';
import type { Highlight } from '../../../contracts/search.ts';
import { highlightParts } from '../../lib/highlight.ts';
import type { SearchOption } from './search-options.ts';

interface SuggestionsProps {
  listId: string;
  options: readonly SearchOption[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (option: SearchOption) => void;
  onHover: (index: number) => void;
}

function Highlighted({ text, ranges }: { text: string; ranges: readonly Highlight[] }) {
  return (
    <>
      {highlightParts(text, ranges).map((part, i) =>
        part.matched ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 font-bold text-ink-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The header search's popup: a listbox whose options the input points at with aria-activedescendant
 * (focus stays in the input). Loaded with the first suggestions, so it costs nothing on first load.
 */
export default function SearchSuggestions({ listId, options, active, optionId, onChoose, onHover }: SuggestionsProps) {
  const products = options.flatMap((option, index) => (option.kind === 'product' ? [{ option, index }] : []));
  const categories = options.flatMap((option, index) => (option.kind === 'category' ? [{ option, index }] : []));
  const all = options.flatMap((option, index) => (option.kind === 'all' ? [{ option, index }] : []))[0];

  const item = (index: number, content: ReactNode, extra = '') => (
    <div
      key={options[index]!.key}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      // Keeps focus in the input: the click chooses, the input never blurs.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(options[index]!)}
      onMouseMove={() => index !== active && onHover(index)}
      className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm text-ink-800 ${index === active ? 'bg-brand-100 text-ink-900' : ''} ${extra}`}
    >
      {content}
    </div>
  );

  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Search suggestions"
      className="absolute right-0 top-full z-50 mt-2 max-h-[70vh] w-[min(26rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-ink-200 bg-white p-2 shadow-xl"
    >
      {products.length === 0 && categories.length === 0 && (
        <p className="px-3 py-2 text-sm text-ink-700">No products or categories match.</p>
      )}
      {products.length > 0 && (
        <div role="group" aria-label="Products">
          {products.map(({ option, index }) =>
            option.kind === 'product'
              ? item(
                  index,
                  <>
                    <img
                      src={option.product.imageUrl}
                      alt=""
                      width={44}
                      height={44}
                      className="size-11 shrink-0 rounded-lg bg-cream object-contain"
                    />
                    <span className="line-clamp-2 min-w-0 flex-1">
                      <Highlighted text={option.product.name} ranges={option.product.highlights} />
                    </span>
                    <span className="shrink-0 font-semibold text-brand-800">{formatMoney(option.product.price)}</span>
                  </>,
                )
              : null,
          )}
        </div>
      )}
      {categories.length > 0 && (
        <div role="group" aria-label="Categories" className="mt-1 border-t border-ink-100 pt-1">
          {categories.map(({ option, index }) =>
            option.kind === 'category'
              ? item(
                  index,
                  <span>
                    Category: <Highlighted text={option.category.name} ranges={option.category.highlights} />
                  </span>,
                )
              : null,
          )}
        </div>
      )}
      {all &&
        item(
          all.index,
          <span className="font-semibold text-brand-800">See all results for “{all.option.query}”</span>,
          'mt-1',
        )}
    </div>
  );
}
