/**
 * The /cart baseline: React's renderToString of the cart page's element tree, in-process, on the
 * server core, with the same data the server rendered.
 *   node --import tsx bench/render-cart.ts '<json spec>'   (cwd: the build root holding dist/)
 * spec: { target: { databaseUrl?, dataDir }, url, cart, seconds }
 *
 * How the tree is obtained: the built server bundle (dist/server/entry.mjs) is loaded and Vike's
 * renderPage runs once for `url` with the same services the server passes (the catalogue read from the
 * same database, and `cart` returning the exact cart JSON the server answered for that session).
 * Its pageContext holds the built Page, Layout and Wrapper and the page's data; vike-react's own
 * getPageElement() turns it into the element tree (providers included), and renderToString of that
 * tree is timed in a loop. Vike's full renderPage is timed too, to show where the rest goes.
 * Prints one JSON line.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Cart } from '../contracts/cart.ts';
import { connectDatabase } from '../db/connect.ts';
import { openCatalogueCache } from '../projections/catalogue/catalogue.cache.ts';

export interface RenderSpec {
  target: { databaseUrl?: string; dataDir: string };
  url: string;
  cart: Cart;
  seconds: number;
}

export interface RenderResult {
  /** renderToString(tree) per second: the baseline. */
  rendersPerSecond: number;
  /** CPU (user + system) per renderToString. */
  cpuMsPerRender: number;
  /** Vike's renderPage (hooks, data, HTML shell, serialised pageContext) per second, same process. */
  vikeRenderPagePerSecond: number;
  treeHtmlBytes: number;
  pageHtmlBytes: number;
}

type PageContextLike = { Page?: unknown; httpResponse?: { statusCode: number; body: string } };

function timeLoop(seconds: number, work: () => unknown): { perSecond: number; cpuMs: number } {
  // Warm up the JIT, then measure.
  const warmEnd = performance.now() + Math.min(1000, seconds * 200);
  while (performance.now() < warmEnd) work();
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  while (performance.now() < end) {
    work();
    n++;
  }
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: n / ((performance.now() - t0) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / n };
}

async function timeLoopAsync(seconds: number, work: () => Promise<unknown>): Promise<number> {
  const warmEnd = performance.now() + Math.min(1000, seconds * 200);
  while (performance.now() < warmEnd) await work();
  let n = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  while (performance.now() < end) {
    await work();
    n++;
  }
  return n / ((performance.now() - t0) / 1000);
}

export async function renderCartBaseline(spec: RenderSpec): Promise<RenderResult> {
  const db = await connectDatabase(spec.target);
  const catalogue = await openCatalogueCache(db);
  try {
    await import(pathToFileURL(path.resolve('dist/server/entry.mjs')).href);
    const { renderPage } = await import('vike/server');
    // Not in vike-react's export map: loaded by file, it shares the hooks module (same file) with the bundle.
    const { getPageElement } = (await import(pathToFileURL(path.resolve(import.meta.dirname, '../node_modules/vike-react/dist/integration/getPageElement.js')).href)) as {
      getPageElement(pageContext: unknown): { page: ReactElement };
    };
    const services = { catalogue, cart: async () => spec.cart };
    const renderOnce = () => renderPage({ urlOriginal: spec.url, headersOriginal: {}, services } as never) as Promise<PageContextLike>;
    const pageContext = await renderOnce();
    if (pageContext.httpResponse?.statusCode !== 200 || !pageContext.Page) {
      throw new Error(`Vike rendered ${spec.url} with status ${pageContext.httpResponse?.statusCode}: no page tree to time`);
    }
    const tree = () => renderToString(getPageElement(pageContext).page);
    const treeHtml = tree();
    const { perSecond: rendersPerSecond, cpuMs: cpuMsPerRender } = timeLoop(spec.seconds, tree);
    const vikeRenderPagePerSecond = await timeLoopAsync(Math.max(1, spec.seconds / 2), renderOnce);
    return { rendersPerSecond, cpuMsPerRender, vikeRenderPagePerSecond, treeHtmlBytes: Buffer.byteLength(treeHtml), pageHtmlBytes: Buffer.byteLength(pageContext.httpResponse.body) };
  } finally {
    await catalogue.close();
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await renderCartBaseline(JSON.parse(process.argv[2] ?? '') as RenderSpec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
