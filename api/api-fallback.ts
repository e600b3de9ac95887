import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';

/** The methods an API route may answer, as a 405's Allow header lists them. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A path echoed in a message, cut short: a client's 10,000-character URL is not sent back whole. */
const shownPath = (path: string) => (path.length > 100 ? `${path.slice(0, 100)}…` : path);

/**
 * What /api answers when no route matches: a path the API knows, asked with a method it does not
 * answer, is a 405 naming the methods it does answer (Allow); a path it does not know is a 404.
 * Register it after the API's routes.
 */
export function apiFallback(fastify: FastifyInstance): void {
  fastify.all('/api/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Every method finds this fallback (its match has a '*' parameter); only a real route counts.
    const allowed = API_METHODS.filter((method) => {
      const route = fastify.findRoute({ method, url: path });
      return route !== null && !('*' in route.params);
    });
    const shown = shownPath(path);
    if (allowed.length === 0) throw new HttpError(404, `No API endpoint ${request.method} ${shown}`);
    const methods = allowed.join(', ');
    reply.header('allow', methods);
    throw new HttpError(405, `${shown} answers ${methods}, not ${request.method}`);
  });
}

/**
 * What any other request no route takes gets (an asset that does not exist, a POST to a page): a 404
 * in the shop's error shape. Page paths that do not exist are the storefront's, which renders its
 * own not-found page.
 */
export function notFoundFallback(fastify: FastifyInstance): void {
  fastify.setNotFoundHandler((request, _reply) => {
    const path = request.url.split('?')[0] ?? '';
    throw new HttpError(404, `Nothing here answers ${request.method} ${shownPath(path)}`);
  });
}
