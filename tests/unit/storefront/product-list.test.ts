import { describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/catalogue.ts';
import { productListFor, productListQuery } from '../../../storefront/features/catalogue/listing/product-list.ts';

const product = (id: number): Product => ({
  id,
  name: `Product ${id}`,
  slug: `product-${id}`,
  description: '',
  price: '10.00',
  imageUrl: `/images/products/product-${id}.svg`,
  featured: false,
  bestSeller: false,
  variants: [],
});

describe("/shop's product list", () => {
  it('asks the API with the search and the sort it has, and nothing for the defaults', () => {
    expect(productListQuery({ search: '', sort: undefined })).toBe('');
    expect(productListQuery({ search: 'lace', sort: undefined })).toBe('search=lace');
    expect(productListQuery({ search: 'tiny arms', sort: 'price_asc' })).toBe('search=tiny+arms&sort=price_asc');
  });

  it("shows the page data's list for the query the page was served for, without fetching", () => {
    const served = { query: 'search=lace', products: [product(1)] };
    expect(productListFor('search=lace', served, null)).toEqual({ status: 'success', products: [product(1)] });
    // A fetch for another query does not replace it.
    expect(productListFor('search=lace', served, { query: '', products: [product(2)] })).toEqual({
      status: 'success',
      products: [product(1)],
    });
  });

  it('is pending for another query until its own fetch answers, then shows that answer or the failure', () => {
    const served = { query: '', products: [product(1)] };
    expect(productListFor('sort=newest', served, null)).toEqual({ status: 'pending' });
    expect(productListFor('sort=newest', served, { query: 'search=lace', products: [product(2)] })).toEqual({
      status: 'pending',
    });
    expect(productListFor('sort=newest', served, { query: 'sort=newest', products: [product(3)] })).toEqual({
      status: 'success',
      products: [product(3)],
    });
    expect(productListFor('sort=newest', served, { query: 'sort=newest', failed: true })).toEqual({ status: 'error' });
  });
});
