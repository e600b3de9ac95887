import type { FastifyInstance } from 'fastify';

/** The methods an API route may answer, as a 405's Allow header lists them. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

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
    // The path is echoed cut short: a client's 10,000-character URL is not sent back whole.
    const shown = path.length > 100 ? `${path.slice(0, 100)}…` : path;
    if (allowed.length === 0) return reply.status(404).send({ error: 'Not Found', message: `No API endpoint ${request.method} ${shown}`, requestId: request.id });
    const methods = allowed.join(', ');
    return reply
      .status(405)
      .header('allow', methods)
      .send({ error: 'Method Not Allowed', message: `${shown} answers ${methods}, not ${request.method}`, requestId: request.id });
  });
}
