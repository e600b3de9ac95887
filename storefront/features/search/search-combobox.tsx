import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchResult } from '../../../contracts/search.ts';
import { clipSearchText } from '../../../contracts/search-text.ts';
import { suggestionsAnnouncement } from '../../lib/highlight.ts';
import { SearchField } from './search-field.tsx';
import { type SearchOption, searchOptions } from './search-options.ts';
import { SHOP_PATH } from '../../../contracts/shop-paths.ts';

/** Suggestions follow the box this long after the last keystroke. */
const SUGGEST_DEBOUNCE_MS = 300;

// The fetch (with valibot) and the popup load with the first suggestions.
const loadFetch = () => import('./search.fetch.ts');
const SearchSuggestions = lazy(() => import('./search-suggestions.tsx'));

/**
 * The header search as a combobox (the WAI-ARIA pattern), loaded when the shopper first reaches for
 * the plain search form (header-search.tsx), which it replaces. Suggestions come
 * after a pause in typing; the arrow keys move through them (focus stays in the box,
 * aria-activedescendant names the current one); Enter opens the current one — or, with none chosen,
 * submits the form to the listing searched for the text; Escape closes the list, then clears the
 * box. A live region says what was found.
 */
interface SearchComboboxProps {
  className?: string;
  fieldClassName?: string | undefined;
  /** What the plain box it replaces holds at that moment. */
  initialValue: () => string;
}

export default function SearchCombobox({ className = '', fieldClassName, initialValue }: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [value, setValue] = useState(initialValue);
  const [result, setResult] = useState<SearchResult | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const lastQuery = useRef('');
  const input = useRef<HTMLInputElement>(null);

  // It replaces the plain box the shopper focused: the text moves over, and so do focus and caret if the
  // shopper is still there (removing the focused plain box left focus on the body; one who tabbed on
  // while this loaded keeps their place). In the commit, not after paint: keys pressed while the swap
  // rendered went into the plain box (read again here), and a key pressed after it must find this box
  // focused, or it is lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; later renders are the combobox's own.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    const typed = initialValue();
    if (typed !== box.value) setValue(typed);
    const focused = document.activeElement;
    if (focused !== null && focused !== document.body) return;
    box.focus();
    box.setSelectionRange(typed.length, typed.length);
  }, []);

  useEffect(() => {
    const query = value.trim();
    if (query === lastQuery.current) return;
    if (query === '') {
      lastQuery.current = '';
      setResult(null);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadFetch()
        .then(({ fetchSuggestions }) => fetchSuggestions(query, controller.signal))
        .then((found) => {
          lastQuery.current = query;
          setResult(found);
          setActive(-1);
          setOpen(true);
          setAnnouncement(suggestionsAnnouncement(query, found.products.length, found.categories.length));
        })
        // A stale request was cancelled, or the network failed: the box still submits to /shop.
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const options: SearchOption[] = result ? searchOptions(result) : [];
  const expanded = open && options.length > 0;

  const choose = (option: SearchOption) => {
    setOpen(false);
    window.location.assign(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) setOpen(true);
        setActive((i) => (i + 1) % count);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) setOpen(true);
        setActive((i) => (i <= 0 ? count - 1 : i - 1));
        return;
      case 'Enter': {
        const option = expanded ? options[active] : undefined;
        // Without a current option the form submits: GET /shop?search=...
        if (option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          setValue('');
        }
        return;
    }
  };

  return (
    <form role="search" action={SHOP_PATH} method="get" className={`relative ${className}`}>
      <SearchField
        id={`${id}-input`}
        ref={input}
        className={fieldClassName}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => setValue(clipSearchText(event.target.value))}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (result && value.trim() === lastQuery.current) setOpen(true);
        }}
        onBlur={() => setOpen(false)}
      />
      {expanded && (
        <Suspense fallback={null}>
          <SearchSuggestions
            listId={listId}
            options={options}
            active={active}
            optionId={optionId}
            onChoose={choose}
            onHover={setActive}
          />
        </Suspense>
      )}
      <div role="status" className="sr-only">
        {announcement}
      </div>
    </form>
  );
}
