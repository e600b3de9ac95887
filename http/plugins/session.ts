import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { SESSION_MAX_AGE_S } from '../../contracts/shop-cookies.ts';

/** What the shop remembers of a shopper between requests. */
const SessionData = v.object({
  /** Random, minted with the cookie and kept for its life: what a shopper's idempotency keys are scoped to. */
  id: v.pipe(v.string(), v.regex(/^[\w-]{16,64}$/)),
  cartId: v.optional(v.pipe(v.string(), v.uuid())),
  /** The promo code applied on the cart page; checkout honours it too. */
  promoCode: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
type SessionData = v.InferOutput<typeof SessionData>;

export const SESSION_COOKIE = 'dino.sid';

/**
 * The shopper's session, kept whole in a signed cookie (HMAC with the session secret): reading or
 * writing it costs no query, and every instance that shares the secret reads the same session.
 * Setting a field marks it changed; the answer then carries the new cookie.
 */
export class ShopperSession {
  #data: SessionData | undefined;
  #changed: boolean;

  /** `unreadable`: the request's cookie was forged or garbled, so the answer clears it. */
  constructor(data: SessionData | undefined, { unreadable = false } = {}) {
    this.#data = data;
    this.#changed = unreadable;
  }

  get cartId(): string | undefined {
    return this.#data?.cartId;
  }
  set cartId(cartId: string | undefined) {
    this.#set('cartId', cartId);
  }

  get promoCode(): string | undefined {
    return this.#data?.promoCode;
  }
  set promoCode(promoCode: string | undefined) {
    this.#set('promoCode', promoCode);
  }

  /** The session's id, minted now when it has none (kept, and sent, once the answer sets a cookie). */
  get id(): string {
    this.#data ??= { id: randomUUID() };
    return this.#data.id;
  }

  /** The answer must carry a new cookie (or clear the old one). */
  get changed(): boolean {
    return this.#changed;
  }

  /** The cookie's content, or undefined when nothing is left to remember. */
  get data(): SessionData | undefined {
    return this.#data && (this.#data.cartId !== undefined || this.#data.promoCode !== undefined)
      ? this.#data
      : undefined;
  }

  #set(key: 'cartId' | 'promoCode', value: string | undefined): void {
    if (this.#data?.[key] === value) return;
    const next: SessionData = { ...(this.#data ?? { id: randomUUID() }) };
    if (value === undefined) delete next[key];
    else next[key] = value;
    this.#data = next;
    this.#changed = true;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    session: ShopperSession;
  }
}

const encode = (data: SessionData) => Buffer.from(JSON.stringify(data)).toString('base64url');

/** The session in a (verified) cookie value, or undefined for a missing, forged or unreadable one. */
function decode(value: string): SessionData | undefined {
  try {
    const parsed = v.safeParse(SessionData, JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session id inside a session cookie's value, signature unchecked: enough to scope a shopper's
 * idempotency keys (an id is only known to the shopper whose cookie holds it), and readable where the
 * secret is not.
 */
export function sessionIdOf(cookie: string): string | undefined {
  const signed = decodeURIComponent(cookie);
  return decode(signed.slice(0, Math.max(0, signed.lastIndexOf('.'))))?.id;
}

/**
 * Cookies and the shopper's session for the scope that registers this plugin (not its parent): only
 * cart routes, forms and the pages that render a cart read it. A visitor who only browses gets no cookie.
 */
export const sessions = fp(
  async (app: FastifyInstance, { secret }: { secret: string }) => {
    await app.register(fastifyCookie, { secret });
    app.decorateRequest('session', null as unknown as ShopperSession);
    // Callback hooks, not async ones: every cart request runs both, and an async hook costs a promise
    // and a microtask turn each, on every cart request.
    app.addHook('onRequest', (request, _reply, done) => {
      const cookie = request.cookies[SESSION_COOKIE];
      const data = cookie ? readSession(request, cookie) : undefined;
      request.session = new ShopperSession(data, { unreadable: cookie !== undefined && !data });
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.session.changed) writeSession(request, reply);
      done(null, payload);
    });
  },
  { name: 'dino-shop-sessions', fastify: '5.x' },
);

/** The answer carries the changed session: a new cookie, or the old one cleared when nothing is left to remember. */
function writeSession(request: FastifyRequest, reply: FastifyReply): void {
  const data = request.session.data;
  if (!data) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return;
  }
  reply.setCookie(SESSION_COOKIE, encode(data), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_MAX_AGE_S,
    // Both, as browsers that predate Max-Age read Expires.
    expires: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
  });
}

function readSession(request: FastifyRequest, cookie: string): SessionData | undefined {
  const unsigned = request.unsignCookie(cookie);
  return unsigned.valid && unsigned.value !== null ? decode(unsigned.value) : undefined;
}
