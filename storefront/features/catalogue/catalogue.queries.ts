import type { Category, Product, ProductSort, Testimonial, Variant } from '../../../contracts/catalogue.ts';
import type { CatalogueRead } from './catalogue-cache.tsx';

/**
 * Every catalogue read (see catalogue-cache.tsx). The server's +data hooks fill the same keys (see
 * catalogue.prefill.ts), so the browser finds the data and does not refetch on load. The fetching and
 * parsing code loads with the first read that needs the network.
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

const api = () => import('./catalogue.fetch.ts');

export const categoriesQuery = (): CatalogueRead<Category[]> => ({
  queryKey: catalogueKeys.categories,
  queryFn: async () => (await api()).fetchCategories(),
});

export const categoryQuery = (slug: string): CatalogueRead<Category> => ({
  queryKey: catalogueKeys.category(slug),
  queryFn: async () => (await api()).fetchCategory(slug),
});

export const productsQuery = (params: ProductListParams): CatalogueRead<Product[]> => ({
  queryKey: catalogueKeys.products(params),
  queryFn: async () => {
    const query = new URLSearchParams();
    if (params.search) query.set('search', params.search);
    if (params.sort) query.set('sort', params.sort);
    return (await api()).fetchProducts(query.toString());
  },
});

export const categoryProductsQuery = (slug: string): CatalogueRead<Product[]> => ({
  queryKey: catalogueKeys.categoryProducts(slug),
  queryFn: async () => (await api()).fetchCategoryProducts(slug),
});

export const bestsellersQuery = (): CatalogueRead<Product[]> => ({
  queryKey: catalogueKeys.bestsellers,
  queryFn: async () => (await api()).fetchBestsellers(),
});

export const productQuery = (slug: string): CatalogueRead<Product> => ({
  queryKey: catalogueKeys.product(slug),
  queryFn: async () => (await api()).fetchProduct(slug),
});

export const variantsQuery = (productId: number): CatalogueRead<Variant[]> => ({
  queryKey: catalogueKeys.variants(productId),
  queryFn: async () => (await api()).fetchVariants(productId),
});

export const testimonialsQuery = (): CatalogueRead<Testimonial[]> => ({
  queryKey: catalogueKeys.testimonials,
  queryFn: async () => (await api()).fetchTestimonials(),
});
