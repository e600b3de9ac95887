import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, RouteOptions, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { type EncodedBytes, encodeBytes, encodedSize, negotiateEncoding } from '../encoding/encoded-bytes.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '../logging/logger.ts';
import { HSTS } from '../plugins/security-headers.ts';
import { answerKey } from './answer-key.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers to GET are kept by the answer cache, under `answerKey(url)`, and sent
     * again before Fastify until the catalogue changes. `true`: the same answer for every request.
     */
    answerCache?: true | AnswerRule;
  }
}

/** How a route's cached answer is handed to each request (a page's: its cart badge and encoding). */
export interface AnswerRule {
  /**
   * Which rendition of the shared answer this request gets, as a short string ('' by default);
   * undefined when its answer is its own: then it is neither answered from the cache nor kept.
   */
  rendition?(req: IncomingMessage): string | undefined;
  /** False when this request's answer is made for it (rendition and encoding too) but not kept. */
  kept?(req: IncomingMessage): boolean;
  /** The rendition's bytes from the shared answer the route sent (default: those bytes). */
  render?(shared: Buffer, rendition: string): Buffer;
  /** Kept in Brotli and gzip too, and sent in the encoding the request prefers. */
  encode?: boolean;
  /** Headers made afresh for each request (a cookie it is handed): never kept. */
  own?: { names: readonly string[]; headers(req: IncomingMessage): string[] };
}

const SAME_FOR_EVERY_REQUEST: AnswerRule = {};

/** Renditions kept per answer; a rarer one is made for its request and not kept. */
const MAX_RENDITIONS = 8;
/** Changes remembered for the answers being made meanwhile; one begun before all of them is not kept. */
const MAX_REMEMBERED_CHANGES = 64;

/** The header that says whether an answer came from the cache (`hit`) or was made for it (`miss`). */
export const CACHE_STATUS_HEADER = 'x-cache';

/** Headers that belong to the request that was answered, not to the answer: set afresh for each. */
const REQUEST_OWN = new Set([REQUEST_ID_HEADER, 'strict-transport-security', 'connection', 'content-length', 'content-encoding', CACHE_STATUS_HEADER]);

/** Levels at which Fastify logs every request (at info). */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

/** One URL's answer as its route sent it, shared by every rendition made from it. */
interface Entry {
  /** The route pattern, for the request metrics. */
  route: string;
  rule: AnswerRule;
  /** Its headers as Fastify sent them (name, value, name, value ...), without the request's own. */
  headers: string[];
  shared: Buffer;
  renditions: Map<string, EncodedBytes>;
}

export interface AnswerCacheOptions {
  /** X-Forwarded-Proto is believed (TRUST_PROXY): it decides HSTS, as it does for Fastify's answers. */
  trustProxy: boolean;
  /** True once the server began to shut down: Fastify answers (and closes the connection) from then on. */
  shuttingDown: () => boolean;
  /** The bytes the cache may hold, every rendition and encoding counted (default DEFAULT_MAX_BYTES). */
  maxBytes?: number;
}

export interface AnswerCachePluginOptions {
  /** Called for each answer sent from the cache, as Fastify's onResponse hook is for the others. */
  observe?: (route: string, statusCode: number, seconds: number) => void;
}

export interface AnswerCacheStats {
  /** Requests answered from the cache, before Fastify. */
  hits: number;
  /** Requests for a cacheable answer that Fastify had to make. */
  misses: number;
  /** URLs kept (each with its renditions). */
  entries: number;
  bytes: number;
}

export const DEFAULT_MAX_BYTES = 40 * 1024 * 1024;

const entrySize = (entry: Entry, key: string) => {
  let size = key.length + 256 + entry.shared.length + entry.headers.length * 32;
  // A rendition that is the shared answer itself holds no bytes of its own.
  for (const bytes of entry.renditions.values()) size += encodedSize(bytes) - (bytes.identity === entry.shared ? entry.shared.length : 0);
  return size;
};

/**
 * The shop's one cache of answers: the catalogue API's and the catalogue pages'. One key rule
 * (`answerKey`), one bound in bytes (LRU by size), one invalidation (`clear()` when the catalogue
 * changes, `drop()` for the answers a stock movement touches), one set of counters.
 *
 * A route opts in with `config: { answerCache }`. Its answer is kept as Fastify sent it (its onSend
 * hooks have run: security headers, cache-control), so one place decides what an answer says; `serve`,
 * called by the HTTP server before Fastify, adds only what belongs to the request: its id, HSTS over
 * HTTPS, the rule's own headers. Only 200 answers to GET are kept, and never one whose making began
 * before a change that picks its key. Each request gets its rendition (a page's cart badge), in the
 * encoding it prefers; renditions are made from the kept answer, once each. Answers sent from here are
 * logged and counted in the request metrics like every other.
 */
