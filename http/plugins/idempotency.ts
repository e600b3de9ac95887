import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';
import { cookieValue } from '../../contracts/shop-cookies.ts';
import { type StoredAnswer, findKeyOutcome, keepAnswer } from '../../db/idempotency-store.ts';
import type { CommandKey } from '../../eventstore/command-keys.ts';
import { HttpError } from '../http-error.ts';
import { SESSION_COOKIE, sessionIdOf } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honour an Idempotency-Key on this route: a repeated key replays the first answer. `true`: the
     * key is the request's Idempotency-Key header. A function: the key is what it returns (form posts,
     * which cannot send headers, take theirs from a cookie); the request's fingerprint joins it, so the
     * same key on another form is another request.
     */
    idempotent?: boolean | ((request: FastifyRequest) => string | undefined);
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the first request's answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export interface IdempotencyOptions {
  db: Database;
  /** How long a key remembers its answer. */
  ttlMs?: number;
  /** How long a repeat waits for the first request (running in this process) to finish before answering 409. */
  waitMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Printable ASCII without spaces, as clients generate them (UUIDs, ULIDs...). */
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** The response headers that are part of the answer a replay repeats. */
const REPLAYED_HEADERS = ['content-type', 'set-cookie', 'etag', 'location'];
/** Answers not worth remembering: nothing was recorded and a retry may well succeed. */
const retryable = (status: number) => status >= 500 || status === 409 || status === 429;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Whose keys these are. A shopper with a session cookie: that session (a key never reaches another
 * shopper's answers). Before the first write there is no session yet, so the client (address and user
 * agent) scopes the key: a lost answer to the first add is retried without a cookie, and must find the
 * cart that add created rather than create a second one.
 */
function scopeOf(request: FastifyRequest): string {
  const session = cookieValue(request.headers.cookie, SESSION_COOKIE);
  return (
    (session && sessionScope(session)) || `client:${sha256(`${request.ip}\n${request.headers['user-agent'] ?? ''}`)}`
  );
}
const sessionScope = (cookie: string) => {
  const id = sessionIdOf(cookie);
  return id ? `session:${sha256(id)}` : undefined;
};

/** The session cookie this answer hands out, if any: the key must also be found under it. */
function newSessionScopes(reply: FastifyReply, scope: string): string[] {
  const header = reply.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  return cookies.flatMap((cookie) => {
    const value = cookieValue(cookie.split(';')[0], SESSION_COOKIE);
    const created = value ? sessionScope(value) : undefined;
    return created && created !== scope ? [created] : [];
  });
}

function fingerprintOf(request: FastifyRequest): string {
  return sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
}

function answerHeaders(reply: FastifyReply): StoredAnswer['headers'] {
  const kept: StoredAnswer['headers'] = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string' || Array.isArray(value)) kept[name] = value;
    else if (typeof value === 'number') kept[name] = String(value);
  }
  return kept;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's Idempotency-Key as a command records it: pass it to the command the request runs. */
    commandKey?: CommandKey;
  }
}

interface Running {
  scope: string;
  key: string;
  fingerprint: string;
  done: () => void;
}
const running = new WeakMap<FastifyRequest, Running>();
const keptOut = new WeakSet<FastifyRequest>();

/**
 * Keeps this request's answer out of the store; its key still guards what its command records (a
 * retry finds that in the log). For an answer carrying what a shopper typed: no retry needs it kept,
 * and a typo in the address would hide it from forgetting that customer.
 */
export function keepAnswerOut(request: FastifyRequest): void {
  keptOut.add(request);
}
/** Lets repeats of the request's key go on, without keeping an answer. */
function release(request: FastifyRequest): void {
  running.get(request)?.done();
  running.delete(request);
}

/**
 * Safe retries for writes. A route opts in with `config: { idempotent: true }`; a request to it that
 * carries an `Idempotency-Key` header then takes effect at most once per key (per scope, see scopeOf):
 * - the command it runs records the key with its events, in the same statement (request.commandKey,
 *   eventstore/command-keys.ts), so no crash can separate the effect from the key;
 * - a repeat of a finished request gets the first answer (status, body, cookie) and records nothing;
 * - a repeat whose first attempt was recorded but never answered (its process died) runs without
 *   recording: the command answers with the stream that attempt wrote, as it is now;
 * - the same key on a different request (method, URL or body) is a 422;
 * - a repeat while the first still runs in this process waits for it, up to `waitMs`, then is a 409.
 * Across instances a repeat does not wait: the log's unique key lets one attempt record, and the
 * other answers from what it recorded. An answer that says "try again" (5xx, 409, 429) is not kept.
 */
