/**
 * The shop's search: one matcher for the header's instant search (GET /api/search) and the listing
 * (/shop?search=, GET /api/products?search=). Pure and dependency-free, so the server and the browser
 * can both run it.
 *
 * Rules:
 * - Text is compared word by word, ignoring case, accents and punctuation ("T-Rex" is "t rex", and also
 *   "trex": adjacent words count joined too).
 * - Plural and singular are the same word ("boxers" finds "boxer", "panties" finds "panty").
 * - Every word of the query must match some word of the product (name, collection or description):
 *   exactly, as the start of a word (the shopper is still typing), inside a word from 3 letters on
 *   ("raptor" finds "Velociraptor"), or with a typo — one edit for words of 5 to 7 letters, two from
 *   8 letters on (a swap of two neighbours is one edit).
 * - Better matches rank first: matches in the name over matches elsewhere, exact words over starts
 *   over typos. Ties keep the catalogue's own order.
 */

export interface SearchableProduct {
  name: string;
  description: string;
  collection?: string | undefined;
}

export interface SearchableCategory {
  name: string;
}

/** A stretch of the name that matched, as [start, end) character offsets: what the screen highlights. */
export type Highlight = readonly [start: number, end: number];

export interface SearchHit<T> {
  item: T;
  score: number;
  /** Matched stretches of the item's name, in order, not overlapping. */
  highlights: Highlight[];
}

interface Word {
  /** Normalised (lowercase, unaccented) and singular. */
  stem: string;
  /** Where the word stands in the original name; absent for words outside the name. */
  range?: Highlight;
  /** Two neighbouring words read as one. */
  joined?: boolean;
}

interface Prepared<T> {
  item: T;
  index: number;
  name: Word[];
  other: Word[];
}

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_QUERY_WORDS = 8;

/** Lowercase, without accents (é → e); one character in, one out, so offsets stay true. */
function fold(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += base.length === 1 ? base : ch;
  }
  return out;
}

/** Singular form of an English word, good enough for a catalogue: boxers → boxer, panties → panty, briefs → brief. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

function words(text: string, keepRanges: boolean): Word[] {
  const folded = fold(text);
  const found: Word[] = [];
  for (const match of folded.matchAll(WORD)) {
    const stem = singular(match[0]);
    found.push(keepRanges ? { stem, range: [match.index, match.index + match[0].length] } : { stem });
  }
  // "T-Rex" is also "trex", "Plate-Mate" also "platemate".
  const joined = found.slice(1).map((word, i): Word => {
    const first = found[i]!;
    const stem = singular(`${first.stem}${word.stem}`);
    return first.range && word.range
      ? { stem, range: [first.range[0], word.range[1]], joined: true }
      : { stem, joined: true };
  });
  return [...found, ...joined];
}

/** Edits allowed between a query word and a product word of this length. */
const allowedEdits = (length: number) => (length >= 8 ? 2 : length >= 5 ? 1 : 0);

/**
 * Optimal string alignment distance (Levenshtein plus swaps of neighbours), giving up past `limit`:
 * the answer is then any number above it.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Each edit changes at most two letter counts: a cheap bound rules out most words before the table.
  if (letterDifference(a, b) > 2 * limit) return limit + 1;
  const width = b.length + 1;
  let prevPrev = new Int32Array(width);
  let prev = Int32Array.from({ length: width }, (_, j) => j);
  let row = new Int32Array(width);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return prev[b.length]!;
}

const counts = new Int32Array(65_536);
/** Sum over characters of |count in a - count in b|. */
function letterDifference(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) counts[a.charCodeAt(i)]!++;
  for (let i = 0; i < b.length; i++) counts[b.charCodeAt(i)]!--;
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    total += Math.abs(counts[a.charCodeAt(i)]!);
    counts[a.charCodeAt(i)] = 0;
  }
  for (let i = 0; i < b.length; i++) {
    total += Math.abs(counts[b.charCodeAt(i)]!);
    counts[b.charCodeAt(i)] = 0;
  }
  return total;
}

const EXACT = 4;
const PREFIX = 3;
const INSIDE = 2.5;
const NO_MATCH: WordMatch = { score: 0, from: 0, to: 0 };

/** How well a query word matches a product word (0: not at all), and which letters of it matched (to = -1: all). */
interface WordMatch {
  score: number;
  from: number;
  to: number;
}
const WHOLE = -1;

