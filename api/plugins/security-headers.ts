import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers from helmet, computed ONCE: our policy is static, so running helmet per request
 * (what @fastify/helmet does) only costs time — measured 0.070 ms vs 0.033 ms CPU per request on a
 * bare JSON route. helmet stays the source of truth for which headers and values are right.
 */
export function securityHeaders(options: { dev: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        // Vike hydrates from an inline JSON script and React may inline styles; images are our own.
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // Vite's hot reload talks over a websocket in development.
        'connect-src': options.dev ? ["'self'", 'ws:'] : ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  let failed: unknown;
  middleware({} as never, response as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

export function useSecurityHeaders(app: FastifyInstance, options: { dev: boolean }): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
