import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRACK_ORDER_PATH } from '../contracts/order-tracking.ts';
import { JUST_ORDERED_COOKIE, cartCountFromCookies, hasFlag } from '../contracts/shop-cookies.ts';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import type { AnswerRule, SharedMaking } from '../http/answer-rules.ts';
import { sessions } from '../http/plugins/session.ts';
import type { Shop } from '../app/shop.ts';
import type { RenderContext } from '../storefront/render-context.ts';
import { withCartBadge } from './cart-badge-html.ts';
import { cartFormRoutes } from './forms/cart.forms.routes.ts';
import { clearFlash, keepTypedOut, readFlash } from './forms/flash.ts';
import { ensureFormNonce, nonceCookieIfMissing, renewFormNonce } from './forms/form-nonce.ts';
import { type ShowPage, useFormPosts } from './forms/form-post.ts';
import { rememberCartCount } from './forms/page-cookies.ts';
import { pageFormRoutes } from './forms/page.forms.routes.ts';
import type { PageRenderer } from './page-renderer.ts';
import { seoRoutes } from './seo.routes.ts';
import { type RenderedPage, sendPage } from './vike-render.ts';

export interface PagesOptions {
  catalogue: CatalogueReader;
  /** The same application the JSON API calls (app/shop.ts). */
  shop: Shop;
  sessionSecret: string;
  /** The canonical origin for absolute URLs (PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  now?: (() => Date) | undefined;
  /** Absent in API tests: then only the plain HTML forms are served, no page. */
  renderer?: PageRenderer | undefined;
  /** Where catalogue pages are kept (absent in development: every page is rendered afresh). */
  answerCache?: SharedMaking | undefined;
}

/** Pages that render the shopper's cart on the server, so they need the session (Vike uses server routing: every page is a full load). */
const CART_PAGES = ['/cart', '/checkout'];

/** The request's flash, cleared as it is read (a reload does not show it again). */
function takeFlash(request: FastifyRequest, reply: FastifyReply) {
  const flash = readFlash(request);
  if (flash) clearFlash(reply);
  return flash;
}

/** A page of one shopper's own (their cart, a form post's flash): never cached, its badge drawn here. */
function sendOwn(reply: FastifyReply, page: RenderedPage, cartCount: number): FastifyReply {
  reply.header('cache-control', 'private, no-store');
  return sendPage(reply, { ...page, body: withCartBadge(page.body, cartCount) });
}

/**
 * How the answer cache hands a catalogue page to each visitor: one rendition per cart badge count
 * (drawn into the page's slot), in the encoding the visitor prefers, and a form nonce of their own for
 * a visitor without one. A page showing a form post's flash is that shopper's own: never cached.
 * Search results and Track Order opened at a number are rendered for each request and not kept: each
 * is a page of its own that few ask twice, and a stream of them would push the catalogue's pages out.
 */
const SHARED_PAGES: AnswerRule = {
  rendition: (req: IncomingMessage) => (readFlash(req) ? undefined : String(cartCountFromCookies(req.headers.cookie))),
  // Rendered for the request and not kept: a listing's search (its key names the text first) and
  // Track Order opened at one order's number (each a page of its own that few ask twice).
  kept: (_req, key) => !key.includes('?search=') && !key.startsWith(`${TRACK_ORDER_PATH}?`),
  render: (shared, count) => Buffer.from(withCartBadge(shared.toString(), Number(count))),
  encode: true,
  own: {
    names: ['set-cookie'],
    headers: (req) => {
      const cookie = nonceCookieIfMissing(req);
      return cookie ? ['set-cookie', cookie] : [];
    },
  },
};

/**
 * The storefront's server side as one Fastify plugin: the plain HTML forms, the shopper's cart pages,
 * every other page (Vike's catch-all, its catalogue pages kept by the answer cache), the built assets
 * and the SEO files. Register it next to the API plugin (api/app.ts), whose error handler, headers and
 * rate limits it answers with.
 */
export async function pages(fastify: FastifyInstance, options: PagesOptions): Promise<void> {
  const { catalogue, publicUrl, renderer, answerCache } = options;
  const { carts, subscriptions, orders, stockAlerts } = options.shop;
  const shared: RenderContext = { catalogue, publicUrl };
  // A form's answer when its flash cannot travel by cookie: the page itself, the shopper's own, kept
  // for retries as the flash's answer would be (never when it shows what was typed).
  const showPage: ShowPage | undefined = renderer
    ? async (request, reply, path, flash) => {
        keepTypedOut(request, flash);
        renewFormNonce(reply);
        return sendOwn(
          reply,
          await renderer.render(request, shared, { url: path, flash }),
          cartCountFromCookies(request.headers.cookie),
        );
      }
    : undefined;

  // The session scope of the storefront: the forms and the pages that render a cart.
  await fastify.register(async (withSession) => {
    await withSession.register(sessions, { secret: options.sessionSecret });
    // Forms work without JavaScript: POST, then 303 back to a page that shows the flash.
    await withSession.register(async (forms) => {
      await useFormPosts(forms);
      await forms.register(cartFormRoutes, { carts, orders, catalogue, ...(options.now ? { now: options.now } : {}) });
      await forms.register(pageFormRoutes, { subscriptions, orders, stockAlerts, showPage });
    });
    if (!renderer) return;
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
        const own: RenderContext = { catalogue, publicUrl, cart, cartVersion, promoApplied, justOrdered };
        return sendOwn(reply, await renderer.render(request, own, { flash }), cart.itemCount);
      });
    }
  });
  if (!renderer) return;

  await renderer.registerAssets(fastify);
  await fastify.register(seoRoutes, { catalogue, publicUrl });
  const cache = renderer.dev ? undefined : answerCache;
  fastify.get('/*', { config: cache ? { answerCache: SHARED_PAGES } : {} }, async (request, reply) => {
    const flash = takeFlash(request, reply);
    ensureFormNonce(request, reply);
    const count = cartCountFromCookies(request.headers.cookie);
    if (flash) return sendOwn(reply, await renderer.render(request, shared, { flash }), count);
    // Development: every page rendered afresh (hot reload must show edits).
    if (!cache) return sendPage(reply, withBadge(await renderer.render(request, shared), count));
    // Rendered from the key, not the raw URL: what is kept is exactly what the key names. The page
    // goes out with its badge slot; the cache's rule draws each visitor's badge and encoding.
    const key = cache.keyOf(request.url);
    const page = await cache.once(reply, key, () => renderer.render(request, shared, { url: key }));
    reply.header('vary', 'accept-encoding, cookie');
    return sendPage(reply, page);
  });
}

const withBadge = (page: RenderedPage, count: number): RenderedPage => ({
  ...page,
  body: withCartBadge(page.body, count),
});
