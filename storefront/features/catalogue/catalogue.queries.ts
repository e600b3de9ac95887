import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { Category, Product, Testimonial, Variant, type ProductSort } from '../../../contracts/catalogue.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

/**
 * Query options for every catalogue read. The server's +data hooks fill the same keys
 * (see catalogue.prefill.ts), so the browser's useQuery finds the data and does not refetch on load.
 */
export interface ProductListParams {
  search: string;
  sort: ProductSort | undefined;
}

export const catalogueKeys = {
  categories: ['categories'] as const,
  category: (slug: string) => ['categories', slug] as const,
  products: (params: ProductListParams) => ['products', 'list', { search: params.search, sort: params.sort ?? null }] as const,
  categoryProducts: (slug: string) => ['products', 'category', slug] as const,
  bestsellers: ['products', 'bestsellers'] as const,
  product: (slug: string) => ['products', 'detail', slug] as const,
  variants: (productId: number) => ['variants', productId] as const,
  testimonials: ['testimonials'] as const,
};

const enc = encodeURIComponent;

export const categoriesQuery = () =>
  queryOptions({ queryKey: catalogueKeys.categories, queryFn: () => apiFetch('/api/categories', v.array(Category)) });

export const categoryQuery = (slug: string) =>
  queryOptions({ queryKey: catalogueKeys.category(slug), queryFn: () => apiFetch(`/api/categories/${enc(slug)}`, Category) });

export const productsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: catalogueKeys.products(params),
    queryFn: () => {
      const query = new URLSearchParams();
      if (params.search) query.set('search', params.search);
      if (params.sort) query.set('sort', params.sort);
      const qs = query.toString();
      return apiFetch(`/api/products${qs ? `?${qs}` : ''}`, v.array(Product));
    },
  });

export const categoryProductsQuery = (slug: string) =>
  queryOptions({
    queryKey: catalogueKeys.categoryProducts(slug),
    queryFn: () => apiFetch(`/api/products/category/${enc(slug)}`, v.array(Product)),
  });

export const bestsellersQuery = () =>
  queryOptions({ queryKey: catalogueKeys.bestsellers, queryFn: () => apiFetch('/api/products/bestsellers', v.array(Product)) });

export const productQuery = (slug: string) =>
  queryOptions({ queryKey: catalogueKeys.product(slug), queryFn: () => apiFetch(`/api/products/${enc(slug)}`, Product) });

export const variantsQuery = (productId: number) =>
  queryOptions({
    queryKey: catalogueKeys.variants(productId),
    queryFn: () => apiFetch(`/api/products/${productId}/variants`, v.array(Variant)),
  });

export const testimonialsQuery = () =>
  queryOptions({ queryKey: catalogueKeys.testimonials, queryFn: () => apiFetch('/api/testimonials', v.array(Testimonial)) });
