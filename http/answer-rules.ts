import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers to GET are kept by the answer cache, under its key (the URL with only
     * the query its answer reads), and sent again before Fastify until what they show changes.
     * `true`: the same answer for every request.
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
  /** False when this request's answer (under `key`) is made for it (rendition and encoding too) but not kept. */
  kept?(req: IncomingMessage, key: string): boolean;
  /** The rendition's bytes from the shared answer the route sent (default: those bytes). */
  render?(shared: Buffer, rendition: string): Buffer;
  /** Kept in Brotli and gzip too, and sent in the encoding the request prefers. */
  encode?: boolean;
  /** Headers made afresh for each request (a cookie it is handed): never kept. */
  own?: { names: readonly string[]; headers(req: IncomingMessage): string[] };
}

/**
 * What a route's own code may ask of the process's answer cache (server/answer-cache/), beyond
 * declaring its rule: the key its answer is kept under, and a making shared by concurrent misses.
 */
export interface SharedMaking {
  keyOf(url: string): string;
  /**
   * What `makeIt` gives for `key`, made once for concurrent misses: a request arriving while it is
   * being made waits for the same result, unless a change since picked the key (then it is made anew).
   */
  once<T>(reply: FastifyReply, key: string, makeIt: () => Promise<T>): Promise<T>;
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
