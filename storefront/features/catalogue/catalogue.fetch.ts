import * as v from 'valibot';
import { Product } from '../../../contracts/catalogue.ts';
import { apiFetch } from '../../lib/api-fetch.ts';

/**
 * What a catalogue page reads from the API after it has loaded: /shop's list for a new search or
 * sort (each product with its variants). The answer is parsed with its contract schema. Loaded on the
 * first such read, so valibot is not in any page's first-load JS.
 */
export const fetchProducts = (query: string, signal: AbortSignal) =>
  apiFetch(`/api/products${query ? `?${query}` : ''}`, v.array(Product), { signal });
