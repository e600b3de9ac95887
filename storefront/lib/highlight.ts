/** A matched stretch of text, [start, end) in characters. */
export interface TextRange {
  start: number;
  end: number;
}

export interface TextPart {
  text: string;
  matched: boolean;
}

/** Splits text into plain and matched parts (ranges sorted, non-overlapping; out-of-range ends are clipped). */
export function highlightParts(text: string, ranges: readonly TextRange[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const range of ranges) {
    const start = Math.max(at, Math.min(range.start, text.length));
    const end = Math.max(start, Math.min(range.end, text.length));
    if (start > at) parts.push({ text: text.slice(at, start), matched: false });
    if (end > start) parts.push({ text: text.slice(start, end), matched: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), matched: false });
  return parts;
}

/** What a screen reader hears when the suggestions change. */
export function suggestionsAnnouncement(query: string, products: number, categories: number): string {
  if (products === 0 && categories === 0) return `No matches for “${query}”`;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const found = [
    products > 0 ? count(products, 'product', 'products') : '',
    categories > 0 ? count(categories, 'category', 'categories') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `${found} found. Use the up and down arrows to choose, Enter to open.`;
}
