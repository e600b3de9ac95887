import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type EncodedBytes, encodeBytes, encodedSize } from '../../http/encoding/encoded-bytes.ts';
import type { AnswerRule } from '../../http/answer-rules.ts';

/** Renditions kept per answer; a rarer one is made for its request and not kept. */
const MAX_RENDITIONS = 8;

export const DEFAULT_MAX_BYTES = 40 * 1024 * 1024;

/** One URL's answer as its route sent it, shared by every rendition made from it. */
export interface Entry {
  /** The route pattern, for the request metrics. */
  route: string;
  rule: AnswerRule;
  /** Its headers as Fastify sent them (name, value, name, value ...), without the request's own. */
  headers: string[];
  shared: Buffer;
  renditions: Map<string, EncodedBytes>;
}

const entrySize = (entry: Entry, key: string) => {
  let size = key.length + 256 + entry.shared.length + entry.headers.length * 32;
  // A rendition that is the shared answer itself holds no bytes of its own.
  for (const bytes of entry.renditions.values())
    size += encodedSize(bytes) - (bytes.identity === entry.shared ? entry.shared.length : 0);
  return size;
};

/** A rendition's bytes; `kept` false for bytes sent once (then no Brotli, which would come too late). */
export function makeRendition(rule: AnswerRule, shared: Buffer, rendition: string, kept: boolean): EncodedBytes {
  const body = rule.render ? rule.render(shared, rendition) : shared;
  return rule.encode ? encodeBytes(body, { brotli: kept }) : { identity: body, gzip: body };
}

/**
 * The kept answers: one entry per key with its renditions (up to MAX_RENDITIONS, each in the
 * encodings its rule asks for), least recently used first out, bounded by their bytes.
 */
export function createKeptAnswers({
  maxBytes = DEFAULT_MAX_BYTES,
  requestOwn,
}: {
  maxBytes?: number;
  requestOwn: ReadonlySet<string>;
}) {
  const entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: entrySize });
  return {
    entries,

    /** The rendition's bytes, kept (and the entry weighed again) while the entry has room for another. */
    renditionOf(key: string, entry: Entry, rendition: string): EncodedBytes {
      let bytes = entry.renditions.get(rendition);
      if (bytes) return bytes;
      const keeping = entry.renditions.size < MAX_RENDITIONS;
      bytes = makeRendition(entry.rule, entry.shared, rendition, keeping);
      if (keeping) {
        entry.renditions.set(rendition, bytes);
        // lru-cache weighs an entry when it is set as a new value only: set again, it keeps the old size.
        if (entries.peek(key) === entry) {
          entries.delete(key);
          entries.set(key, entry);
        }
      }
      return bytes;
    },

    /** The entry for what the route sent, or undefined when the answer must not be kept. */
    keep(key: string, rule: AnswerRule, reply: FastifyReply, shared: Buffer): Entry | undefined {
      const kept = entries.peek(key);
      if (kept) return kept;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || requestOwn.has(name) || rule.own?.names.includes(name)) continue;
        // A cookie the rule does not make afresh belongs to this one request.
        if (name === 'set-cookie') return undefined;
        headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const entry: Entry = {
        route: reply.request.routeOptions.url ?? 'unmatched',
        rule,
        headers,
        shared,
        renditions: new Map(),
      };
      entries.set(key, entry);
      return entry;
    },
  };
}

export type KeptAnswers = ReturnType<typeof createKeptAnswers>;
