import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../contracts/errors.ts';
import { schemaOf } from '../../http/plugins/validation.ts';

/** The documented error body, the one the error handler sends (tests hold every route to it). */
export const API_ERROR_SCHEMA = schemaOf(ApiError);

/** Every route that takes input can answer 400 (bad input) and 500; the document says so with the shared shape. */
const COMMON_ERRORS = { 400: 'The request is malformed or fails validation', 500: 'Something failed on the server' };

interface RouteSchema {
  hide?: boolean;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Describes the JSON API as OpenAPI 3.1 from the route schemas Fastify already has — the JSON Schemas
 * schemaOf() derives from the valibot schemas that validate — so the document cannot drift from the
 * code. GET /api/openapi.json serves it; /api/docs is Swagger UI with its assets served from
 * node_modules (no outside URL; the shop's pages never load it). Register before the routes.
 */
export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'dino-shop API',
          version: '1',
          description:
            'The shop’s JSON API: catalogue (read-only), cart (session cookie `dino.sid`), newsletter. Money is a decimal string in dollars. ' +
            'Every 4xx/5xx answer is `{ error, message, requestId }`.',
        },
        tags: [
          { name: 'catalogue', description: 'Products, categories, testimonials' },
          { name: 'cart', description: 'The shopper’s cart, kept in the session' },
          { name: 'newsletter', description: 'Sign-ups' },
        ],
        components: { schemas: { ApiError: API_ERROR_SCHEMA } },
      },
      // Only the JSON API is documented: pages, assets, health and metrics are not part of it.
      transform: ({ schema, url, route }) => {
        const given = (schema ?? {}) as RouteSchema;
        if (
          !url.startsWith('/api/') ||
          url.includes('*') ||
          url.startsWith('/api/docs') ||
          url === '/api/openapi.json'
        ) {
          return { schema: { ...given, hide: true }, url };
        }
        const response: Record<string, unknown> = { ...given.response };
        const takesInput = given.body || given.querystring || given.params;
        for (const [status, description] of Object.entries(COMMON_ERRORS)) {
          if (status === '400' && !takesInput) continue;
          response[status] ??= { ...API_ERROR_SCHEMA, description };
        }
        const tag = url.startsWith('/api/cart')
          ? 'cart'
          : url.startsWith('/api/subscribe')
            ? 'newsletter'
            : 'catalogue';
        const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
        return { schema: { ...given, response, tags: [tag], operationId: `${method.toLowerCase()} ${url}` }, url };
      },
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: false,
      uiConfig: { deepLinking: false },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger()),
    );
  },
  { name: 'dino-shop-openapi', fastify: '5.x', dependencies: ['dino-shop-valibot-validation'] },
);
