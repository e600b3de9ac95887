import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderPage } from 'vike/server';
import type { StorefrontServices } from '../../storefront/services.ts';
import { type CachedPage, type EncodedBytes, createPageCache, encodeBytes, negotiateEncoding } from './page-cache.ts';

export interface StorefrontOptions {
  /** Repository root (where vite.config.ts and dist/ live). */
  root: string;
  /** true: Vite dev server with hot reload; false: the production build in dist/. */
  dev: boolean;
}

export interface Storefront {
  /** Development mode (Vite middleware, hot reload). */
  readonly dev: boolean;
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

/** A cached page as it is sent: its bytes already encoded, its headers already an object. */
interface ServedPage extends CachedPage {
  bytes: EncodedBytes;
  sendHeaders: Record<string, string>;
}

function toServed(page: CachedPage): ServedPage {
  const sendHeaders: Record<string, string> = {};
  for (const [name, value] of page.headers) sendHeaders[name.toLowerCase()] = value;
  sendHeaders.vary = 'accept-encoding';
  return { ...page, bytes: encodeBytes(Buffer.from(page.body)), sendHeaders };
}

function sendEncoded(request: FastifyRequest, reply: FastifyReply, statusCode: number, headers: Record<string, string>, bytes: EncodedBytes): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding'], bytes);
  reply.status(statusCode).headers(headers);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(bytes[encoding] ?? bytes.identity);
}

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg']);

/** Every file under dist/client/assets (content-hashed, immutable), read once and encoded once. */
async function loadAssets(assetsDir: string): Promise<Map<string, { type: string; bytes: EncodedBytes }>> {
  const assets = new Map<string, { type: string; bytes: EncodedBytes }>();
  if (!existsSync(assetsDir)) return assets;
  for (const entry of await readdir(assetsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const ext = path.extname(file);
    const content = await readFile(file);
    const urlPath = path.relative(assetsDir, file).split(path.sep).join('/');
    assets.set(urlPath, {
      type: ASSET_TYPES[ext] ?? 'application/octet-stream',
      bytes: COMPRESSIBLE.has(ext) ? encodeBytes(content) : { identity: content, gzip: content },
    });
  }
  return assets;
}

/** Vike's renderPage behind Fastify: production build by default, Vite middleware in development. */
export async function createStorefront({ root, dev }: StorefrontOptions): Promise<Storefront> {
  const clientDir = path.join(root, 'dist/client');
  // In development every request renders afresh (hot reload must show edits).
  const pages = dev ? undefined : createPageCache<ServedPage>(64 * 1024 * 1024, (page) => page.body.length + page.bytes.gzip.length + (page.bytes.br?.length ?? page.bytes.gzip.length));
  // One render per URL at a time: concurrent misses (a cold start, or right after the catalogue
  // changed) wait for the same render instead of each rendering it.
  const inFlight = new Map<string, Promise<ServedPage | CachedPage>>();
  // Bumped by invalidate(): a render that began before the catalogue changed is sent but not kept.
  let generation = 0;

  async function renderToPage(request: FastifyRequest, services: StorefrontServices): Promise<CachedPage> {
    const pageContext = await renderPage({ urlOriginal: request.url, headersOriginal: request.headers, services });
    const response = pageContext.httpResponse;
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
  }

  function send(reply: FastifyReply, page: CachedPage): FastifyReply {
    for (const [name, value] of page.headers) reply.header(name, value);
    return reply.status(page.statusCode).send(page.body);
  }

  function renderShared(request: FastifyRequest, services: StorefrontServices): Promise<ServedPage | CachedPage> {
    const url = request.url;
    let pending = inFlight.get(url);
    if (!pending) {
      const startedAt = generation;
      pending = renderToPage(request, services)
        .then((page) => {
          // Only successful renders are encoded and kept: a 404 for a random URL must not fill the cache.
          if (page.statusCode !== 200) return page;
          const served = toServed(page);
          if (pages && startedAt === generation) pages.set(url, served);
          return served;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    return pending;
  }
  let closeVite: () => Promise<void> = async () => {};

  if (!dev) {
    const entry = path.join(root, 'dist/server/entry.mjs');
    if (!existsSync(entry)) throw new MissingBuildError(path.join(root, 'dist'));
    // Load the server bundle explicitly: it must not depend on where node_modules records it.
    await import(pathToFileURL(entry).href);
  }

  return {
    dev,
    async registerAssets(app) {
      if (dev) {
        const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
        const vite = await createServer({ root, server: { middlewareMode: true } });
        closeVite = () => vite.close();
        await app.register(middie);
        app.use(vite.middlewares);
        return;
      }
      // Hashed build assets: from memory, compressed once (br/gzip by Accept-Encoding), immutable.
      const assets = await loadAssets(path.join(clientDir, 'assets'));
      const assetHeaders = (type: string) => ({ 'content-type': type, 'cache-control': 'public, max-age=31536000, immutable', vary: 'accept-encoding' });
      app.get<{ Params: { '*': string } }>('/assets/*', (request, reply) => {
        const asset = assets.get(request.params['*']);
        if (!asset) return reply.callNotFound();
        return sendEncoded(request, reply, 200, assetHeaders(asset.type), asset.bytes);
      });
      await app.register(fastifyStatic, {
        root: clientDir,
        // Vike owns every other path: no `/*` route from the static plugin.
        wildcard: false,
        index: false,
        globIgnore: ['assets/**'],
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=3600');
        },
      });
    },

    async render(request, reply, services) {
      reply.header('cache-control', 'private, no-store');
      return send(reply, await renderToPage(request, services));
    },

    async renderShared(request, reply, services) {
      const cached = pages?.get(request.url);
      if (cached) return sendEncoded(request, reply.header('x-page-cache', 'hit'), cached.statusCode, cached.sendHeaders, cached.bytes);
      if (!pages) return send(reply, await renderToPage(request, services));
      const page = await renderShared(request, services);
      reply.header('x-page-cache', 'miss');
      return 'bytes' in page ? sendEncoded(request, reply, page.statusCode, page.sendHeaders, page.bytes) : send(reply, page);
    },

    invalidate: () => {
      generation++;
      pages?.clear();
    },

    close: () => closeVite(),
  };
}
