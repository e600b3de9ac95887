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

/**
 * zlib hands back a view of its larger output chunk (ADR 23 has the sizes): what is kept is copied
 * to its own length, so the bytes counted are the bytes held.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.buffer.byteLength === view.length) return view;
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/**
 * The content in gzip now and in Brotli a moment later. `brotli: false` for bytes sent once and not
 * kept: their Brotli would arrive after the answer left, costing a compression for nothing.
 */
export function encodeBytes(content: Buffer, { brotli = true }: { brotli?: boolean } = {}): EncodedBytes {
  const encoded: EncodedBytes = { identity: content, gzip: content };
  if (content.length < MIN_COMPRESSIBLE_BYTES) return encoded;
  encoded.gzip = ownBytes(gzipSync(content, { level: 6 }));
  if (!brotli) return encoded;
  brotliCompress(
    content,
    { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } },
    (error, br) => {
      if (!error) encoded.br = ownBytes(br);
    },
  );
  return encoded;
}

/** What the encodings of one content hold in memory (br counted as gzip-sized until it arrives). */
export function encodedSize(bytes: EncodedBytes): number {
  const gzip = bytes.gzip === bytes.identity ? 0 : bytes.gzip.length;
  return bytes.identity.length + gzip + (bytes.br?.length ?? gzip);
}

/** Whether these bytes are final: Brotli has arrived, or the content is too small to encode at all. */
export const isSettled = (bytes: EncodedBytes) => bytes.br !== undefined || bytes.gzip === bytes.identity;

interface Accepted {
  br: number;
  gzip: number;
}

// Parsed once per distinct header: browsers send a handful, and parsing one per request is wasted work.
const acceptedByHeader = new Map<string, Accepted>();
const MAX_REMEMBERED_HEADERS = 64;

/** The q-values Accept-Encoding gives br and gzip (q=0 refuses; `*` stands for both when not named). */
function accepted(acceptEncoding: string): Accepted {
  let result = acceptedByHeader.get(acceptEncoding);
  if (result) return result;
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
  result = { br, gzip };
  // A client inventing headers only empties the memory, never grows it.
  if (acceptedByHeader.size >= MAX_REMEMBERED_HEADERS) acceptedByHeader.clear();
  acceptedByHeader.set(acceptEncoding, result);
  return result;
}

/** The encoding the request gets of content we hold in every encoding (br when it is liked at least as much as gzip). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const { br, gzip } = accepted(acceptEncoding);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The best encoding of these bytes the request accepts: the preferred one, or gzip while Brotli is still being made. */
export function negotiateEncoding(acceptEncoding: string | undefined, encoded: EncodedBytes): ContentEncoding {
  if (encoded.gzip === encoded.identity) return 'identity';
  const preferred = preferredEncoding(acceptEncoding);
  if (preferred !== 'br' || encoded.br) return preferred;
  return accepted(acceptEncoding!).gzip > 0 ? 'gzip' : 'identity';
}

export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  headers: Record<string, string>,
  bytes: EncodedBytes,
): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding'], bytes);
  reply.status(statusCode).headers(headers);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(bytes[encoding] ?? bytes.identity);
}
