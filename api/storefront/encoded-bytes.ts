import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompress, constants as zlibConstants, gzipSync } from 'node:zlib';
import { MIN_COMPRESSIBLE_BYTES } from './compression-rule.ts';

// Bytes as sent: encoded once, when a page (or an asset) enters memory, never per request.

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The same content in the encodings we send; `br` arrives a moment later (compressed off the event loop). */
export interface EncodedBytes {
  identity: Buffer;
  gzip: Buffer;
  br?: Buffer;
}


export function encodeBytes(content: Buffer): EncodedBytes {
  const encoded: EncodedBytes = { identity: content, gzip: content };
  if (content.length < MIN_COMPRESSIBLE_BYTES) return encoded;
  encoded.gzip = gzipSync(content, { level: 6 });
  brotliCompress(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }, (error, br) => {
    if (!error) encoded.br = br;
  });
  return encoded;
}

/** What the encodings of one content hold in memory (br counted as gzip-sized until it arrives). */
export function encodedSize(bytes: EncodedBytes): number {
  const gzip = bytes.gzip === bytes.identity ? 0 : bytes.gzip.length;
  return bytes.identity.length + gzip + (bytes.br?.length ?? gzip);
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

export function sendEncoded(request: FastifyRequest, reply: FastifyReply, statusCode: number, headers: Record<string, string>, bytes: EncodedBytes): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding'], bytes);
  reply.status(statusCode).headers(headers);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(bytes[encoding] ?? bytes.identity);
}
