import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderPage } from 'vike/server';
import type { StorefrontServices } from '../../storefront/services.ts';

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
      const pageContext = await renderPage({ urlOriginal: request.url, headersOriginal: request.headers, services });
      const response = pageContext.httpResponse;
      for (const [name, value] of response.headers) reply.header(name, value);
      reply.status(response.statusCode);
      return reply.send(response.body);
    },

    close: () => closeVite(),
  };
}
