import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type EncodedBytes, encodeBytes, sendEncoded } from './encoded-bytes.ts';

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

/**
 * The production build's files on `app`: hashed assets from memory, compressed once (br/gzip by
 * Accept-Encoding), immutable; the rest of dist/client (favicon, robots fallback...) from disk.
 */
export async function registerBuiltAssets(app: FastifyInstance, clientDir: string): Promise<void> {
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
}
