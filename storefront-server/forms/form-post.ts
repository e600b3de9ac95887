import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Flash } from '../../contracts/flash.ts';
import { HttpError } from '../../http/http-error.ts';
import { setFlash } from './flash.ts';
import { formNonce, renewFormNonce } from './form-nonce.ts';

/** Form fields as @fastify/formbody hands them over: strings (a repeated field: the last one). */
export type FormBody = Record<string, string | string[] | undefined>;

/** The form field `name`: its text (a repeated field: the last), or '' when absent. */
export function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, name)) return '';
  const value = (body as FormBody)[name];
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : '';
}

/** A whole number from a form field, or NaN (the schema that reads it then says what is wrong). */
export function numberField(body: unknown, name: string): number {
  const text = field(body, name).trim();
  return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * True when the post came from a page of this shop. Browsers send Origin with every form POST (and
 * Referer unless told not to); a post from another site, or one that hides where it came from, is
 * refused. The session cookie's SameSite=Lax already keeps it off cross-site posts; this is the
 * second lock, for browsers or proxies that do not honour it.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source || source === 'null') return false;
  try {
    return new URL(source).host === request.host;
  } catch {
    return false;
  }
}

/**
 * Where to go back to: the form's `returnTo` field when it is a path on this site, else the page the
 * post came from, else `fallback`. Never another origin (`//evil.example` is not a path).
 */
export function returnPath(request: FastifyRequest, fallback = '/'): string {
  const asked = localPath(field(request.body, 'returnTo'));
  if (asked !== undefined) return asked;
  const referer = request.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === request.host) return `${url.pathname}${url.search}`;
    } catch {
      // not a URL: fall back
    }
  }
  return fallback;
}

const HERE = 'http://shop.invalid';

/** A local path with these query fields set (others kept). */
export function withQuery(path: string, fields: Record<string, string>): string {
  const url = new URL(path, HERE);
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `path` as browsers would follow it, when it stays on this site: read as a URL is (tabs and
 * newlines dropped, a backslash read as `/`, so "/", a tab, "/evil.example" names another host),
 * then written back percent-encoded, as a Location header must be. Else undefined.
 */
export function localPath(path: string): string | undefined {
  if (!path.startsWith('/')) return undefined;
  try {
    const url = new URL(path, HERE);
    return url.origin === HERE ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** Every form route's options: its posts are safe to repeat (see form-nonce.ts). */
export const formPost = { config: { idempotent: formNonce } };

/** Answers a form post with the page at `path` showing `flash`, when the flash cannot travel by cookie. */
export type ShowPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  flash: Flash,
) => Promise<FastifyReply>;

/** POST → 303 → GET: the page the shopper lands on shows the flash once. */
export function redirectWithFlash(reply: FastifyReply, to: string, flash?: Flash): FastifyReply {
  if (flash) setFlash(reply, flash);
  renewFormNonce(reply);
  return reply.header('cache-control', 'no-store').redirect(to, 303);
}

/** The most a form post may carry: well above what the shop's forms hold (their fields have maxlength). */
const FORM_BODY_LIMIT = 16 * 1024;

const TOO_LONG: Flash = {
  notice: {
    title: 'That was too long to send',
    description: 'Please shorten what you typed and send it again.',
    tone: 'error',
  },
};

/**
 * Makes the calling (encapsulated) scope a form scope: urlencoded bodies are parsed here and nowhere
 * else (the JSON API keeps refusing them with 415), only they (a JSON body sent to a form is a 415,
 * never values of other types than text), and posts from other sites are refused.
 */
export async function useFormPosts(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  app.addHook('onRequest', async (request, _reply) => {
    if (!isSameOrigin(request)) {
      throw new HttpError(403, 'This form can only be sent from the shop’s own pages.');
    }
  });
  // A refusal a form can show (a rate limit, a body too long) goes back to the page as a notice, as
  // every other form outcome does; anything else, and anything asked for as JSON (the enhanced page's
  // own posts, which must see the refusal), is the shop's one error handler's.
  const shopErrors = app.errorHandler;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (request.headers.accept?.includes('application/json')) return shopErrors.call(app, error, request, reply);
    if (error instanceof HttpError && error.status === 429) {
      return redirectWithFlash(reply, returnPath(request), {
        notice: { title: 'Please wait a moment', description: error.message, tone: 'error' },
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return redirectWithFlash(reply, returnPath(request), TOO_LONG);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return shopErrors.call(
        app,
        new HttpError(415, 'Send the form as a browser does (Content-Type: application/x-www-form-urlencoded)'),
        request,
        reply,
      );
    }
    return shopErrors.call(app, error, request, reply);
  });
}
