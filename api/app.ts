import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JUST_ORDERED_COOKIE, cartCountFromCookies, hasFlag } from '../contracts/shop-cookies.ts';
import type { Database } from '../db/database.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import { apiFallback, notFoundFallback } from './api-fallback.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { createCartService } from './cart/cart.service.ts';
import { projections } from '../projections/registry.ts';
import { rememberCartCount } from './forms/page-cookies.ts';
import { cartFormRoutes } from './forms/cart.forms.routes.ts';
import { clearFlash, readFlash } from './forms/flash.ts';
import { ensureFormNonce, nonceCookieIfMissing } from './forms/form-nonce.ts';
import { useFormPosts } from './forms/form-post.ts';
import { pageFormRoutes } from './forms/page.forms.routes.ts';
import { health } from './health/health.routes.ts';
import { metrics } from './metrics/metrics.ts';
import { openApi } from './openapi/openapi.ts';
import { answerHeaders } from './plugins/answer-headers.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { jsonBodies } from './plugins/json-bodies.ts';
import { idempotency } from './plugins/idempotency.ts';
import { type RateLimitOptions, registerRateLimits } from './plugins/rate-limit.ts';
import { sessions } from './plugins/session.ts';
import type { StoredAnswerRule, StoredAnswers } from './plugins/stored-answers.ts';
import { valibotValidation } from './plugins/validation.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts';
import { seoRoutes } from './seo/seo.routes.ts';
import type { Storefront } from './storefront/storefront.ts';
import { subscriptionRoutes } from './subscriptions/subscription.routes.ts';
import { createSubscriptionService } from './subscriptions/subscription.service.ts';

/** The request's flash, cleared as it is read (a reload does not show it again). */
function takeFlash(request: FastifyRequest, reply: FastifyReply) {
  const flash = readFlash(request);
  if (flash) clearFlash(reply);
  return flash;
}

export interface AppOptions {
  db: Database;
  catalogue: CatalogueReader;
  sessionSecret: string;
  /** Absent in API-only tests: then only /api is served. */
  storefront?: Storefront;
  /** The canonical origin for absolute URLs (PUBLIC_URL); default http://localhost:3000. */
  publicUrl?: string;
  /** Per-address limits and where their counters live (default: DEFAULT_RATE_LIMITS in memory). */
  rateLimits?: RateLimitOptions;
  now?: () => Date;
  /** GET /metrics wants this bearer token when set (METRICS_TOKEN). */
  metricsToken?: string | undefined;
  /**
   * True once the server began to shut down: /health/ready then answers 503 so traffic drains, and
   * answers close their keep-alive connection.
   */
  shuttingDown?: () => boolean;
  /** Where the catalogue API keeps its answers for the HTTP server to send again (api/server.ts). */
  storedAnswers?: StoredAnswers;
}

/**
 * The router's options, for whoever creates the Fastify instance the app is registered in. A path
 * parameter longer than the router's default of 100 characters would match no route, and a bad id
 * would be a 404 "no endpoint" instead of the route's own 400.
 */
export const ROUTER_OPTIONS = { maxParamLength: 1_000 } as const;

/** Pages that render the shopper's cart on the server, so they need the session (Vike uses server routing: every page is a full load). */
const CART_PAGES = ['/cart', '/checkout'];

/**
 * The whole shop as a Fastify plugin. It never listens: api/server.ts does, and tests call
 * `app.inject`. Register it with `fastify.register(app, options)` (not encapsulated by fastify-plugin
 * on purpose: the error handler and validator apply to everything inside).
 */
