import { describe, expect, it } from 'vitest';
import { answerKey } from '../../../server/answer-cache/answer-key.ts';

describe('answer key: pages', () => {
  it('drops every query parameter a page does not read', () => {
    expect(answerKey('/')).toBe('/');
    expect(answerKey('/?utm_source=news&utm_medium=email')).toBe('/');
    expect(answerKey('/product/t-rex-trunks?fbclid=abc&gclid=def')).toBe('/product/t-rex-trunks');
    expect(answerKey('/faq?search=rex')).toBe('/faq');
    // Track Order fills in the number a mail's link names; nothing else of its query.
    expect(answerKey('/track-order?number=%23DINO-123456&utm_source=mail')).toBe('/track-order?number=%23DINO-123456');
    expect(answerKey('/track-order?number=+&utm_source=mail')).toBe('/track-order');
  });

  it('keeps a listing’s own parameters, normalised, and drops the rest', () => {
    expect(answerKey('/shop?utm_campaign=x&sort=price_asc&search=%20rex%20')).toBe(
      answerKey('/shop?search=rex&sort=price_asc'),
    );
    expect(answerKey('/shop?search=rex')).toBe('/shop?search=rex');
    expect(answerKey('/shop?sort=featured&whatever=1')).toBe('/shop');
    expect(answerKey('/category/briefs?size=XL&size=M&gclid=1')).toBe(answerKey('/category/briefs?size=M&size=XL'));
  });

  it('keeps the variant a product page preselects (a known size, a colour), in a stable order', () => {
    expect(answerKey('/product/t-rex-trunks?utm_source=x&color=Midnight%20Meteor&size=M')).toBe(
      '/product/t-rex-trunks?size=M&color=Midnight+Meteor',
    );
    expect(answerKey('/product/t-rex-trunks?size=HUGE')).toBe('/product/t-rex-trunks');
    expect(answerKey(`/product/t-rex-trunks?color=${'x'.repeat(500)}`)).toBe('/product/t-rex-trunks');
  });

  it('cannot be grown by random values of parameters a page ignores', () => {
    const keys = new Set(Array.from({ length: 1000 }, (_, i) => answerKey(`/shop?utm_source=${i}&x${i}=${i}`)));
    expect(keys).toEqual(new Set(['/shop']));
  });
});

describe('answer key: the catalogue API', () => {
  it('keeps the parameters a route declares, as written, in a stable order, and drops the rest', () => {
    expect(answerKey('/api/products?utm_source=x&sort=price_asc&search=Rex')).toBe(
      '/api/products?search=Rex&sort=price_asc',
    );
    expect(answerKey('/api/products?sort=price_asc&search=Rex&fbclid=1')).toBe(
      answerKey('/api/products?search=Rex&sort=price_asc'),
    );
    expect(answerKey('/api/search?q=t%20rex&gclid=2')).toBe('/api/search?q=t%20rex');
    expect(answerKey('/api/products/bestsellers?anything=1')).toBe('/api/products/bestsellers');
  });

  it('never rewrites a value, so what the route validates is what the key names', () => {
    // A refused value (a sort nobody offers, a parameter given twice) keeps a key of its own.
    expect(answerKey('/api/products?sort=sideways')).toBe('/api/products?sort=sideways');
    expect(answerKey('/api/products?sort=price_asc&sort=name_asc')).toBe('/api/products?sort=price_asc&sort=name_asc');
    expect(answerKey('/api/products?search=a+b')).not.toBe(answerKey('/api/products?search=a%2Bb'));
  });

  it('cannot be grown by parameters the API ignores', () => {
    const keys = new Set(Array.from({ length: 1000 }, (_, i) => answerKey(`/api/products?sort=price_asc&x${i}=${i}`)));
    expect(keys).toEqual(new Set(['/api/products?sort=price_asc']));
  });
});
