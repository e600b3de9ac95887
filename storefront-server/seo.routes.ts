import type { FastifyInstance } from 'fastify';
import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import { renderRobotsTxt, renderSitemap } from '../storefront/sitemap.ts';

export interface SeoRoutesOptions {
  catalogue: CatalogueReader;
  /** The shop's one canonical origin (PUBLIC_URL). The request's Host never enters a response. */
  publicUrl: string;
}

/** sitemap.xml and robots.txt for crawlers, with absolute URLs from the configured origin only. */
export async function seoRoutes(app: FastifyInstance, { catalogue, publicUrl }: SeoRoutesOptions): Promise<void> {
  const robots = renderRobotsTxt(publicUrl);
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml')
      .header('cache-control', 'public, max-age=3600')
      .send(renderSitemap(catalogue, publicUrl)),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
