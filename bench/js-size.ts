/**
 * First-load JavaScript per route, gzip-sized. Two ways that must agree:
 * - from the build manifest (deterministic, no server: what the budget test uses): the client
 *   router's entry plus the page's entry, with every static import of either, transitively;
 * - from a served page's HTML (what the bench also reports): every `<script src>` and
 *   `<link rel="modulepreload">` the HTML names.
 * Dynamic imports (lazy components) are not first-load JS; CSS is not JS. Each file is gzipped on
 * its own at level 9 (what a compressing proxy would send; the bytes are deterministic).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const JS_BUDGET_BYTES = 100 * 1024;

/** The routes with a budget, and the Vike page that serves each. */
export const BUDGET_ROUTES: ReadonlyArray<{ route: string; pageId: string }> = [
  { route: '/', pageId: '/storefront/pages/index' },
  { route: '/shop', pageId: '/storefront/pages/shop' },
  { route: '/product/{slug}', pageId: '/storefront/pages/product/@slug' },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteJs {
  route: string;
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  bytes: number;
  gzipBytes: number;
}

export const gzipSize = (content: Buffer | string) => gzipSync(content, { level: 9 }).length;

/** Vike moves Vite's manifest to dist/assets.json; plain Vite leaves it in dist/client/.vite/. */
export function readManifest(distDir: string): Manifest {
  for (const file of [path.join(distDir, 'assets.json'), path.join(distDir, 'client/.vite/manifest.json')]) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  }
  throw new Error(
    `no build manifest in ${distDir} (dist/assets.json or dist/client/.vite/manifest.json): run \`npm run build\` first`,
  );
}

function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js') || file.endsWith('.mjs'));
}

function sized(route: string, clientDir: string, files: string[]): RouteJs {
  const sizedFiles = [...new Set(files)].sort().map((file) => {
    const content = readFileSync(path.join(clientDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSize(content) };
  });
  return {
    route,
    files: sizedFiles,
    bytes: sizedFiles.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: sizedFiles.reduce((n, f) => n + f.gzipBytes, 0),
  };
}

/** First-load JS of each budgeted route, from the manifest of the build in `distDir`. */
export function firstLoadFromManifest(distDir: string): RouteJs[] {
  const manifest = readManifest(distDir);
  const router = Object.keys(manifest).find(
    (key) => manifest[key]!.isEntry && /runtime-(client|server)-routing\/entry\.js$/.test(key),
  );
  if (!router) throw new Error('the manifest has no Vike client entry (runtime-client-routing/entry.js)');
  return BUDGET_ROUTES.map(({ route, pageId }) => {
    const pageEntry = `virtual:vike:page-entry:client:${pageId}`;
    if (!manifest[pageEntry]) throw new Error(`the manifest has no client entry for page ${pageId} (route ${route})`);
    return sized(route, path.join(distDir, 'client'), staticClosure(manifest, [router, pageEntry]));
  });
}

/** The JS files a page's HTML makes the browser load at once: module scripts and modulepreloads. */
export function scriptsInHtml(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.push(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0]);
    if (href) urls.push(href[1]!);
  }
  return [...new Set(urls)];
}

/** First-load JS of a served page, fetching its scripts from `origin`. */
export async function firstLoadFromHtml(route: string, origin: string, html: string): Promise<RouteJs> {
  const files: RouteJs['files'] = [];
  for (const url of scriptsInHtml(html)) {
    const content = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer());
    files.push({ file: url.replace(/^\//, ''), bytes: content.length, gzipBytes: gzipSize(content) });
  }
  return {
    route,
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  };
}
