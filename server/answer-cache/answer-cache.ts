import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RouteOptions,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { negotiateEncoding } from '../../http/encoding/encoded-bytes.ts';
import { REQUEST_ID_HEADER } from '../../http/logger.ts';
import type { AnswerCacheStats, AnswerRule, SharedMaking } from '../../http/answer-rules.ts';
import { answerKey } from './answer-key.ts';
import { createChangeJournal } from './change-journal.ts';
import { createKeptAnswers, makeRendition } from './kept-answers.ts';
import { CACHE_STATUS_HEADER, serveKept } from './serve-kept.ts';

const SAME_FOR_EVERY_REQUEST: AnswerRule = {};

/** Headers that belong to the request that was answered, not to the answer: set afresh for each. */
const REQUEST_OWN = new Set([
  REQUEST_ID_HEADER,
  'strict-transport-security',
  'connection',
  'content-length',
  'content-encoding',
  CACHE_STATUS_HEADER,
]);

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

/**
 * The shop's one cache of answers: the catalogue API's and the catalogue pages'. One key rule
 * (`answerKey`), one bound in bytes (kept-answers.ts), one invalidation (`clear()` when the catalogue
 * changes, `drop()` for the answers a change touches, both noted in the change journal), one set of
 * counters.
 *
 * A route opts in with `config: { answerCache }` (http/answer-rules.ts). Its answer is kept as
 * Fastify sent it (its onSend hooks have run: security headers, cache-control), so one place decides
 * what an answer says; `serve` (serve-kept.ts), called by the HTTP server before Fastify, adds only
 * what belongs to the request. Only 200 answers to GET are kept, and never one whose making began
 * before a change that picks its key.
 */
export function createAnswerCache(options: AnswerCacheOptions) {
  const kept = createKeptAnswers({
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
    requestOwn: REQUEST_OWN,
  });
  const journal = createChangeJournal();
  const startedIn = new WeakMap<FastifyReply, number>();
  const inFlight = new Map<string, { since: number; made: Promise<unknown> }>();
  let hits = 0;
  let misses = 0;
  let bound: { observe: AnswerCachePluginOptions['observe']; log: FastifyBaseLogger } | undefined;

  const noteStart: onRequestHookHandler = (_request, reply, done) => {
    startedIn.set(reply, journal.current);
    done();
  };

  const answerFor =
    (rule: AnswerRule): onSendHookHandler =>
    (request, reply, payload, done) => {
      const rendition = rule.rendition ? rule.rendition(request.raw) : '';
      if (rendition === undefined || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
        return done(null, payload);
      const shared = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const key = answerKey(request.url);
      const keepable =
        request.method === 'GET' &&
        reply.statusCode === 200 &&
        !journal.changedSince(key, startedIn.get(reply)) &&
        rule.kept?.(request.raw, key) !== false;
      const entry = keepable ? kept.keep(key, rule, reply, shared) : undefined;
      if (request.method === 'GET') misses++;
      const bytes = entry ? kept.renditionOf(key, entry, rendition) : makeRendition(rule, shared, rendition, false);
      const encoding = rule.encode ? negotiateEncoding(request.headers['accept-encoding'], bytes) : 'identity';
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      reply.header(CACHE_STATUS_HEADER, 'miss');
      done(null, bytes[encoding] ?? bytes.identity);
    };

  const shared: SharedMaking = {
    keyOf: answerKey,
    once<T>(reply: FastifyReply, key: string, makeIt: () => Promise<T>): Promise<T> {
      let pending = inFlight.get(key);
      // One begun before a change that picks this key would send what the change made wrong: make it anew.
      if (pending && journal.changedSince(key, pending.since)) pending = undefined;
      if (!pending) {
        const made = makeIt().finally(() => {
          if (inFlight.get(key) === pending) inFlight.delete(key);
        });
        pending = { since: journal.current, made };
        inFlight.set(key, pending);
      }
      // Joining a making begun earlier: the answer is as old as that making.
      if (pending.since !== startedIn.get(reply))
        startedIn.set(reply, Math.min(pending.since, startedIn.get(reply) ?? journal.current));
      return pending.made as Promise<T>;
    },
  };

  return {
    ...shared,
    /** Registers the cache on the routes declared with `config: { answerCache }` (register it before them). */
    plugin: fp(
      async (app: FastifyInstance, pluginOptions: AnswerCachePluginOptions) => {
        bound = { observe: pluginOptions.observe, log: app.log };
        // Route-level, so it runs after every instance-level onSend hook: what it keeps is what was sent.
        app.addHook('onRoute', (route: RouteOptions) => {
          const rule = route.config?.answerCache === true ? SAME_FOR_EVERY_REQUEST : route.config?.answerCache;
          if (rule === undefined) return;
          const listed = <T>(hooks: T | T[] | undefined): T[] =>
            hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
          route.onRequest = [noteStart, ...listed(route.onRequest)];
          route.onSend = [...listed(route.onSend), answerFor(rule)];
        });
        app.addHook('onClose', (_app, done) => {
          kept.entries.clear();
          bound = undefined;
          done();
        });
      },
      { name: 'answer-cache' },
    ),

    /** For the HTTP server's request event, ahead of Fastify's handler (serve-kept.ts). */
    serve: serveKept({
      kept,
      trustProxy: options.trustProxy,
      shuttingDown: options.shuttingDown,
      bound: () => bound,
      hit: () => void hits++,
    }),

    /** Forgets every answer (the catalogue changed); answers being made now are sent but not kept. */
    clear(): void {
      journal.remember(() => true);
      kept.entries.clear();
    },

    /**
     * Forgets the answers whose keys `changed` picks (a part of what they show moved) and keeps the
     * rest; of the answers being made now, those it picks are sent but not kept.
     */
    drop(changed: (key: string) => boolean): void {
      journal.remember(changed);
      for (const key of [...kept.entries.keys()]) if (changed(key)) kept.entries.delete(key);
    },

    /** How many renditions of this URL's answer are kept (for tests and diagnostics; does not touch its recency). */
    kept: (url: string) => kept.entries.peek(answerKey(url))?.renditions.size ?? 0,

    stats: (): AnswerCacheStats => ({ hits, misses, entries: kept.entries.size, bytes: kept.entries.calculatedSize }),
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
