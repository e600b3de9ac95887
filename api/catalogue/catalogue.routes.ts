import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import {
  Category,
  Product,
  ProductIdParams,
  ProductQuery,
  SlugParams,
  Testimonial,
  Variant,
} from '../../contracts/catalogue.ts';
import { ApiError } from '../../contracts/errors.ts';
import { SearchQuery, SearchResult } from '../../contracts/search.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import { notFound } from '../../domain/domain-error.ts';
import { schemaOf } from '../../http/plugins/validation.ts';
import { searchResult } from './search-result.ts';

const products = schemaOf(v.array(Product));
const errorResponses = { 404: schemaOf(ApiError) };
const CACHED_JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=60',
};
/** Every answer here is the same for everyone until the catalogue changes: the answer cache keeps it (server/answer-cache/). */
const config = { answerCache: true } as const;

/**
 * Read-only catalogue routes: every answer comes from the in-memory catalogue, serialised when the
 * answer cache misses (the cache holds the bytes; the declared response schemas document the shapes).
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  { catalogue }: { catalogue: CatalogueReader },
): Promise<void> {
  /**
   * The serialised body with its headers, set in one step (no onSend hook per request). The catalogue
   * changes only when seeded: browsers and CDNs may keep an answer briefly. Errors are thrown before
   * this runs, so they are never marked cacheable.
   *
   * The handlers are synchronous and return nothing: the answer is in memory, and an async handler
   * costs a promise and a turn of the microtask queue per request for nothing (a thrown not-found
   * reaches the error handler all the same).
   */
  const json = (reply: FastifyReply, produce: () => unknown): void => {
    const body = JSON.stringify(produce());
    reply.headers(CACHED_JSON_HEADERS).send(body);
  };
  const found = <T>(value: T | undefined, message: string): T => {
    if (value === undefined) throw notFound(message);
    return value;
  };

  app.get('/categories', { config, schema: { response: { 200: schemaOf(v.array(Category)) } } }, (_request, reply) =>
    json(reply, () => catalogue.categories()),
  );

  app.get<{ Params: { slug: string } }>(
    '/categories/:slug',
    { config, schema: { params: schemaOf(SlugParams), response: { 200: schemaOf(Category), ...errorResponses } } },
    ({ params: { slug } }, reply) => json(reply, () => found(catalogue.category(slug), `No category called "${slug}"`)),
  );

  app.get<{ Querystring: ProductQuery }>(
    '/products',
    { config, schema: { querystring: schemaOf(ProductQuery), response: { 200: products } } },
    ({ query }, reply) => json(reply, () => catalogue.products(query)),
  );

  app.get('/products/bestsellers', { config, schema: { response: { 200: products } } }, (_request, reply) =>
    json(reply, () => catalogue.bestsellers()),
  );

  app.get<{ Params: { slug: string } }>(
    '/products/category/:slug',
    { config, schema: { params: schemaOf(SlugParams), response: { 200: products, ...errorResponses } } },
    ({ params: { slug } }, reply) =>
      json(reply, () => found(catalogue.productsInCategory(slug), `No category called "${slug}"`)),
  );

  app.get<{ Params: { id: number } }>(
    '/products/:id/variants',
    {
      config,
      schema: { params: schemaOf(ProductIdParams), response: { 200: schemaOf(v.array(Variant)), ...errorResponses } },
    },
    ({ params: { id } }, reply) =>
      json(reply, () => {
        found(catalogue.productById(id), `No product with id ${id}`);
        return catalogue.variants(id);
      }),
  );

  app.get<{ Params: { slug: string } }>(
    '/products/:slug',
    { config, schema: { params: schemaOf(SlugParams), response: { 200: schemaOf(Product), ...errorResponses } } },
    ({ params: { slug } }, reply) => json(reply, () => found(catalogue.product(slug), `No product called "${slug}"`)),
  );

  app.get<{ Querystring: SearchQuery }>(
    '/search',
    {
      config,
      schema: {
        querystring: schemaOf(SearchQuery),
        response: { 200: schemaOf(SearchResult), 400: schemaOf(ApiError) },
      },
    },
    ({ query: { q } }, reply) => json(reply, () => searchResult(catalogue, q)),
  );

  app.get(
    '/testimonials',
    { config, schema: { response: { 200: schemaOf(v.array(Testimonial)) } } },
    (_request, reply) => json(reply, () => catalogue.testimonials()),
  );
}
