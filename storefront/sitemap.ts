import type { CatalogueReader } from '../projections/catalogue/catalogue.reader.ts';
import { COLLECTIONS_PATH, SHOP_PATH, categoryPath, productPath } from '../contracts/shop-paths.ts';

/** Static routes a crawler should know (cart and checkout are per-shopper and left out). */
export const STATIC_ROUTES = [
  '/',
  SHOP_PATH,
  COLLECTIONS_PATH,
  '/sale',
  '/size-guide',
  '/faq',
  '/contact',
  '/track-order',
  '/shipping-returns',
  '/our-story',
  '/privacy-policy',
  '/sustainability',
  '/dinosaur-models',
  '/careers',
] as const;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** sitemap.xml for GET /sitemap.xml: static pages, every category and every product. */
export function renderSitemap(catalogue: CatalogueReader, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const paths = [
    ...STATIC_ROUTES,
    ...catalogue.categories().map((c) => categoryPath(c.slug)),
    ...catalogue.products().map((p) => productPath(p.slug)),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt with an absolute Sitemap line (public/robots.txt has none: it cannot know the origin). */
export function renderRobotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return `User-agent: *\nAllow: /\nDisallow: /cart\nDisallow: /checkout\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`;
}