export async function app(fastify: FastifyInstance, options: AppOptions): Promise<void> {
  const { db, catalogue, storefront } = options;
  const publicUrl = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const carts = createCartService({ db, catalogue, ...(options.now ? { now: options.now } : {}) });
  const subscriptions = createSubscriptionService({ db, ...(options.now ? { now: options.now } : {}) });

  await fastify.register(valibotValidation);
  await fastify.register(errorHandler);
  // Before the routes: both collect from every route registered after them.
  await fastify.register(openApi);
  await fastify.register(metrics, {
    db,
    projections,
    token: options.metricsToken,
    pageCacheStats: () => storefront?.pageCacheStats(),
    storedAnswerStats: () => options.storedAnswers?.stats(),
  });
  const shuttingDown = options.shuttingDown ?? (() => false);
  await fastify.register(health, { db, catalogue, projections, shuttingDown });
  jsonBodies(fastify);
  await fastify.register(answerHeaders, { dev: storefront?.dev ?? false, shuttingDown });
  await registerRateLimits(fastify, options.rateLimits ?? { limits: DEFAULT_RATE_LIMITS });
  // Before any route: routes with `config.idempotent` get their hooks as they are added.
  await fastify.register(idempotency, { db });
  if (options.storedAnswers) {
    const observe = (route: string, statusCode: number, seconds: number) => fastify.observeRequest('GET', route, statusCode, seconds);
    await fastify.register(options.storedAnswers.plugin, { version: () => catalogue.version, observe });
  }

  await fastify.register(catalogueRoutes, { prefix: '/api', catalogue });
  await fastify.register(subscriptionRoutes, { prefix: '/api', subscriptions });

  // The session scope: cart API, the plain HTML forms and the pages that render a cart. Nothing else
  // pays for sessions.
  await fastify.register(async (withSession) => {
    await withSession.register(sessions, { secret: options.sessionSecret });
    // The JSON API leaves the badge's count cookie to the page's script (it writes it from every cart
    // it receives); forms and the cart pages set it here.
    await withSession.register(cartRoutes, { prefix: '/api', carts });
    // Forms work without JavaScript: POST, then 303 back to a page that shows the flash.
    await withSession.register(async (forms) => {
      await useFormPosts(forms);
      await forms.register(cartFormRoutes, { carts, catalogue, ...(options.now ? { now: options.now } : {}) });
      await forms.register(pageFormRoutes, { subscriptions });
    });
    if (storefront) {
      for (const url of CART_PAGES) {
        withSession.get(url, async (request, reply) => {
          const flash = takeFlash(request, reply);
          // Read before the render, which waits for a render slot: a slow database then holds up
          // this request only, never the renders of other pages.
          const { cart, version: cartVersion } = await carts.readVersioned(request.session.cartId ?? null);
          // Refresh the badge's cookie only when it is wrong (a visitor with no cart gets none).
          if (cart.itemCount !== cartCountFromCookies(request.headers.cookie)) rememberCartCount(reply, cart);
          const promoApplied = request.session.promoCode !== undefined;
          const justOrdered = hasFlag(request.headers.cookie, JUST_ORDERED_COOKIE);
          ensureFormNonce(request, reply);
          return storefront.render(request, reply, { catalogue, publicUrl, cart, cartVersion, promoApplied, justOrdered }, { flash, cartCount: cart.itemCount });
        });
      }
    }
  });

  apiFallback(fastify);
  notFoundFallback(fastify);

  if (storefront) {
    await storefront.registerAssets(fastify);
    await fastify.register(seoRoutes, { catalogue, publicUrl });
    const sharedPages: StoredAnswerRule = {
      // A form post's flash makes the page the shopper's own: rendered for them, never stored.
      variant: (req) => (readFlash(req) ? undefined : storefront.sharedPageVariant(req)),
      // A visitor without a form nonce gets a new one with every page.
      own: {
        names: ['set-cookie'],
        headers: (req) => {
          const cookie = nonceCookieIfMissing(req);
          return cookie ? ['set-cookie', cookie] : [];
        },
      },
    };
    fastify.get('/*', { config: { storedAnswer: sharedPages } }, (request, reply) => {
      // A page that shows a form post's flash is that shopper's own: rendered for them, not cached.
      const flash = takeFlash(request, reply);
      ensureFormNonce(request, reply);
      return flash ? storefront.render(request, reply, { catalogue, publicUrl }, { flash }) : storefront.renderShared(request, reply, { catalogue, publicUrl });
    });
  }
}
