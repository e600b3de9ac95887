/**
 * The /cart baseline: React's renderToString of the cart page's element tree, in-process, on the
 * server core, with the same data the server rendered.
 *   node --import tsx bench/render-cart.ts '<json spec>'   (cwd: the build root holding dist/)
 * spec: { target: { databaseUrl?, dataDir }, url, cart, seconds }
 *
 * How the tree is obtained: the built server bundle (dist/server/entry.mjs) is loaded and Vike's
 * renderPage runs once for `url` with the same render context the server passes (the catalogue read from the
 * same database, and `cart` the exact cart JSON the server answered for that session).
 * Its pageContext holds the built Page, Layout and Wrapper and the page's data; `pageElement` wraps
 * them as vike-react's renderer does (Layouts, Wrappers, its page-context provider from the public
 * 'vike-react/usePageContext', StrictMode), and renderToString of that tree is timed in a loop. Vike's full renderPage is timed too, to show where the rest goes.
 * Prints one JSON line.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ComponentType, type ReactElement, type ReactNode, StrictMode, Suspense, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { Cart } from '../contracts/cart.ts';
import type { RenderContext } from '../storefront/render-context.ts';
import { warmUntilSteady } from './steady.ts';
import { connectDatabase } from '../db/connect.ts';
import { openCatalogueCache } from '../projections/catalogue/catalogue.cache.ts';

export interface RenderSpec {
  target: { databaseUrl?: string; dataDir: string };
  url: string;
  cart: Cart;
  seconds: number;
  /** At least this many seconds of warm-up, then on until the pace is steady (bench/steady.ts). */
  warmupSeconds: number;
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

type Wrap = ComponentType<{ children?: ReactNode }>;
type PageContextLike = {
  Page?: ComponentType;
  httpResponse?: { statusCode: number; body: string };
  config: { Layout?: Wrap[]; Wrapper?: Wrap[]; Loading?: { layout?: ComponentType }; reactStrictMode?: boolean };
};

/** The page's element tree as vike-react renders it: the Page in its Layouts and Wrappers, with the page context provided. */
function pageElement(pageContext: PageContextLike): ReactElement {
  const { Page, config } = pageContext;
  const suspended = (el: ReactElement | null) =>
    config.Loading?.layout ? createElement(Suspense, { fallback: createElement(config.Loading.layout) }, el) : el;
  let page = suspended(Page ? createElement(Page) : null);
  for (const Wrap of [...(config.Layout ?? []), ...(config.Wrapper ?? [])])
    page = suspended(createElement(Wrap, null, page));
  const provided = createElement(VikeReactProviderPageContext, { pageContext: pageContext as never, children: page });
  return config.reactStrictMode === false ? provided : createElement(StrictMode, null, provided);
}

/** Runs `work` for `seconds`; returns how many times it ran. */
async function repeatFor(seconds: number, work: () => unknown): Promise<number> {
  let n = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    await work();
    n++;
  }
  return n;
}

/** Warms `work` up until its pace is steady (as the HTTP loads are), then measures it. */
async function timeLoop(
  seconds: number,
  warmupSeconds: number,
  work: () => unknown,
): Promise<{ perSecond: number; cpuMs: number }> {
  await warmUntilSteady((window) => repeatFor(window, work), { minSeconds: warmupSeconds });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const n = await repeatFor(seconds, work);
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: n / ((performance.now() - t0) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / n };
}

export async function renderCartBaseline(spec: RenderSpec): Promise<RenderResult> {
  const db = await connectDatabase(spec.target);
  const catalogue = await openCatalogueCache(db);
  try {
    await import(pathToFileURL(path.resolve('dist/server/entry.mjs')).href);
    const { renderPage } = await import('vike/server');
    // What the server hands a /cart render (storefront-server/pages.ts): the catalogue, the origin and the cart.
    const renderContext: RenderContext = {
      catalogue,
      publicUrl: 'http://127.0.0.1',
      cart: spec.cart,
      cartVersion: 1,
      promoApplied: false,
    };
    const renderOnce = () =>
      renderPage({
        urlOriginal: spec.url,
        headersOriginal: {},
        renderContext,
        flash: null,
      }) as Promise<PageContextLike>;
    const pageContext = await renderOnce();
    if (pageContext.httpResponse?.statusCode !== 200 || !pageContext.Page) {
      throw new Error(
        `Vike rendered ${spec.url} with status ${pageContext.httpResponse?.statusCode}: no page tree to time`,
      );
    }
    const tree = () => renderToString(pageElement(pageContext));
    const treeHtml = tree();
    const { perSecond: rendersPerSecond, cpuMs: cpuMsPerRender } = await timeLoop(
      spec.seconds,
      spec.warmupSeconds,
      tree,
    );
    const { perSecond: vikeRenderPagePerSecond } = await timeLoop(
      Math.max(1, spec.seconds / 2),
      spec.warmupSeconds,
      renderOnce,
    );
    return {
      rendersPerSecond,
      cpuMsPerRender,
      vikeRenderPagePerSecond,
      treeHtmlBytes: Buffer.byteLength(treeHtml),
      pageHtmlBytes: Buffer.byteLength(pageContext.httpResponse.body),
    };
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
