import * as v from 'valibot';
import { Product, Variant } from '../../../contracts/catalogue.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

/**
 * What a catalogue page reads from the API after it has loaded: /shop's list for a new search or
 * sort, and the variants of products the page data did not carry. Each answer is parsed with its
 * contract schema. Loaded on the first such read, so valibot is not in any page's first-load JS.
 */
export const fetchProducts = (query: string, signal: AbortSignal) =>
  apiFetch(`/api/products${query ? `?${query}` : ''}`, v.array(Product), { signal });
export const fetchVariants = (productId: number) => apiFetch(`/api/products/${productId}/variants`, v.array(Variant));
