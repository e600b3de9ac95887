import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Flash } from '../../contracts/flash.ts';
import { CART_BADGE_SLOT, cartCountFromCookies } from '../../contracts/shop-cookies.ts';
import { pageCacheKey } from '../../storefront/page-cache-key.ts';
import type { StorefrontServices } from '../../storefront/services.ts';
import { doNotStore } from '../plugins/stored-answers.ts';
import { registerBuiltAssets } from './assets.ts';
import { cartBadgeHtml } from './cart-badge-html.ts';
import { type EncodedBytes, encodeBytes, encodedSize, isSettled, preferredEncoding, sendEncoded } from './encoded-bytes.ts';
import { type PageCacheStats, createPageCache } from './page-cache.ts';
import { type Shell, renderInShell, shellOf } from './page-shell.ts';
import { type RenderedPage, pageOf, renderHeaders, renderPageContext, renderToPage, sendPage } from './vike-render.ts';
import { registerViteDev } from './vite-dev.ts';

export interface StorefrontOptions {
  /** Repository root (where vite.config.ts and dist/ live). */
  root: string;
  /** true: Vite dev server with hot reload; false: the production build in dist/. */
  dev: boolean;
  /** The page cache's budget in bytes (default 32 MB). */
  pageCacheBytes?: number;
}

/** What a page rendered for one shopper knows about them. */
export interface ShopperContext {
  /** What the form post that led here has to say. */
  flash?: Flash | null;
  /** The cart badge's number; by default the count cookie's. */
  cartCount?: number;
}

export interface Storefront {
  /** Development mode (Vite middleware, hot reload). */
  readonly dev: boolean;
  /** Serves the built assets (or Vite's dev middleware) on `app`. */
  registerAssets(app: FastifyInstance): Promise<void>;
  /** A page for one shopper (never cached): their cart, or a form post's flash, is in it. */
  render(request: FastifyRequest, reply: FastifyReply, services: StorefrontServices, shopper?: ShopperContext): Promise<FastifyReply>;
  /**
   * Like render, for pages without per-shopper content: answers from the page cache when it can.
   * The cache is emptied by `invalidate()` (the server calls it when the catalogue changes).
   */
  renderShared(request: FastifyRequest, reply: FastifyReply, services: StorefrontServices): Promise<FastifyReply>;
  /**
   * What a page from renderShared depends on besides its URL and the catalogue: the badge's count and
   * the encoding. Its cache hits are stored answers (api/plugins/stored-answers.ts) by this variant.
   */
  sharedPageVariant(req: IncomingMessage): string;
  invalidate(): void;
  /** The page cache's counters (undefined in development, which caches nothing). */
  pageCacheStats(): PageCacheStats | undefined;
  close(): Promise<void>;
}

export class MissingBuildError extends Error {
  constructor(dir: string) {
    super(`No production build in ${dir}: run \`npm run build\` first (or \`npm run dev\` for development).`);
    this.name = 'MissingBuildError';
  }
}

/**
 * A cached page as it is sent: its headers already an object, and its bytes encoded once per cart
 * badge count (the badge is spliced into the shared HTML at CART_BADGE_SLOT; a shopper with 2 items
 * gets the rendition made for the first shopper with 2 items). At most MAX_RENDITIONS are kept per
 * page (in practice a handful of counts are common); a rarer count is encoded for its request.
 */
interface ServedPage {
  statusCode: number;
  body: string;
  sendHeaders: Record<string, string>;
  renditions: Map<number, EncodedBytes>;
}

const MAX_RENDITIONS = 8;

function toServed(page: RenderedPage): ServedPage {
  const sendHeaders: Record<string, string> = {};
  for (const [name, value] of page.headers) sendHeaders[name.toLowerCase()] = value;
  // The badge makes the bytes depend on the count cookie.
  sendHeaders.vary = 'accept-encoding, cookie';
  return { statusCode: page.statusCode, body: page.body, sendHeaders, renditions: new Map() };
}

/** What a cached page really holds: its HTML and every rendition kept so far. */
function servedSize(page: ServedPage): number {
  let size = Buffer.byteLength(page.body);
  for (const bytes of page.renditions.values()) size += encodedSize(bytes);
  return size;
}

/** The page's HTML with the badge for `count` in place of the slot. */
export function withCartBadge(body: string, count: number): string {
  return body.replace(CART_BADGE_SLOT, cartBadgeHtml(count));
}

