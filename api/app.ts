import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { createCartService } from './cart/cart.service.ts';
import { useErrorHandler } from './plugins/error-handler.ts';
import { useSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { useValibotValidation } from './plugins/validation.ts';
import { renderRobotsTxt, renderSitemap } from '../storefront/sitemap.ts';
import type { Storefront } from './storefront/storefront.ts';
import { subscriptionRoutes } from './subscriptions/subscription.routes.ts';
import { createSubscriptionService } from './subscriptions/subscription.service.ts';

export interface AppOptions {
  db: Database;
  catalogue: CatalogueReader;
  sessionSecret: string;
  /** Absent in API-only tests: then only /api is served. */
  storefront?: Storefront;
  now?: () => Date;
}

/** Pages that render the shopper's cart on the server, so they need the session (Vike uses server routing: every page is a full load). */
const CART_PAGES = ['/cart', '/checkout'];

/**
 * The whole shop as a Fastify plugin. It never listens: api/server.ts does, and tests call
 * `app.inject`. Register it with `fastify.register(app, options)` (not encapsulated by fastify-plugin
 * on purpose: the error handler and validator apply to everything inside).
 */
export async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  const { db, catalogue, storefront } = options;
  const carts = createCartService({ db, catalogue, ...(options.now ? { now: options.now } : {}) });
  const subscriptions = createSubscriptionService({ db, ...(options.now ? { now: options.now } : {}) });

  useValibotValidation(fastify);
  useErrorHandler(fastify);
  // The API speaks JSON only: any other body type is a 415, not a string to validate.
  fastify.removeContentTypeParser('text/plain');
  useSecurityHeaders(fastify, { dev: storefront?.dev ?? false });

  await fastify.register(catalogueRoutes, { prefix: '/api', catalogue });
  await fastify.register(subscriptionRoutes, { prefix: '/api', subscriptions });

  // The session scope: cart API and the pages that render a cart. Nothing else pays for sessions.
  await fastify.register(async (withSession) => {
    await registerSession(withSession, db, options.sessionSecret);
    await withSession.register(cartRoutes, { prefix: '/api', carts });
    if (storefront) {
      for (const url of CART_PAGES) {
        withSession.get(url, (request, reply) => {
          const cartId = request.session.cartId ?? null;
          return storefront.render(request, reply, { catalogue, cart: () => carts.read(cartId) });
        });
      }
    }
  });

  fastify.all('/api/*', async (request, reply) =>
    reply.status(404).send({ error: 'Not Found', message: `No API endpoint ${request.method} ${request.url.split('?')[0]}` }),
  );

  if (storefront) {
    await storefront.registerAssets(fastify);
    const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
    fastify.get('/sitemap.xml', async (request, reply) =>
      reply.type('application/xml').header('cache-control', 'public, max-age=3600').send(renderSitemap(catalogue, origin(request))),
    );
    fastify.get('/robots.txt', async (request, reply) =>
      reply.type('text/plain').header('cache-control', 'public, max-age=3600').send(renderRobotsTxt(origin(request))),
    );
    fastify.get('/*', (request, reply) => storefront.renderShared(request, reply, { catalogue }));
  }
}