export function createAnswerCache(options: AnswerCacheOptions) {
  const entries = new LRUCache<string, Entry>({ maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES, sizeCalculation: entrySize });
  // Counted by clear() and drop(): an answer is kept only if no change since its making began picked
  // its key (a stock movement spoils the answers it shows, not every answer being made).
  let changes = 0;
  const remembered: Array<{ at: number; picks: (key: string) => boolean }> = [];
  const startedIn = new WeakMap<FastifyReply, number>();
  const inFlight = new Map<string, { since: number; made: Promise<unknown> }>();
  const changedSince = (key: string, since: number | undefined): boolean => {
    if (since === changes) return false;
    if (since === undefined || remembered.length === 0 || remembered[0]!.at > since + 1) return true;
    return remembered.some((change) => change.at > since && change.picks(key));
  };
  const remember = (picks: (key: string) => boolean) => {
    remembered.push({ at: ++changes, picks });
    if (remembered.length > MAX_REMEMBERED_CHANGES) remembered.shift();
  };
  let hits = 0;
  let misses = 0;
  let bound: { observe: AnswerCachePluginOptions['observe']; log: FastifyBaseLogger } | undefined;

  /** A rendition's bytes; `kept` false for bytes sent once (then no Brotli, which would come too late). */
  const make = (rule: AnswerRule, shared: Buffer, rendition: string, kept: boolean): EncodedBytes => {
    const body = rule.render ? rule.render(shared, rendition) : shared;
    return rule.encode ? encodeBytes(body, { brotli: kept }) : { identity: body, gzip: body };
  };

  /** The rendition's bytes, kept (and the entry weighed again) while the entry has room for another. */
  function renditionOf(key: string, entry: Entry, rendition: string): EncodedBytes {
    let bytes = entry.renditions.get(rendition);
    if (bytes) return bytes;
    const keeping = entry.renditions.size < MAX_RENDITIONS;
    bytes = make(entry.rule, entry.shared, rendition, keeping);
    if (keeping) {
      entry.renditions.set(rendition, bytes);
      // lru-cache weighs an entry when it is set as a new value only: set again, it keeps the old size.
      if (entries.peek(key) === entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
    }
    return bytes;
  }

  /** The entry for what the route sent, or undefined when the answer must not be kept. */
  function keep(key: string, rule: AnswerRule, reply: FastifyReply, shared: Buffer): Entry | undefined {
    const kept = entries.peek(key);
    if (kept) return kept;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || REQUEST_OWN.has(name) || rule.own?.names.includes(name)) continue;
      // A cookie the rule does not make afresh belongs to this one request.
      if (name === 'set-cookie') return undefined;
      headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const entry: Entry = { route: reply.request.routeOptions.url ?? 'unmatched', rule, headers, shared, renditions: new Map() };
    entries.set(key, entry);
    return entry;
  }

  const noteStart: onRequestHookHandler = (_request, reply, done) => {
    startedIn.set(reply, changes);
    done();
  };

  const answerFor =
    (rule: AnswerRule): onSendHookHandler =>
    (request, reply, payload, done) => {
      const rendition = rule.rendition ? rule.rendition(request.raw) : '';
      if (rendition === undefined || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
      const shared = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const key = answerKey(request.url);
      const keepable = request.method === 'GET' && reply.statusCode === 200 && !changedSince(key, startedIn.get(reply)) && rule.kept?.(request.raw) !== false;
      const entry = keepable ? keep(key, rule, reply, shared) : undefined;
      if (request.method === 'GET') misses++;
      const bytes = entry ? renditionOf(key, entry, rendition) : make(rule, shared, rendition, false);
      const encoding = rule.encode ? negotiateEncoding(request.headers['accept-encoding'], bytes) : 'identity';
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      reply.header(CACHE_STATUS_HEADER, 'miss');
      done(null, bytes[encoding] ?? bytes.identity);
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
    /** Registers the cache on the routes declared with `config: { answerCache }` (register it before them). */
    plugin: fp(
      async (app: FastifyInstance, pluginOptions: AnswerCachePluginOptions) => {
        bound = { observe: pluginOptions.observe, log: app.log };
        // Route-level, so it runs after every instance-level onSend hook: what it keeps is what was sent.
        app.addHook('onRoute', (route: RouteOptions) => {
          const rule = route.config?.answerCache === true ? SAME_FOR_EVERY_REQUEST : route.config?.answerCache;
          if (rule === undefined) return;
          const listed = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
          route.onRequest = [noteStart, ...listed(route.onRequest)];
          route.onSend = [...listed(route.onSend), answerFor(rule)];
        });
        app.addHook('onClose', (_app, done) => {
          entries.clear();
          bound = undefined;
          done();
        });
      },
      { name: 'answer-cache' },
    ),

    /**
     * Sends the cached answer to this request and returns true, or returns false for Fastify to
     * answer it. For the HTTP server's request event, ahead of Fastify's handler.
     */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' || bound === undefined || options.shuttingDown()) return false;
      const key = answerKey(req.url ?? '');
      const entry = entries.get(key);
      if (entry === undefined) return false;
      const rendition = entry.rule.rendition ? entry.rule.rendition(req) : '';
      if (rendition === undefined) return false;
      const started = performance.now();
      const id = requestIdOf(req);
      const log = LOGS_REQUESTS.has(bound.log.level) ? bound.log.child({ reqId: id }) : undefined;
      // Shaped as Fastify's request, so its log serializer writes the same fields as for any request.
      log?.info({ req: { method: req.method, url: req.url, headers: req.headers, host: req.headers.host, ip: clientAddress(req), socket: req.socket }, answerCache: 'hit' }, 'incoming request');
      const bytes = renditionOf(key, entry, rendition);
      const encoding = entry.rule.encode ? negotiateEncoding(req.headers['accept-encoding'], bytes) : 'identity';
      const body = bytes[encoding] ?? bytes.identity;
      const headers = entry.headers.concat('content-length', String(body.length), CACHE_STATUS_HEADER, 'hit', REQUEST_ID_HEADER, id);
      if (encoding !== 'identity') headers.push('content-encoding', encoding);
      if (overHttps(req)) headers.push('strict-transport-security', HSTS);
      if (entry.rule.own) headers.push(...entry.rule.own.headers(req));
      res.writeHead(200, headers);
      res.end(body);
      hits++;
      const seconds = (performance.now() - started) / 1000;
      bound.observe?.(entry.route, 200, seconds);
      log?.info({ res: { statusCode: 200 }, responseTime: seconds * 1000, answerCache: 'hit' }, 'request completed');
      return true;
    },

    /**
     * What `makeIt` gives for `key`, made once for concurrent misses: a request arriving while it is
     * being made waits for the same result, unless a change since picked the key (then it is made anew).
     */
    once<T>(reply: FastifyReply, key: string, makeIt: () => Promise<T>): Promise<T> {
      let pending = inFlight.get(key);
      // One begun before a change that picks this key would send what the change made wrong: make it anew.
      if (pending && changedSince(key, pending.since)) pending = undefined;
      if (!pending) {
        const made = makeIt().finally(() => {
          if (inFlight.get(key) === pending) inFlight.delete(key);
        });
        pending = { since: changes, made };
        inFlight.set(key, pending);
      }
      // Joining a making begun earlier: the answer is as old as that making.
      if (pending.since !== startedIn.get(reply)) startedIn.set(reply, Math.min(pending.since, startedIn.get(reply) ?? changes));
      return pending.made as Promise<T>;
    },

    /** The key an answer to this URL is kept under. */
    keyOf: answerKey,

    /** Forgets every answer (the catalogue changed); answers being made now are sent but not kept. */
    clear(): void {
      remember(() => true);
      entries.clear();
    },

    /**
     * Forgets the answers whose keys `changed` picks (a part of what they show moved) and keeps the
     * rest; of the answers being made now, those it picks are sent but not kept.
     */
    drop(changed: (key: string) => boolean): void {
      remember(changed);
      for (const key of [...entries.keys()]) if (changed(key)) entries.delete(key);
    },

    /** How many renditions of this URL's answer are kept (for tests and diagnostics; does not touch its recency). */
    kept: (url: string) => {
      return entries.peek(answerKey(url))?.renditions.size ?? 0;
    },

    stats: (): AnswerCacheStats => ({ hits, misses, entries: entries.size, bytes: entries.calculatedSize }),
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
