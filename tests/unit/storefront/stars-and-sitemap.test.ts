import { describe, expect, it } from 'vitest';
import type { CatalogueReader } from '../../../projections/catalogue/catalogue.reader.ts';
import { starParts } from '../../../storefront/components/stars.tsx';
import { renderRobotsTxt, renderSitemap, STATIC_ROUTES } from '../../../storefront/sitemap.ts';

describe('star rating', () => {
  it('splits a rating into full, half and empty stars', () => {
    expect(starParts(5)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(4.5)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starParts(3.5)).toEqual({ full: 3, half: true, empty: 1 });
    expect(starParts(3.2)).toEqual({ full: 3, half: false, empty: 2 });
    expect(starParts(3.8)).toEqual({ full: 4, half: false, empty: 1 });
    expect(starParts(0)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starParts(9)).toEqual({ full: 5, half: false, empty: 0 });
  });
});

describe('sitemap', () => {
  const catalogue = {
    categories: () => [{ id: 1, slug: 'raptor', name: 'Raptor', description: '', imageUrl: '' }],
    products: () => [
      {
        id: 1,
        slug: 'a&b',
        name: 'A',
        description: '',
        price: '1.00',
        imageUrl: '',
        bestSeller: false,
        featured: false,
        variants: [],
      },
    ],
  } satisfies Pick<CatalogueReader, 'categories' | 'products'>;
  const reader: CatalogueReader = {
    version: 1,
    ...catalogue,
    category: () => undefined,
    productsInCategory: () => undefined,
    bestsellers: () => [],
    stockOf: () => undefined,
    product: () => undefined,
    productById: () => undefined,
    variants: () => [],
    variant: () => undefined,
    testimonials: () => [],
    search: () => ({ products: [], categories: [] }),
  };

  it('lists static pages, categories and products under the origin', () => {
    const xml = renderSitemap(reader, 'https://shop.example/');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    for (const route of STATIC_ROUTES) expect(xml).toContain(`<loc>https://shop.example${route}</loc>`);
    expect(xml).toContain('<loc>https://shop.example/category/raptor</loc>');
    expect(xml).toContain('<loc>https://shop.example/product/a%26b</loc>');
    expect(xml).not.toContain('/cart<');
  });

  it('writes robots.txt with an absolute sitemap URL', () => {
    expect(renderRobotsTxt('https://shop.example')).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});
