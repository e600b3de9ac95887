import type { ComponentProps } from 'react';
import { SEARCH_MAX_CODE_UNITS } from '../../../contracts/search-text.ts';

/** The header search's labelled text box, the same in the plain form and in the combobox. */
/** `className` sets its width (default: a fixed width for the desktop header). */
export function SearchField({ id, className = 'w-48 lg:w-64', ...props }: ComponentProps<'input'> & { id: string }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search the shop
      </label>
      <input
        id={id}
        name="search"
        type="search"
        autoComplete="off"
        maxLength={SEARCH_MAX_CODE_UNITS}
        // No ellipsis: this is in every page, and one character outside Latin-1 makes the server hold
        // the page's whole HTML as two-byte text.
        placeholder="Search dino undies"
        className={`h-10 rounded-full border border-ink-200 bg-white px-4 text-sm text-ink-900 placeholder:text-ink-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 ${className}`}
        {...props}
      />
    </>
  );
}
