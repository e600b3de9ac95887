import type { FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { renderPage } from 'vike/server';
import type { Flash } from '../contracts/flash.ts';
import type { RenderContext } from '../storefront/render-context.ts';

export interface RenderedPage {
  statusCode: number;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * The headers a page render may see. The Host and forwarding headers are left out: absolute URLs
 * come from PUBLIC_URL only, so no request can write its own host into a page (or the page cache).
 */
export function renderHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'host' || name.startsWith('x-forwarded-') || name === 'forwarded' || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * Page renders in progress at once. Rendering is CPU work on the one event loop: more at once finish
 * no sooner, but each holds its half-built page meanwhile, so the garbage collector copies more and
 * the request that came first can finish last. Two keep the core busy while one render waits for the
 * database.
 */
const RENDERS_AT_ONCE = 2;
const rendering = pLimit(RENDERS_AT_ONCE);

/**
 * One Vike render of `url` (the request's own URL unless a normalised one is given), with the flash a
 * form post left for this shopper, if any.
 */
export async function renderToPage(
  request: FastifyRequest,
  renderContext: RenderContext,
  { url = request.url, flash = null }: { url?: string; flash?: Flash | null } = {},
): Promise<RenderedPage> {
  const headersOriginal = renderHeaders(request);
  const { httpResponse } = await rendering(() =>
    renderPage({ urlOriginal: url, headersOriginal, renderContext, flash }),
  );
  // Vike answers every URL with a page, its error page at worst; none means the build has no pages.
  if (!httpResponse) throw new Error(`Vike rendered nothing for ${url}`);
  return { statusCode: httpResponse.statusCode, headers: httpResponse.headers, body: httpResponse.body };
}

export function sendPage(reply: FastifyReply, page: RenderedPage): FastifyReply {
  for (const [name, value] of page.headers) reply.header(name, value);
  return reply.status(page.statusCode).send(page.body);
}
