import { describe, expect, it } from 'vitest';
import { answersShowingStockOf } from '../../../server/answer-cache/stock-answers.ts';

describe('the answers a stock movement makes wrong', () => {
  const shows = answersShowingStockOf([{ id: 1, slug: 'rex-thong' }]);

  it.each([
    // Lists carry every listed product's variants, whichever moved.
    '/api/products',
    '/api/products?category=thongs&sort=price-asc',
    '/api/products/',
    '/api/products/bestsellers',
    '/api/products/category/thongs',
    // The moved product, by slug or id, however the path writes it.
    '/api/products/rex-thong',
    '/api/products/%72ex-thong',
    '/api/products/1/variants',
    '/api/products/1/variants/',
    '/api/products/01/variants',
    '/%70roduct/rex-thong',
    '/product/rex-thong',
    '/product/rex-thong?size=M&color=Green',
    '/products/rex-thong/',
    // Not known to be free of stock: an answer of a route added later goes too.
    '/api/search?q=rex',
    '/api/something-new',
  ])('%s goes', (key) => expect(shows(key)).toBe(true));

  it.each([
    '/api/products/trike',
    '/api/products/2/variants',
    '/api/categories',
    '/api/categories/thongs',
    '/api/testimonials',
    '/product/trike',
    '/shop',
    '/',
    '/category/thongs',
    '/faq',
  ])('%s stays', (key) => expect(shows(key)).toBe(false));
});
