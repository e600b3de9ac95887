import { brotliCompress, constants as zlibConstants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * Rendered catalogue pages by URL. Those pages hold no per-shopper content (the cart fills in on the
 * client), so one rendering serves everyone until the catalogue changes; then `clear()` drops all.
 * Bounded by bytes, so random query strings cannot grow it without limit. The storefront keeps
 * richer entries (the encoded bytes too), hence the type parameter; `bytesOf` says what one weighs.
 */
export function createPageCache<Page extends CachedPage = CachedPage>(maxBytes = 32 * 1024 * 1024, bytesOf: (page: Page) => number = (page) => page.body.length) {
  const cache = new LRUCache<string, Page>({
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, bytesOf(page)),
  });
  return {
    get: (url: string) => cache.get(url),
    set: (url: string, page: Page) => void cache.set(url, page),
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

// ---------------------------------------------------------------------------------------------------
// Bytes as sent: encoded once, when a page (or an asset) enters memory, never per request.

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The same content in the encodings we send; `br` arrives a moment later (compressed off the event loop). */
export interface EncodedBytes {
  identity: Buffer;
  gzip: Buffer;
  br?: Buffer;
}

/** Below this a response is sent as it is: compression would not pay for its header. */
const MIN_COMPRESSIBLE = 1024;

export function encodeBytes(content: Buffer): EncodedBytes {
  const encoded: EncodedBytes = { identity: content, gzip: content };
  if (content.length < MIN_COMPRESSIBLE) return encoded;
  encoded.gzip = gzipSync(content, { level: 6 });
  brotliCompress(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }, (error, br) => {
    if (!error) encoded.br = br;
  });
  return encoded;
}

/** The best encoding the request accepts that we hold (Accept-Encoding with q-values; q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined, encoded: EncodedBytes): ContentEncoding {
  if (!acceptEncoding || encoded.gzip === encoded.identity) return 'identity';
  let br = 0;
  let gzip = 0;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip, q);
    else if (name === '*') {
      br ||= q;
      gzip ||= q;
    }
  }
  if (encoded.br && br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}
