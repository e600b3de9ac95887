import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../logger.ts';
import { HSTS, RESOURCE_HEADERS, isDocumentType, securityHeaders } from './security-headers.ts';

export interface AnswerHeadersOptions {
  dev: boolean;
  /** True once the server began to shut down. */
  shuttingDown: () => boolean;
}

/**
 * The headers every answer carries, set in one onSend hook: the one place that decides them, once
 * the answer's type is known (an onRequest hook and two onSend hooks shared this before).
 *
 * - the request id (`x-request-id`), which every log line of the request carries too;
 * - the security headers for what the answer is: documents the full set, everything else the short
 *   one (chosen here, when the answer's type is known); HSTS only on requests that arrived over HTTPS;
 * - `Connection: close` once the server shuts down, so a keep-alive connection whose request was in
 *   flight ends with it instead of holding the shutdown open until it times out.
 */
export const answerHeaders = fp(
  async (app: FastifyInstance, options: AnswerHeadersOptions) => {
    const documentHeaders = securityHeaders(options);
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      reply.headers(isDocumentType(reply.getHeader('content-type')) ? documentHeaders : RESOURCE_HEADERS);
      // request.protocol is "https" over TLS, or from X-Forwarded-Proto only when trustProxy is on.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (options.shuttingDown()) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'answer-headers' },
);
