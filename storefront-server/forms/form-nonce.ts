import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '../../contracts/shop-cookies.ts';

/**
 * A form post without JavaScript cannot send an Idempotency-Key header, and the page it comes from may
 * be a cached page shared by every shopper, so the key cannot be in the HTML either. It rides in a
 * cookie instead: the form nonce, a random value set by the first page a visitor sees and replaced by
 * every form answer. A post's key is that nonce plus what the form sends, so:
 * - a double-submitted form, or a post the browser sends again because its answer was lost, carries
 *   the same nonce and the same fields: it runs once and the repeat gets the first answer;
 * - the next action comes from the page that answer led to, which already holds a new nonce.
 * The nonce is unguessable, so no one else can claim a shopper's key (and be handed their answer).
 */
export const FORM_NONCE_COOKIE = 'dino.form';

// randomUUID: 122 random bits from Node's pooled CSPRNG entropy, cheaper per nonce than a randomBytes
// call (a first-time visitor's cached page makes one).
function nonceCookie(): string {
  return `${FORM_NONCE_COOKIE}=${randomUUID()}; Path=/; HttpOnly; SameSite=Lax`;
}

/** Every form answer hands out the nonce for the shopper's next action. */
export function renewFormNonce(reply: FastifyReply): void {
  reply.header('set-cookie', nonceCookie());
}

/**
 * Pages give a visitor a nonce when they have none (a page's bytes never depend on it): the
 * Set-Cookie header's value for this request, or undefined when it has a nonce. Takes Fastify's
 * request or Node's, which cached answers are served from.
 */
export function nonceCookieIfMissing(request: { headers: IncomingHttpHeaders }): string | undefined {
  return formNonce(request) ? undefined : nonceCookie();
}

export function ensureFormNonce(request: FastifyRequest, reply: FastifyReply): void {
  const cookie = nonceCookieIfMissing(request);
  if (cookie) reply.header('set-cookie', cookie);
}

/** The idempotency key of a form post: none without a nonce (such a post simply runs). */
export function formNonce(request: { headers: IncomingHttpHeaders }): string | undefined {
  return cookieValue(request.headers.cookie, FORM_NONCE_COOKIE);
}
