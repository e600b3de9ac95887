import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { REQUEST_ID_HEADER, requestIdOf } from '../logging/logger.ts';
import { HSTS } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answer to a GET is the same for every request of its URL until `version()`
     * moves: it is kept as sent and sent again by `StoredAnswers.serve`, before Fastify.
     */
    storedAnswer?: boolean;
  }
}

/** An answer as it was sent: its headers (name, value, name, value ...), without the request's own. */
interface StoredAnswer {
  version: number;
  /** The route pattern, for the request metrics. */
  route: string;
  headers: string[];
  body: Buffer;
}

/** Headers that belong to the request that was answered, not to the answer: set afresh for each. */
const REQUEST_OWN = new Set([REQUEST_ID_HEADER, 'strict-transport-security', 'connection', 'content-length']);

/** Levels at which Fastify logs every request (at info). */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

export interface StoredAnswersOptions {
  /** X-Forwarded-Proto is believed (TRUST_PROXY): it decides HSTS, as it does for Fastify's answers. */
  trustProxy: boolean;
  /** True once the server began to shut down: Fastify answers (and closes the connection) from then on. */
  shuttingDown: () => boolean;
  /** The bytes the stored answers may hold (default 8 MB): no stream of distinct URLs grows it past that. */
  maxBytes?: number;
}

export interface StoredAnswerPluginOptions {
  /** What the answers depend on (the catalogue's version): an answer stored under another is not sent. */
  version: () => number;
  /** Called for each answer sent from the store, as Fastify's onResponse hook is for the others. */
  observe?: (route: string, statusCode: number, seconds: number) => void;
}

/**
 * Answers that are the same for everyone who asks for their URL (the catalogue API's), sent the
 * second time without Fastify: its routing, validation, hooks and reply machinery cost a cached
 * answer more than writing it does. An answer is stored as Fastify sent it (its onSend hooks have
 * run: the security headers, cache-control), so there is one place that decides what an answer
 * says; `serve` adds only what belongs to the request: its id, HSTS when it came over HTTPS.
 *
 * Only 200 answers to GET without a cookie set are stored, under the exact URL Fastify answered, so
 * a URL that Fastify would refuse (400, 404) never reaches the store. An answer is sent only while
 * `version()` is the one it was made under; `clear()` frees them all when the catalogue changes.
 * Requests answered here are logged ("incoming request", "request completed", with `storedAnswer`)
 * and counted in the request metrics like every other.
 */
export function createStoredAnswers(options: StoredAnswersOptions) {
  const answers = new LRUCache<string, StoredAnswer>({
    maxSize: options.maxBytes ?? 8 * 1024 * 1024,
    sizeCalculation: (answer, url) => answer.body.length + url.length + answer.headers.length * 32 + 128,
  });
  // Counted for the metrics: how many requests were answered from here.
  let sent = 0;
  let bound: { version: () => number; observe: StoredAnswerPluginOptions['observe']; log: FastifyBaseLogger } | undefined;

  const record: onSendHookHandler = (request, reply, payload, done) => {
    if (bound && request.method === 'GET' && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload)) && !reply.hasHeader('set-cookie')) {
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || REQUEST_OWN.has(name)) continue;
        headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      headers.push('content-length', String(body.length));
      answers.set(request.url, { version: bound.version(), route: request.routeOptions.url ?? 'unmatched', headers, body });
    }
    done(null, payload);
  };

  // Fastify's request.protocol and request.ip, as its trustProxy: true reads them.
  const overHttps = (req: IncomingMessage) => {
    const forwarded = options.trustProxy ? req.headers['x-forwarded-proto'] : undefined;
    if (typeof forwarded === 'string') return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
    return (req.socket as { encrypted?: boolean }).encrypted === true;
  };
  const clientAddress = (req: IncomingMessage) => {
    const forwarded = options.trustProxy ? req.headers['x-forwarded-for'] : undefined;
    return typeof forwarded === 'string' && forwarded.trim() !== '' ? forwarded.split(',')[0]!.trim() : req.socket.remoteAddress;
  };

  return {
    /** Registers the recording: routes declared with `config: { storedAnswer: true }` keep their answers. */
    plugin: fp(
      async (app: FastifyInstance, pluginOptions: StoredAnswerPluginOptions) => {
        bound = { version: pluginOptions.version, observe: pluginOptions.observe, log: app.log };
        // Route-level, so it runs after every instance-level onSend hook: what it keeps is what was sent.
        app.addHook('onRoute', (route: RouteOptions) => {
          if (route.config?.storedAnswer !== true) return;
          route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), record];
        });
        app.addHook('onClose', (_app, done) => {
          answers.clear();
          bound = undefined;
          done();
        });
      },
      { name: 'stored-answers' },
    ),

    /**
     * Sends the stored answer to this request and returns true, or returns false for Fastify to
     * answer it. For the HTTP server's request event, ahead of Fastify's handler.
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' || bound === undefined || options.shuttingDown()) return false;
      const answer = answers.get(req.url ?? '');
      if (answer === undefined || answer.version !== bound.version()) return false;
      const started = performance.now();
      const id = requestIdOf(req);
      const log = LOGS_REQUESTS.has(bound.log.level) ? bound.log.child({ reqId: id }) : undefined;
      // Shaped as Fastify's request, so its log serializer writes the same fields as for any request.
      log?.info({ req: { method: req.method, url: req.url, headers: req.headers, host: req.headers.host, ip: clientAddress(req), socket: req.socket }, storedAnswer: true }, 'incoming request');
      const headers = answer.headers.concat(REQUEST_ID_HEADER, id);
      if (overHttps(req)) headers.push('strict-transport-security', HSTS);
      res.writeHead(200, headers);
      res.end(answer.body);
      sent++;
      const seconds = (performance.now() - started) / 1000;
      bound.observe?.(answer.route, 200, seconds);
      log?.info({ res: { statusCode: 200 }, responseTime: seconds * 1000, storedAnswer: true }, 'request completed');
      return true;
    },

    clear: () => answers.clear(),
    /** Whether an answer for this URL is kept (for tests and diagnostics; does not touch its recency). */
    has: (url: string) => answers.has(url),
    stats: (): StoredAnswerStats => ({ sent, entries: answers.size, bytes: answers.calculatedSize }),
  };
}

export type StoredAnswers = ReturnType<typeof createStoredAnswers>;

export interface StoredAnswerStats {
  /** Requests answered from the store. */
  sent: number;
  entries: number;
  bytes: number;
}
