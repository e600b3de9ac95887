/** How long a search text may be, in characters as a reader counts them. Kept apart from the schemas so pages can use it without loading valibot. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * A search box's `maxlength`. The browser counts UTF-16 code units, not characters (an emoji is two
 * to eleven), so this is only a backstop for a form sent without JavaScript, with room for the limit
 * in characters of up to four units each (flags, emoji with a skin tone); the page then cuts the text
 * with `clipSearchText`. With JavaScript the box cuts what is typed with it as well.
 */
export const SEARCH_MAX_CODE_UNITS = SEARCH_MAX_LENGTH * 4;

/** A search text cut to that limit, never inside a character (a link may carry a longer one). */
export function clipSearchText(text: string): string {
  if (text.length <= SEARCH_MAX_LENGTH) return text;
  let clipped = '';
  let count = 0;
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    if (count++ === SEARCH_MAX_LENGTH) break;
    clipped += segment;
  }
  return clipped;
}