function wordMatch(query: string, word: string): WordMatch {
  if (word === query) return { score: EXACT, from: 0, to: WHOLE };
  if (word.startsWith(query)) return { score: PREFIX, from: 0, to: query.length };
  const at = query.length >= 3 ? word.indexOf(query) : -1;
  if (at >= 0) return { score: INSIDE, from: at, to: at + query.length };
  const limit = allowedEdits(query.length);
  if (limit === 0) return NO_MATCH;
  // A typo in the whole word ("raptr" for "raptor"), or in what has been typed of it so far ("velocirp").
  const whole = editDistance(query, word, limit);
  if (whole <= limit) return { score: 2 - whole / (limit + 1), from: 0, to: WHOLE };
  const start = word.length > query.length ? editDistance(query, word.slice(0, query.length), limit) : limit + 1;
  return start <= limit ? { score: 1.5 - start / (limit + 1), from: 0, to: query.length } : NO_MATCH;
}

/** The query's words, normalised and singular; empty when it has none (then nothing matches). */
function queryTerms(query: string): string[] {
  const folded = fold(query);
  return [...new Set(Array.from(folded.matchAll(WORD), (m) => singular(m[0])))].slice(0, MAX_QUERY_WORDS);
}

/** wordMatch for one query word, remembered per product word: the same words recur across products. */
type Scorer = (word: string) => WordMatch;
function scorer(query: string): Scorer {
  const known = new Map<string, WordMatch>();
  return (word) => {
    let found = known.get(word);
    if (found === undefined) {
      found = wordMatch(query, word);
      known.set(word, found);
    }
    return found;
  };
}

/** Best match of a query word among some words: its score and the name stretch it hit. */
function bestIn(scoreOf: Scorer, candidates: readonly Word[]): { score: number; range?: Highlight } {
  let best: { score: number; range?: Highlight } = { score: 0 };
  for (const word of candidates) {
    const found = scoreOf(word.stem);
    if (found.score <= best.score) continue;
    // A joined pair ("trex" in "T-Rex") highlights both words whole.
    const range: Highlight | undefined =
      word.range &&
      (word.joined || found.to === WHOLE ? word.range : [word.range[0] + found.from, word.range[0] + found.to]);
    best = range ? { score: found.score, range } : { score: found.score };
    if (found.score === EXACT) break;
  }
  return best;
}

function mergeRanges(ranges: Highlight[]): Highlight[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function match<T>(prepared: readonly Prepared<T>[], query: string, limit: number): SearchHit<T>[] {
  const terms = queryTerms(query).map(scorer);
  if (terms.length === 0) return [];
  const hits: Array<SearchHit<T> & { index: number }> = [];
  for (const entry of prepared) {
    let score = 0;
    const highlights: Highlight[] = [];
    let all = true;
    for (const term of terms) {
      const inName = bestIn(term, entry.name);
      const elsewhere = inName.score === EXACT ? { score: 0 } : bestIn(term, entry.other);
      if (inName.score === 0 && elsewhere.score === 0) {
        all = false;
        break;
      }
      // A word found in the name weighs double.
      score += Math.max(inName.score * 2, elsewhere.score);
      if (inName.range && inName.score > 0) highlights.push(inName.range);
    }
    if (all) hits.push({ item: entry.item, score, highlights: mergeRanges(highlights), index: entry.index });
  }
  hits.sort((a, b) => b.score - a.score || a.index - b.index);
  return hits.slice(0, limit).map(({ item, score, highlights }) => ({ item, score, highlights }));
}

export interface Matcher<T> {
  /** Items matching every word of the query, best first; at most `limit`. */
  search(query: string, limit?: number): SearchHit<T>[];
}

/** Prepares products once (their words), so each query only compares words. Keeps the given order for ties. */
export function productMatcher<T extends SearchableProduct>(products: readonly T[]): Matcher<T> {
  const prepared = products.map((item, index) => ({
    item,
    index,
    name: words(item.name, true),
    other: words(`${item.collection ?? ''} ${item.description}`, false),
  }));
  return { search: (query, limit = Number.POSITIVE_INFINITY) => match(prepared, query, limit) };
}

/** Categories match on their name only. */
export function categoryMatcher<T extends SearchableCategory>(categories: readonly T[]): Matcher<T> {
  const prepared = categories.map((item, index) => ({ item, index, name: words(item.name, true), other: [] }));
  return { search: (query, limit = Number.POSITIVE_INFINITY) => match(prepared, query, limit) };
}
