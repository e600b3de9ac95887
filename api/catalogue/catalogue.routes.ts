import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Category, Product, ProductIdParams, ProductQuery, SlugParams, Testimonial, Variant } from '../../contracts/catalogue.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import { notFound } from '../domain-error.ts';
import { schemaOf } from '../plugins/validation.ts';

const products = schemaOf(v.array(Product));
const errorResponses = { 404: schemaOf(v.object({ error: v.string(), message: v.string() })) };

/** Read-only catalogue routes: every answer comes from the in-memory catalogue. */
export async function catalogueRoutes(app: FastifyInstance, { catalogue }: { catalogue: CatalogueReader }): Promise<void> {
  // The catalogue changes only when seeded: let browsers and CDNs keep answers briefly.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=60');
  });

  app.get('/categories', { schema: { response: { 200: schemaOf(v.array(Category)) } } }, async () => catalogue.categories());

  app.get<{ Params: { slug: string } }>(
    '/categories/:slug',
    { schema: { params: schemaOf(SlugParams), response: { 200: schemaOf(Category), ...errorResponses } } },
    async (request) => catalogue.category(request.params.slug) ?? Promise.reject(notFound(`No category called "${request.params.slug}"`)),
  );

  app.get<{ Querystring: ProductQuery }>(
    '/products',
    { schema: { querystring: schemaOf(ProductQuery), response: { 200: products } } },
    async (request) => catalogue.products(request.query),
  );

  app.get('/products/bestsellers', { schema: { response: { 200: products } } }, async () => catalogue.bestsellers());

  app.get<{ Params: { slug: string } }>(
    '/products/category/:slug',
    { schema: { params: schemaOf(SlugParams), response: { 200: products, ...errorResponses } } },
    async (request) => catalogue.productsInCategory(request.params.slug) ?? Promise.reject(notFound(`No category called "${request.params.slug}"`)),
  );

  app.get<{ Params: { id: number } }>(
    '/products/:id/variants',
    { schema: { params: schemaOf(ProductIdParams), response: { 200: schemaOf(v.array(Variant)), ...errorResponses } } },
    async (request) => {
      if (!catalogue.productById(request.params.id)) throw notFound(`No product with id ${request.params.id}`);
      return catalogue.variants(request.params.id);
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/products/:slug',
    { schema: { params: schemaOf(SlugParams), response: { 200: schemaOf(Product), ...errorResponses } } },
    async (request) => catalogue.product(request.params.slug) ?? Promise.reject(notFound(`No product called "${request.params.slug}"`)),
  );

  app.get('/testimonials', { schema: { response: { 200: schemaOf(v.array(Testimonial)) } } }, async () => catalogue.testimonials());
}
