import { lazy, startTransition, Suspense, useEffect, useId, useRef, useState } from 'react';
import { SearchField } from './search-field.tsx';
import { SHOP_PATH } from '../../../contracts/shop-paths.ts';

const loadCombobox = () => import('./search-combobox.tsx');
const SearchCombobox = lazy(loadCombobox);

/**
 * The header search. On the page it is a plain GET form to /shop?search=..., which works without
 * JavaScript. The first time the shopper points at it or focuses it, the combobox (instant
 * suggestions, keyboard navigation; features/search/) loads and takes its place with the text typed
 * so far and the focus — so none of it is first-load JavaScript. The swap is a transition: the plain
 * box stays on screen, focused and taking keystrokes, until the combobox is ready.
 */
export function HeaderSearch({
  className = '',
  fieldClassName,
  autoFocus = false,
}: {
  className?: string;
  fieldClassName?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const plainBox = useRef<HTMLInputElement>(null);
  // The plain box itself, kept past its unmount: the combobox reads what was typed into it until the swap.
  const typedInto = useRef<HTMLInputElement | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  // Opened on demand (the phone's search row): focusing the box brings the combobox, as a click would.
  useEffect(() => {
    if (autoFocus) plainBox.current?.focus();
  }, [autoFocus]);
  return (
    <Suspense fallback={null}>
      {enhanced ? (
        <SearchCombobox
          className={className}
          fieldClassName={fieldClassName}
          initialValue={() => typedInto.current?.value ?? ''}
        />
      ) : (
        <form role="search" action={SHOP_PATH} method="get" className={`relative ${className}`}>
          <SearchField
            id={`${id}-plain`}
            ref={plainBox}
            className={fieldClassName}
            onPointerEnter={() => void loadCombobox()}
            onFocus={(event) => {
              typedInto.current = event.currentTarget;
              startTransition(() => setEnhanced(true));
            }}
          />
        </form>
      )}
    </Suspense>
  );
}
