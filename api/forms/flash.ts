import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import * as v from 'valibot';
import { Flash } from '../../contracts/flash.ts';

/**
 * The flash: what a form post tells the page it redirects to. A cookie that lives a minute, is read
 * once (the page that shows it clears it) and is parsed with the same schema the page expects, so a
 * hand-edited cookie is ignored rather than trusted.
 */
export const FLASH_COOKIE = 'dino.flash';
const LIFETIME_SECONDS = 60;

function flashCookie(value: string, maxAge: number): string {
  // base64url needs no escaping; set by hand because the pages that clear it have no cookie plugin.
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`;
}

export function setFlash(reply: FastifyReply, flash: Flash): void {
  reply.header('set-cookie', flashCookie(Buffer.from(JSON.stringify(flash)).toString('base64url'), LIFETIME_SECONDS));
}

/**
 * The request's flash, or null. Cheap when there is none (the page cache's hot path asks); takes
 * Fastify's request or Node's, which stored answers are served from.
 */
export function readFlash(request: { headers: IncomingHttpHeaders }): Flash | null {
  const header = request.headers.cookie;
  if (!header || !header.includes(FLASH_COOKIE)) return null;
  const match = /(?:^|;\s*)dino\.flash=([A-Za-z0-9_-]+)/.exec(header);
  if (!match?.[1]) return null;
  try {
    const parsed = v.safeParse(Flash, JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The page that shows a flash clears it, so a reload does not show it again. */
export function clearFlash(reply: FastifyReply): void {
  reply.header('set-cookie', flashCookie('', 0));
}
