import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, RouteOptions, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { REQUEST_ID_HEADER, requestIdOf } from '../logging/logger.ts';
import { HSTS } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers to GETs are kept as sent and sent again by `StoredAnswers.serve`, before
     * Fastify, until `version()` moves. `true`: one answer per URL, the same for every request;
     * a rule: several per URL, one per variant of the request (see StoredAnswerRule).
     */
    storedAnswer?: true | StoredAnswerRule;
  }
}

/**
 * How the answers to one URL differ from request to request, for a route whose answer depends on a
 * few request headers (a page's on its cart-count cookie and Accept-Encoding).
 */
export interface StoredAnswerRule {
  /**
   * Which of the URL's answers this request gets, as a short string; undefined when its answer is
   * its own (that request is neither answered from the store nor stored). It must name everything
   * the answer depends on besides the URL and the catalogue version.
   */
  variant(req: IncomingMessage): string | undefined;
  /** Headers made afresh for each request (a cookie it is handed): left out of what is stored. */
  own?: { names: readonly string[]; headers(req: IncomingMessage): string[] };
}

/** A route with `storedAnswer: true`: every request of a URL gets the same answer. */
const SAME_FOR_EVERY_REQUEST: StoredAnswerRule = { variant: () => '' };

/** Most variants kept per URL: a client inventing header values cannot make one URL hold more. */
const MAX_VARIANTS = 16;

/** An answer as it was sent: its headers (name, value, name, value ...), without the request's own. */
interface StoredAnswer {
  headers: string[];
  body: Buffer;
}

/** A URL's answers, each variant's as it was first sent under `version`. */
interface StoredUrl {
  version: number;
  /** The route pattern, for the request metrics. */
  route: string;
  rule: StoredAnswerRule;
  variants: Map<string, StoredAnswer>;
}

/**
 * Answers a route sent that are not the ones it settles on (a page sent in gzip while its Brotli
 * bytes are still being made): not stored, so the next request goes to Fastify again.
 */
const unsettled = new WeakSet<FastifyReply>();

/** Keeps this answer out of the store (see `unsettled`). */
export function doNotStore(reply: FastifyReply): void {
  unsettled.add(reply);
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
 * Answers made from memory (the catalogue API's, the cached pages), sent the second time without
 * Fastify: its routing, validation, hooks and reply machinery cost such an answer more than writing
 * it does. An answer is stored as Fastify sent it (its onSend hooks have run: the security headers,
 * cache-control), so there is one place that decides what an answer says; `serve` adds only what
 * belongs to the request: its id, HSTS when it came over HTTPS, and the rule's own headers.
 *
 * Only 200 answers to GET are stored, under the exact URL Fastify answered and the request's
 * variant, so a URL that Fastify would refuse (400, 404) never reaches the store; an answer that sets
 * a cookie is stored only when its rule makes that cookie afresh for every request. An answer is sent
 * only while `version()` is the one it was made under; `clear()` frees them all when the catalogue
 * changes. Requests answered here are logged ("incoming request", "request completed", with
 * `storedAnswer`) and counted in the request metrics like every other.
 */
export function createStoredAnswers(options: StoredAnswersOptions) {
  const answers = new LRUCache<string, StoredUrl>({
    maxSize: options.maxBytes ?? 8 * 1024 * 1024,
    sizeCalculation: (stored, url) => {
      let size = url.length + 128;
      for (const answer of stored.variants.values()) size += answer.body.length + answer.headers.length * 32 + 64;
      return size;
    },
  });
  // Counted for the metrics: how many requests were answered from here.
  let sent = 0;
  let bound: { version: () => number; observe: StoredAnswerPluginOptions['observe']; log: FastifyBaseLogger } | undefined;

  const recordFor =
    (rule: StoredAnswerRule): onSendHookHandler =>
    (request, reply, payload, done) => {
      const variant = bound && request.method === 'GET' && reply.statusCode === 200 && !unsettled.has(reply) ? rule.variant(request.raw) : undefined;
      if (variant !== undefined && (typeof payload === 'string' || Buffer.isBuffer(payload))) store(request.url, request.routeOptions.url ?? 'unmatched', rule, variant, reply, payload);
      done(null, payload);
    };

  function store(url: string, route: string, rule: StoredAnswerRule, variant: string, reply: FastifyReply, payload: string | Buffer): void {
    const version = bound!.version();
    const kept = answers.peek(url);
    const stored = kept?.version === version ? kept : { version, route, rule, variants: new Map<string, StoredAnswer>() };
    // Checked first: a URL at its limit sends every further variant through here, and that costs nothing.
    if (stored.variants.size >= MAX_VARIANTS && !stored.variants.has(variant)) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || REQUEST_OWN.has(name) || rule.own?.names.includes(name)) continue;
      // A cookie the rule does not make afresh belongs to this one request.
      if (name === 'set-cookie') return;
      headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    headers.push('content-length', String(body.length));
    stored.variants.set(variant, { headers, body });
    // Set again (not only changed in place) so the cache weighs it with its new variant.
    answers.set(url, stored);
  }

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
    /** Registers the recording: routes declared with `config: { storedAnswer }` keep their answers. */
    plugin: fp(
      async (app: FastifyInstance, pluginOptions: StoredAnswerPluginOptions) => {
        bound = { version: pluginOptions.version, observe: pluginOptions.observe, log: app.log };
        // Route-level, so it runs after every instance-level onSend hook: what it keeps is what was sent.
        app.addHook('onRoute', (route: RouteOptions) => {
          const rule = route.config?.storedAnswer === true ? SAME_FOR_EVERY_REQUEST : route.config?.storedAnswer;
          if (rule === undefined) return;
          route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), recordFor(rule)];
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
      const stored = answers.get(req.url ?? '');
      if (stored === undefined || stored.version !== bound.version()) return false;
      const variant = stored.rule.variant(req);
      const answer = variant === undefined ? undefined : stored.variants.get(variant);
      if (answer === undefined) return false;
      const started = performance.now();
      const id = requestIdOf(req);
      const log = LOGS_REQUESTS.has(bound.log.level) ? bound.log.child({ reqId: id }) : undefined;
      // Shaped as Fastify's request, so its log serializer writes the same fields as for any request.
      log?.info({ req: { method: req.method, url: req.url, headers: req.headers, host: req.headers.host, ip: clientAddress(req), socket: req.socket }, storedAnswer: true }, 'incoming request');
      const headers = answer.headers.concat(REQUEST_ID_HEADER, id);
      if (overHttps(req)) headers.push('strict-transport-security', HSTS);
      if (stored.rule.own) headers.push(...stored.rule.own.headers(req));
      res.writeHead(200, headers);
      res.end(answer.body);
      sent++;
      const seconds = (performance.now() - started) / 1000;
      bound.observe?.(stored.route, 200, seconds);
      log?.info({ res: { statusCode: 200 }, responseTime: seconds * 1000, storedAnswer: true }, 'request completed');
      return true;
    },

    clear: () => answers.clear(),
    /** How many answers to this URL are kept, one per variant (for tests and diagnostics; does not touch its recency). */
    kept: (url: string) => answers.peek(url)?.variants.size ?? 0,
    stats(): StoredAnswerStats {
      let entries = 0;
      for (const stored of answers.values()) entries += stored.variants.size;
      return { sent, entries, bytes: answers.calculatedSize };
    },
  };
}

export type StoredAnswers = ReturnType<typeof createStoredAnswers>;

export interface StoredAnswerStats {
  /** Requests answered from the store. */
  sent: number;
  /** Answers kept (one per URL and variant). */
  entries: number;
  bytes: number;
}
