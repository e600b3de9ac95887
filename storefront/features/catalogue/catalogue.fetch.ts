import * as v from 'valibot';
import { Category, Product, Testimonial, Variant } from '../../../contracts/catalogue.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

/**
 * The catalogue's browser reads, each answer parsed with its contract schema. Loaded on the first read a
 * page makes after it has loaded (a search, a new sort, a card's variants): catalogue pages render from
 * server data, so valibot is not in their first-load JS.
 */
const enc = encodeURIComponent;

export const fetchCategories = () => apiFetch('/api/categories', v.array(Category));
export const fetchCategory = (slug: string) => apiFetch(`/api/categories/${enc(slug)}`, Category);
export const fetchProducts = (qs: string) => apiFetch(`/api/products${qs ? `?${qs}` : ''}`, v.array(Product));
export const fetchCategoryProducts = (slug: string) => apiFetch(`/api/products/category/${enc(slug)}`, v.array(Product));
export const fetchBestsellers = () => apiFetch('/api/products/bestsellers', v.array(Product));
export const fetchProduct = (slug: string) => apiFetch(`/api/products/${enc(slug)}`, Product);
export const fetchVariants = (productId: number) => apiFetch(`/api/products/${productId}/variants`, v.array(Variant));
export const fetchTestimonials = () => apiFetch('/api/testimonials', v.array(Testimonial));
