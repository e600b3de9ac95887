import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { COMPRESSIBLE_TYPES } from '../http/encoding/compression-rule.ts';
import { type EncodedBytes, encodeBytes, sendEncoded } from '../http/encoding/encoded-bytes.ts';

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

/** The build's .br and .gz copies (scripts/compress-assets.ts), not assets of their own. */
const PRECOMPRESSED = new Set(['.br', '.gz']);

/** A compressible asset's encodings: the build's copies when it wrote them, else compressed here. */
async function encoded(file: string, content: Buffer): Promise<EncodedBytes> {
  const [br, gzip] = await Promise.all([
    readFile(`${file}.br`).catch(() => undefined),
    readFile(`${file}.gz`).catch(() => undefined),
  ]);
  return br && gzip ? { identity: content, gzip, br } : encodeBytes(content);
}

/** Every file under dist/client/assets (content-hashed, immutable), read once and encoded once. */
async function loadAssets(assetsDir: string): Promise<Map<string, { type: string; bytes: EncodedBytes }>> {
  const assets = new Map<string, { type: string; bytes: EncodedBytes }>();
  if (!existsSync(assetsDir)) return assets;
  const files = (await readdir(assetsDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !PRECOMPRESSED.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const ext = path.extname(file);
      const content = await readFile(file);
      const urlPath = path.relative(assetsDir, file).split(path.sep).join('/');
      assets.set(urlPath, {
        type: ASSET_TYPES[ext] ?? 'application/octet-stream',
        bytes: COMPRESSIBLE_TYPES.has(ext) ? await encoded(file, content) : { identity: content, gzip: content },
      });
    }),
  );
  return assets;
}

/**
 * The production build's files on `app`: hashed assets from memory, compressed once (br/gzip by
 * Accept-Encoding), immutable; the rest of dist/client (favicon, robots fallback...) from disk.
 */
export async function registerBuiltAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  const assets = await loadAssets(path.join(clientDir, 'assets'));
  const assetHeaders = (type: string) => ({
    'content-type': type,
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'accept-encoding',
  });
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
