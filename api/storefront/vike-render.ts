import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderPage } from 'vike/server';
import type { Flash } from '../../contracts/flash.ts';
import type { StorefrontServices } from '../../storefront/services.ts';

export interface RenderedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * The headers a page render may see. The Host and forwarding headers are left out: absolute URLs
 * come from PUBLIC_URL only, so no request can write its own host into a page (or the page cache).
 */
function renderHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'host' || name.startsWith('x-forwarded-') || name === 'forwarded' || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * One Vike render of `url` (the request's own URL unless a normalised one is given), with the flash a
 * form post left for this shopper, if any.
 */
export async function renderToPage(
  request: FastifyRequest,
  services: StorefrontServices,
  { url = request.url, flash = null }: { url?: string; flash?: Flash | null } = {},
): Promise<RenderedPage> {
  const pageContext = await renderPage({ urlOriginal: url, headersOriginal: renderHeaders(request), services, flash });
  const response = pageContext.httpResponse;
  return { statusCode: response.statusCode, headers: response.headers, body: response.body };
}

export function sendPage(reply: FastifyReply, page: RenderedPage): FastifyReply {
  for (const [name, value] of page.headers) reply.header(name, value);
  return reply.status(page.statusCode).send(page.body);
}
