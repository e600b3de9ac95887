import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Flash } from '../contracts/flash.ts';
import type { RenderContext } from '../storefront/render-context.ts';
import { registerBuiltAssets } from './assets.ts';
import { type RenderedPage, renderToPage } from './vike-render.ts';
import { registerViteDev } from './vite-dev.ts';

export interface PageRendererOptions {
  /** Repository root (where vite.config.ts and dist/ live). */
  root: string;
  /** true: Vite dev server with hot reload; false: the production build in dist/. */
  dev: boolean;
}

/** Vike behind Fastify: the production build, or Vite's middleware in development. */
export interface PageRenderer {
  /** Development mode (Vite middleware, hot reload): nothing is cached. */
  readonly dev: boolean;
  /** Serves the built assets (or Vite's dev middleware) on `app`. */
  registerAssets(app: FastifyInstance): Promise<void>;
  /** One render through Vike's renderPage, of the request's URL or of `url` (a cache key). */
  render(
    request: FastifyRequest,
    renderContext: RenderContext,
    options?: { url?: string; flash?: Flash | null },
  ): Promise<RenderedPage>;
  close(): Promise<void>;
}

export class MissingBuildError extends Error {
  constructor(dir: string) {
    super(`No production build in ${dir}: run \`npm run build\` first (or \`npm run dev\` for development).`);
    this.name = 'MissingBuildError';
  }
}

/** Loads the server bundle (production) and answers how to render, serve assets and stop. */
export async function createPageRenderer({ root, dev }: PageRendererOptions): Promise<PageRenderer> {
  if (!dev) {
    const entry = path.join(root, 'dist/server/entry.mjs');
    if (!existsSync(entry)) throw new MissingBuildError(path.join(root, 'dist'));
    // Load the server bundle explicitly: it must not depend on where node_modules records it.
    await import(pathToFileURL(entry).href);
  }
  let closeVite: () => Promise<void> = async () => {};
  return {
    dev,
    async registerAssets(app) {
      if (dev) closeVite = await registerViteDev(app, root);
      else await registerBuiltAssets(app, path.join(root, 'dist/client'));
    },
    render: (request, renderContext, options) => renderToPage(request, renderContext, options),
    close: () => closeVite(),
  };
}