const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** Vike's renderPage behind Fastify: production build by default, Vite middleware in development. */
export async function createStorefront({ root, dev, pageCacheBytes = DEFAULT_PAGE_CACHE_BYTES }: StorefrontOptions): Promise<Storefront> {
  const clientDir = path.join(root, 'dist/client');
  // In development every request renders afresh (hot reload must show edits).
  const pages = dev ? undefined : createPageCache<ServedPage>(pageCacheBytes, servedSize);
  // One render per page at a time: concurrent misses (a cold start, or right after the catalogue
  // changed) wait for the same render instead of each rendering it.
  const inFlight = new Map<string, Promise<ServedPage | RenderedPage>>();
  // Bumped by invalidate(): a render that began before the catalogue changed is sent but not kept.
  let generation = 0;

  /** The page's bytes for `count`, kept (and the entry re-weighed) while the page has room for another. */
  function rendition(key: string, page: ServedPage, count: number): EncodedBytes {
    let bytes = page.renditions.get(count);
    if (!bytes) {
      bytes = encodeBytes(Buffer.from(withCartBadge(page.body, count)));
      if (page.renditions.size < MAX_RENDITIONS) {
        page.renditions.set(count, bytes);
        // Setting the entry again makes the cache weigh it with its new rendition.
        if (pages?.get(key) === page) pages.set(key, page);
      }
    }
    return bytes;
  }

  function renderShared(request: FastifyRequest, key: string, services: StorefrontServices): Promise<ServedPage | RenderedPage> {
    let pending = inFlight.get(key);
    if (!pending) {
      const startedAt = generation;
      // Rendered from the key, not the raw URL: what is cached is exactly what the key names.
      pending = renderToPage(request, services, { url: key })
        .then((page) => {
          // Only successful renders are kept: a 404 for a random URL must not fill the cache.
          if (page.statusCode !== 200) return page;
          const served = toServed(page);
          if (pages && startedAt === generation) pages.set(key, served);
          return served;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }
  // The shopper's own pages by URL: their shell once one full render gave it, null when that render's
  // HTML could not be split (Vike then renders that page every time).
  const shells = dev ? undefined : new Map<string, Shell | null>();

  /** A page for one shopper: in its shell when it has one and nothing but the cart is the shopper's own. */
  async function renderOwn(request: FastifyRequest, services: StorefrontServices, flash: Flash | null): Promise<RenderedPage> {
    // A flash or a query may change what the page shows around its data: Vike renders those.
    const plain = shells !== undefined && flash === null && !request.url.includes('?');
    const shell = plain ? shells.get(request.url) : undefined;
    if (shell) {
      const page = await renderInShell(shell, services, renderHeaders(request));
      if (page) return page;
    }
    const pageContext = await renderPageContext(request, services, { flash });
    if (plain && shell === undefined && pageContext.httpResponse.statusCode === 200) shells.set(request.url, shellOf(pageContext) ?? null);
    return pageOf(pageContext);
  }

  let closeVite: () => Promise<void> = async () => {};

  if (!dev) {
    const entry = path.join(root, 'dist/server/entry.mjs');
    if (!existsSync(entry)) throw new MissingBuildError(path.join(root, 'dist'));
    // Load the server bundle explicitly: it must not depend on where node_modules records it.
    await import(pathToFileURL(entry).href);
  }

  const sendWithBadge = (reply: FastifyReply, page: RenderedPage, count: number) => sendPage(reply, { ...page, body: withCartBadge(page.body, count) });

  return {
    dev,
    async registerAssets(app) {
      if (dev) closeVite = await registerViteDev(app, root);
      else await registerBuiltAssets(app, clientDir);
    },

    async render(request, reply, services, shopper = {}) {
      reply.header('cache-control', 'private, no-store');
      const page = await renderOwn(request, services, shopper.flash ?? null);
      return sendWithBadge(reply, page, shopper.cartCount ?? cartCountFromCookies(request.headers.cookie));
    },

    async renderShared(request, reply, services) {
      const count = cartCountFromCookies(request.headers.cookie);
      const key = pageCacheKey(request.url);
      const cached = pages?.get(key);
      if (cached) {
        const bytes = rendition(key, cached, count);
        // Only a page from the cache, in the encoding it settles on, is the answer every later
        // request of its variant gets.
        if (!isSettled(bytes)) doNotStore(reply);
        return sendEncoded(request, reply.header('x-page-cache', 'hit'), cached.statusCode, cached.sendHeaders, bytes);
      }
      doNotStore(reply);
      if (!pages) return sendWithBadge(reply, await renderToPage(request, services), count);
      const page = await renderShared(request, key, services);
      reply.header('x-page-cache', 'miss');
      return 'renditions' in page ? sendEncoded(request, reply, page.statusCode, page.sendHeaders, rendition(key, page, count)) : sendWithBadge(reply, page, count);
    },

    sharedPageVariant: (req) => `${cartCountFromCookies(req.headers.cookie)} ${preferredEncoding(req.headers['accept-encoding'])}`,

    pageCacheStats: () => pages?.stats(),
    invalidate: () => {
      generation++;
      pages?.clear();
      shells?.clear();
    },

    close: () => closeVite(),
  };
}
