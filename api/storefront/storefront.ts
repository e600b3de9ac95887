import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderPage } from 'vike/server';
import type { StorefrontServices } from '../../storefront/services.ts';
import { type CachedPage, createPageCache } from './page-cache.ts';

export interface StorefrontOptions {
  /** Repository root (where vite.config.ts and dist/ live). */
  root: string;
  /** true: Vite dev server with hot reload; false: the production build in dist/. */
  dev: boolean;
}

export interface Storefront {
  /** Serves the built assets (or Vite's dev middleware) on `app`. */
  registerAssets(app: FastifyInstance): Promise<void>;
  render(request: FastifyRequest, reply: FastifyReply, services: StorefrontServices): Promise<FastifyReply>;
  /**
   * Like render, for pages without per-shopper content: answers from the page cache when it can.
   * The cache is emptied by `invalidate()` (the server calls it when the catalogue changes).
   */
  renderShared(request: FastifyRequest, reply: FastifyReply, services: StorefrontServices): Promise<FastifyReply>;
  invalidate(): void;
  close(): Promise<void>;
}

export class MissingBuildError extends Error {
  constructor(dir: string) {
    super(`No production build in ${dir}: run \`npm run build\` first (or \`npm run dev\` for development).`);
    this.name = 'MissingBuildError';
  }
}

/** Vike's renderPage behind Fastify: production build by default, Vite middleware in development. */
export async function createStorefront({ root, dev }: StorefrontOptions): Promise<Storefront> {
  const clientDir = path.join(root, 'dist/client');
  // In development every request renders afresh (hot reload must show edits).
  const pages = dev ? undefined : createPageCache();

  async function renderToPage(request: FastifyRequest, services: StorefrontServices): Promise<CachedPage> {
    const pageContext = await renderPage({ urlOriginal: request.url, headersOriginal: request.headers, services });
    const response = pageContext.httpResponse;
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
  }

  function send(reply: FastifyReply, page: CachedPage): FastifyReply {
    for (const [name, value] of page.headers) reply.header(name, value);
    return reply.status(page.statusCode).send(page.body);
  }
  let closeVite: () => Promise<void> = async () => {};

  if (!dev) {
    const entry = path.join(root, 'dist/server/entry.mjs');
    if (!existsSync(entry)) throw new MissingBuildError(path.join(root, 'dist'));
    // Load the server bundle explicitly: it must not depend on where node_modules records it.
    await import(pathToFileURL(entry).href);
  }

  return {
    async registerAssets(app) {
      if (dev) {
        const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
        const vite = await createServer({ root, server: { middlewareMode: true } });
        closeVite = () => vite.close();
        await app.register(middie);
        app.use(vite.middlewares);
        return;
      }
      await app.register(fastifyStatic, {
        root: clientDir,
        // Vike owns every other path: no `/*` route from the static plugin.
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    },

    async render(request, reply, services) {
      reply.header('cache-control', 'private, no-store');
      return send(reply, await renderToPage(request, services));
    },

    async renderShared(request, reply, services) {
      const cached = pages?.get(request.url);
      if (cached) return send(reply.header('x-page-cache', 'hit'), cached);
      const page = await renderToPage(request, services);
      // Only successful renders are kept: a 404 for a random URL must not fill the cache.
      if (pages && page.statusCode === 200) pages.set(request.url, page);
      return send(reply.header('x-page-cache', 'miss'), page);
    },

    invalidate: () => pages?.clear(),

    close: () => closeVite(),
  };
}