export const idempotency = fp(
  async (app: FastifyInstance, options: IdempotencyOptions) => {
    const { db, ttlMs = DAY_MS, waitMs = 5_000 } = options;
    // Requests of this process still running, by scope and key: a repeat waits for the first.
    const inFlight = new Map<string, Promise<void>>();
    app.decorateRequest('commandKey', undefined);

    const claim =
      (keyOf: ((request: FastifyRequest) => string | undefined) | undefined): preHandlerHookHandler =>
      async (request, reply) => {
        let key: string;
        if (keyOf) {
          const given = keyOf(request);
          if (given === undefined) return;
          key = given;
        } else {
          const header = request.headers[IDEMPOTENCY_HEADER];
          if (header === undefined) return;
          if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
            throw new HttpError(400, 'Idempotency-Key must be 8 to 200 printable characters without spaces');
          }
          key = header;
        }
        // Hashed only once there is a key: most writes carry none.
        const fingerprint = fingerprintOf(request);
        const scope = scopeOf(request);
        if (keyOf) key = `${key}.${fingerprint}`;
        const id = `${scope}\n${key}`;
        for (let earlier = inFlight.get(id); earlier; earlier = inFlight.get(id)) {
          const finished = await Promise.race([earlier.then(() => true), pause(waitMs).then(() => false)]);
          if (!finished)
            throw new HttpError(
              409,
              'The first request with this Idempotency-Key is still being processed; try again shortly',
              1,
            );
        }
        let done!: () => void;
        inFlight.set(id, new Promise<void>((resolve) => (done = resolve)));
        running.set(request, { scope, key, fingerprint, done: () => (inFlight.delete(id), done()) });

        const recordKey = sha256(id);
        const outcome = await findKeyOutcome(db, { scope, key, recordKey });
        if (outcome.kind !== 'new' && outcome.fingerprint !== fingerprint) {
          // Not this key's request: its refusal is not the key's answer.
          release(request);
          throw new HttpError(
            422,
            'This Idempotency-Key was already used for a different request; send a new key for a new request',
          );
        }
        if (outcome.kind === 'answered') {
          return reply
            .status(outcome.answer.status)
            .headers(outcome.answer.headers)
            .header(REPLAYED_HEADER, 'true')
            .send(outcome.answer.body);
        }
        request.commandKey = {
          key: recordKey,
          request: fingerprint,
          ...(outcome.kind === 'recorded' ? { recordedIn: outcome.streamId } : {}),
        };
      };

    const finish: onSendHookHandler = async (request, reply, payload) => {
      const first = running.get(request);
      if (!first) return payload;
      // A redirect's body is empty (undefined); a stream or buffer is not an answer this store keeps.
      const body = payload === undefined ? '' : payload;
      // A replayed answer is kept already. The request's work is done (its event committed, with its
      // key): a failure to keep its answer must not turn that answer into a 500, which a client would
      // retry; the retry finds the key in the log and answers from it.
      try {
        if (
          !reply.getHeader(REPLAYED_HEADER) &&
          !retryable(reply.statusCode) &&
          !keptOut.has(request) &&
          typeof body === 'string'
        ) {
          await keepAnswer(db, {
            scopes: [first.scope, ...newSessionScopes(reply, first.scope)],
            key: first.key,
            fingerprint: first.fingerprint,
            ttlMs,
            answer: { status: reply.statusCode, headers: answerHeaders(reply), body },
          });
        }
      } catch (error) {
        request.log.error(
          { err: error, idempotencyKey: first.key },
          'could not keep the answer to an idempotent request; a retry will answer from the log',
        );
      } finally {
        release(request);
      }
      return payload;
    };

    // Route-level hooks run after the scope's own (the session's onSend has set its cookie by then).
    app.addHook('onRoute', (route: RouteOptions) => {
      const idempotent = route.config?.idempotent;
      if (!idempotent) return;
      route.preHandler = [...asArray(route.preHandler), claim(idempotent === true ? undefined : idempotent)];
      route.onSend = [...asArray(route.onSend), finish];
      // A request that ends without passing onSend frees its key too.
      route.onResponse = [...asArray(route.onResponse), async (request: FastifyRequest) => release(request)];
    });
  },
  { name: 'idempotency' },
);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
