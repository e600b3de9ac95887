import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { negotiateEncoding } from '../../http/encoding/encoded-bytes.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '../../http/logger.ts';
import { HSTS } from '../../http/plugins/security-headers.ts';
import { answerKey } from './answer-key.ts';
import type { KeptAnswers } from './kept-answers.ts';

/** The header that says whether an answer came from the cache (`hit`) or was made for it (`miss`). */
export const CACHE_STATUS_HEADER = 'x-cache';

/** Levels at which Fastify logs every request (at info). */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

export interface ServeKeptOptions {
  kept: KeptAnswers;
  /** X-Forwarded-Proto and -For are believed (TRUST_PROXY), as Fastify believes them. */
  trustProxy: boolean;
  shuttingDown: () => boolean;
  /** The Fastify instance's logger and request metrics, once the cache's plugin is registered. */
  bound: () =>
    | { log: FastifyBaseLogger; observe?: ((route: string, statusCode: number, seconds: number) => void) | undefined }
    | undefined;
  hit: () => void;
}

/**
 * Sending a kept answer straight from the HTTP server, before Fastify: the answer as its route sent
 * it plus only what belongs to this request (its id, HSTS over HTTPS, the rule's own headers), in
 * its rendition and the encoding it prefers; logged and counted like every other answer.
 */
export function serveKept({ kept, trustProxy, shuttingDown, bound, hit }: ServeKeptOptions) {
  // Fastify's request.protocol and request.ip, as its trustProxy: true reads them.
  const overHttps = (req: IncomingMessage) => {
    const forwarded = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
    if (typeof forwarded === 'string') return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
    return (req.socket as { encrypted?: boolean }).encrypted === true;
  };
  const clientAddress = (req: IncomingMessage) => {
    const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
    return typeof forwarded === 'string' && forwarded.trim() !== ''
      ? forwarded.split(',')[0]!.trim()
      : req.socket.remoteAddress;
  };

  /** Sends the kept answer and returns true, or returns false for Fastify to answer the request. */
  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const fastify = bound();
    if (req.method !== 'GET' || fastify === undefined || shuttingDown()) return false;
    const key = answerKey(req.url ?? '');
    const entry = kept.entries.get(key);
    if (entry === undefined) return false;
    const rendition = entry.rule.rendition ? entry.rule.rendition(req) : '';
    if (rendition === undefined) return false;
    const started = performance.now();
    const id = requestIdOf(req);
    const log = LOGS_REQUESTS.has(fastify.log.level) ? fastify.log.child({ reqId: id }) : undefined;
    // Shaped as Fastify's request, so its log serializer writes the same fields as for any request.
    log?.info(
      {
        req: {
          method: req.method,
          url: req.url,
          headers: req.headers,
          host: req.headers.host,
          ip: clientAddress(req),
          socket: req.socket,
        },
        answerCache: 'hit',
      },
      'incoming request',
    );
    const bytes = kept.renditionOf(key, entry, rendition);
    const encoding = entry.rule.encode ? negotiateEncoding(req.headers['accept-encoding'], bytes) : 'identity';
    const body = bytes[encoding] ?? bytes.identity;
    const headers = entry.headers.concat(
      'content-length',
      String(body.length),
      CACHE_STATUS_HEADER,
      'hit',
      REQUEST_ID_HEADER,
      id,
    );
    if (encoding !== 'identity') headers.push('content-encoding', encoding);
    if (overHttps(req)) headers.push('strict-transport-security', HSTS);
    if (entry.rule.own) headers.push(...entry.rule.own.headers(req));
    res.writeHead(200, headers);
    res.end(body);
    hit();
    const seconds = (performance.now() - started) / 1000;
    fastify.observe?.(entry.route, 200, seconds);
    log?.info({ res: { statusCode: 200 }, responseTime: seconds * 1000, answerCache: 'hit' }, 'request completed');
    return true;
  };
}
