import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD_CENTS, PROMO_CODE, SHIPPING_CENTS } from '../../../contracts/cart-rules.ts';
import { EXPEDITED_SHIPPING_CENTS } from '../../../contracts/shipping-offer.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every source file of the storefront (its components, pages, features, lib and server side). */
const storefrontSources = (): string[] =>
  readdirSync(path.join(ROOT, 'storefront'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));

/** Comments say why and may name an example amount; only code and the words on screen are checked. */
const withoutComments = (code: string) =>
  code
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The shop's money rules as numbers someone might type: the threshold and the shipping prices, in cents and in dollars. */
const RULE_AMOUNTS = [FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_CENTS, EXPEDITED_SHIPPING_CENTS].flatMap((cents) => [
  String(cents),
  String(cents / 100),
]);
const RULE_NUMBER = new RegExp(`(?<![\\w.])(${RULE_AMOUNTS.map((n) => n.replace('.', '\\.')).join('|')})(?![\\w.])`);

const LITERALS: ReadonlyArray<{ what: string; test: (line: string) => boolean }> = [
  { what: 'a dollar amount', test: (line) => /\$\d/.test(line) },
  // Two decimals, as money is written ('50.00', '24.99'); not a Tailwind value in brackets or after a slash.
  { what: 'a decimal amount', test: (line) => /(?<![\w.[/-])\d+\.\d\d(?![\w.%\]])/.test(line) },
  { what: 'the promo code', test: (line) => line.includes(PROMO_CODE) },
  { what: 'a shipping rule as a number', test: (line) => /ship|free/i.test(line) && RULE_NUMBER.test(line) },
];

/** Where a price, the threshold or the code is typed into storefront code, as "file:line: what". */
function typedPrices(files: ReadonlyArray<{ file: string; code?: string }>): string[] {
  return files.flatMap(({ file, code = readFileSync(path.join(ROOT, file), 'utf8') }) =>
    withoutComments(code)
      .split('\n')
      .flatMap((line, index) =>
        LITERALS.filter(({ test }) => test(line)).map(({ what }) => `${file}:${index + 1}: ${what}`),
      ),
  );
}

describe('prices and the free-shipping threshold in the storefront', () => {
  it('given the storefront sources, when they are read, then none types in a price, the threshold or the promo code', () => {
    expect(typedPrices(storefrontSources().map((file) => ({ file })))).toEqual([]);
  });

  it('given each kind of typed-in amount, when the check reads it, then it is found (the check can fail)', () => {
    const found = (code: string) => typedPrices([{ file: 'storefront/x.tsx', code }]);
    expect(found('<p>Free shipping over $50</p>')).toContain('storefront/x.tsx:1: a dollar amount');
    expect(found("const cost = '$12.99';")).toContain('storefront/x.tsx:1: a dollar amount');
    expect(found('<p>Free shipping on orders of 50.00 or more.</p>')).toEqual(['storefront/x.tsx:1: a decimal amount']);
    expect(found("total: '0.00',")).toEqual(['storefront/x.tsx:1: a decimal amount']);
    expect(found('<p>Use code DINOBOOTY</p>')).toEqual(['storefront/x.tsx:1: the promo code']);
    expect(found('const freeFrom = 5000;')).toEqual(['storefront/x.tsx:1: a shipping rule as a number']);
    expect(found('if (subtotal >= 50) shipping = 0;')).toEqual(['storefront/x.tsx:1: a shipping rule as a number']);
    expect(found('const shipping = 599;')).toEqual(['storefront/x.tsx:1: a shipping rule as a number']);
  });

  it('given code that only looks like money, when the check reads it, then nothing is found', () => {
    const found = (code: string) => typedPrices([{ file: 'storefront/x.tsx', code }]);
    expect(found('<h2 className="leading-[1.05] shadow-[0_-8px_24px_-12px_rgb(16_24_40/0.15)] py-0.5">')).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test, not a template.
    expect(found('const label = `${formatCents(cents)} off`;')).toEqual([]);
    expect(found('// Free shipping from $50: an example in a comment\nconst duration = 5000;')).toEqual([]);
    expect(found('/** e.g. $20.00 */ const x = 1;')).toEqual([]);
    expect(found("const url = 'https://example.test/50'; // $50")).toEqual([]);
  });
});
