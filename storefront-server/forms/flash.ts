import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { Flash } from '../../contracts/flash.ts';
import { keepAnswerOut } from '../../http/plugins/idempotency.ts';

/**
 * The flash: what a form post tells the page it redirects to. A cookie that lives a minute, is read
 * once (the page that shows it clears it) and is parsed with the same schema the page expects, so a
 * hand-edited cookie is ignored rather than trusted.
 */
export const FLASH_COOKIE = 'dino.flash';
const LIFETIME_SECONDS = 60;

function flashCookie(value: string, maxAge: number): string {
  // Set by hand because the pages that clear it have no cookie plugin.
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;
}

/** Browsers drop a cookie over 4,096 bytes (name, value and attributes together). */
const MAX_FLASH_VALUE_BYTES = 3_500;

/**
 * JSON with only what a cookie value may not hold percent-encoded (quotes, commas, semicolons,
 * backslashes, spaces, `%`, anything outside ASCII): an address reads as it was typed wherever the
 * answer is kept, so forgetting a customer finds it (db/idempotency-store.ts), at about base64's size.
 */
const NOT_COOKIE_SAFE = /[^\x21\x23\x24\x26-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]/gu;
const encoded = (flash: Flash) => JSON.stringify(flash).replace(NOT_COOKIE_SAFE, (c) => encodeURIComponent(c));

/**
 * The flash as its cookie carries it. When what was typed makes it too long for a cookie (which the
 * browser would drop, message and all), the longest values are cut, a half at a time and by
 * characters: the page still says what went wrong and keeps the start of what was typed.
 */
export function flashValue(flash: Flash): string {
  let value = encoded(flash);
  if (value.length <= MAX_FLASH_VALUE_BYTES || !flash.form) return value;
  const values = { ...flash.form.values };
  while (value.length > MAX_FLASH_VALUE_BYTES) {
    const [name, longest] = Object.entries(values).reduce((a, b) => (b[1].length > a[1].length ? b : a), ['', '']);
    if (!longest) break;
    const characters = [...longest];
    values[name] = characters.slice(0, Math.floor(characters.length / 2)).join('');
    value = encoded({ ...flash, form: { ...flash.form, values } });
  }
  return value;
}

/**
 * Whether the flash fits a cookie whole, nothing typed cut; one that does not (an order of many lines
 * found) is shown by answering the post with the page itself.
 */
export const fitsCookie = (flash: Flash): boolean => encoded(flash).length <= MAX_FLASH_VALUE_BYTES;

export function setFlash(reply: FastifyReply, flash: Flash): void {
  reply.header('set-cookie', flashCookie(flashValue(flash), LIFETIME_SECONDS));
  keepTypedOut(reply.request, flash);
}

/** An answer showing what was typed (to refill a form, or beside a found order) is never kept for the post's retries. */
export function keepTypedOut(request: FastifyRequest, flash: Flash): void {
  if (flash.form && Object.keys(flash.form.values).length > 0) keepAnswerOut(request);
}

/**
 * The request's flash, or null. Cheap when there is none (the page cache's hot path asks); takes
 * Fastify's request or Node's, which cached answers are served from.
 */
export function readFlash(request: { headers: IncomingHttpHeaders }): Flash | null {
  const header = request.headers.cookie;
  if (!header?.includes(FLASH_COOKIE)) return null;
  const match = /(?:^|;\s*)dino\.flash=([^;\s]+)/.exec(header);
  if (!match?.[1]) return null;
  try {
    const parsed = v.safeParse(Flash, JSON.parse(decodeURIComponent(match[1])));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The page that shows a flash clears it, so a reload does not show it again. */
export function clearFlash(reply: FastifyReply): void {
  reply.header('set-cookie', flashCookie('', 0));
}
