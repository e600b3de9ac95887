import { catalogue } from '../../seed/catalogue.data.ts';

/**
 * What shoppers type into the header's instant search, as distinct queries: the box asks at each pause
 * while typing, so prefixes of what they mean to find; typos (a letter dropped, doubled, swapped with its
 * neighbour or hit beside it on the keyboard); plurals and singulars; two words, the second still being
 * typed; capitals; and words the shop has no match for. Every query in the list is distinct, so as long as
 * a run sends each once, no answer can come from the answer cache (which keys on the query as written).
 *
 * Deterministic (a seeded shuffle): two runs send the same queries in the same order.
 */

/** The kinds of query, and the share of the list each makes (typing dominates: one search is many requests). */
const SHARES = { prefix: 40, typo: 25, plural: 10, twoWords: 15, noMatch: 10 } as const;
export type QueryKind = keyof typeof SHARES;

const NO_MATCH = [
  'socks',
  'hat',
  'zebra',
  'swimsuit',
  'pajamas',
  'onesie',
  'mammoth',
  'unicorn',
  'gift card',
  'slippers',
  'scarf',
  'belt',
  'gloves',
  'sandals',
  'hoodie',
  'beanie',
  'leggings',
  'kimono',
  'jumper',
  'apron',
  'umbrella',
  'wallet',
  'necklace',
  'earrings',
  'raincoat',
  'tuxedo',
  'overalls',
  'poncho',
  'mittens',
  'backpack',
  'sweater',
  'cardigan',
  'blazer',
  'trousers',
  'jeans',
  'sneakers',
  'boots',
  'tie',
  'cap',
  'mug',
];
const SHOPPER_WORDS = [
  'dino',
  'dinosaur',
  'boxers',
  'briefs',
  'lace',
  'thong',
  'bralette',
  'shorts',
  'trunks',
  'panties',
  'silk',
  'satin',
  'red',
  'pink',
  'black',
  'green',
  'blue',
  'gold',
  'cheeky',
  'comfy',
  'funny',
  'gift',
  'xl',
  'small',
  'large',
];
const KEYBOARD_NEIGHBOURS: Record<string, string> = {
  a: 'sq',
  b: 'vn',
  c: 'xv',
  d: 'sf',
  e: 'wr',
  f: 'dg',
  g: 'fh',
  h: 'gj',
  i: 'uo',
  j: 'hk',
  k: 'jl',
  l: 'k',
  m: 'n',
  n: 'bm',
  o: 'ip',
  p: 'o',
  q: 'w',
  r: 'et',
  s: 'ad',
  t: 'ry',
  u: 'yi',
  v: 'cb',
  w: 'qe',
  x: 'zc',
  y: 'tu',
  z: 'x',
};

/** mulberry32: a small seeded PRNG, so the list is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3);

function vocabulary(): { words: string[]; phrases: string[][] } {
  const phrases = [...catalogue.products.map((p) => p.name), ...catalogue.categories.map((c) => c.name)]
    .map(words)
    .filter((p) => p.length > 0);
  return { words: [...new Set([...phrases.flat(), ...SHOPPER_WORDS])], phrases };
}

function typos(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) {
    out.push(word.slice(0, i) + word.slice(i + 1));
    out.push(word.slice(0, i + 1) + word[i] + word.slice(i + 1));
    if (i + 1 < word.length) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const near of KEYBOARD_NEIGHBOURS[word[i]!] ?? '') out.push(word.slice(0, i) + near + word.slice(i + 1));
  }
  return out.filter((t) => t.length >= 2 && t !== word);
}

const plurals = (word: string) => (word.endsWith('s') ? [word.slice(0, -1), `${word}es`] : [`${word}s`, `${word}es`]);
const prefixes = (text: string, from = 2) =>
  Array.from({ length: Math.max(0, text.length - from + 1) }, (_, i) => text.slice(0, from + i));
const capitalised = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** Every candidate of each kind (with repeats across kinds; the list keeps the first). */
function candidates(): Record<QueryKind, string[]> {
  const { words: vocab, phrases } = vocabulary();
  const prefix: string[] = [];
  for (const phrase of phrases) {
    const text = phrase.join(' ');
    prefix.push(...prefixes(text), ...prefixes(text).map(capitalised));
    for (let i = 1; i < phrase.length; i++) prefix.push(...prefixes(phrase.slice(i).join(' ')));
  }
  for (const word of vocab) prefix.push(...prefixes(word), ...prefixes(capitalised(word)));
  const typo = vocab.flatMap((w) => [...typos(w), ...typos(w).map(capitalised)]);
  const plural = vocab.flatMap((w) => [...plurals(w), ...plurals(w).map(capitalised)]);
  const twoWords: string[] = [];
  for (const a of vocab) {
    for (const b of vocab) {
      if (a === b) continue;
      // Still typing the second word; both typed; a typo or a plural in the second.
      prefix.push(...prefixes(b, 1).map((p) => `${a} ${p}`));
      twoWords.push(`${a} ${b}`, capitalised(`${a} ${b}`));
      typo.push(...typos(b).map((t) => `${a} ${t}`));
      plural.push(...plurals(b).map((p) => `${a} ${p}`));
    }
  }
  const noMatch = NO_MATCH.flatMap((w) => [
    w,
    ...prefixes(w),
    ...typos(w),
    ...plurals(w),
    capitalised(w),
    ...vocab.flatMap((v) => [`${v} ${w}`, `${w} ${v}`, capitalised(`${v} ${w}`)]),
  ]);
  return { prefix, typo, plural, twoWords, noMatch };
}

let cached: string[] | undefined;

/**
 * The list, kinds interleaved in their shares (the first hundred queries hold 40 prefixes, 25 typos ...),
 * each kind's candidates in a seeded random order; a query already in the list is skipped. About 50,000
 * queries: enough for 500 queries/s for 100 s, each sent once.
 */
export function searchQueries(): string[] {
  if (cached) return cached;
  const rand = random(47);
  const pools = Object.fromEntries(
    Object.entries(candidates()).map(([k, list]) => [k, shuffled(list, rand)]),
  ) as Record<QueryKind, string[]>;
  const cursors: Record<QueryKind, number> = { prefix: 0, typo: 0, plural: 0, twoWords: 0, noMatch: 0 };
  const seen = new Set<string>();
  const out: string[] = [];
  const kinds = Object.keys(SHARES) as QueryKind[];
  for (let exhausted = false; !exhausted; ) {
    exhausted = true;
    for (const kind of kinds) {
      for (let n = 0; n < SHARES[kind]; n++) {
        const pool = pools[kind];
        while (cursors[kind] < pool.length && seen.has(pool[cursors[kind]]!)) cursors[kind]++;
        if (cursors[kind] >= pool.length) continue;
        exhausted = false;
        const q = pool[cursors[kind]++]!;
        seen.add(q);
        out.push(q);
      }
    }
    // Stop once a kind runs dry: past that point the mix would no longer hold its shares.
    if (kinds.some((k) => cursors[k] >= pools[k].length)) break;
  }
  cached = out;
  return out;
}

/** `/api/search?q=...` as the storefront's search box sends it. */
export const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;
