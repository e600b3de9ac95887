import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { TooMuchContention } from '../../eventstore/command-handler.ts';
import { DomainError } from '../domain-error.ts';

/** Fastify's own request errors, in words a person can act on. */
const FASTIFY_MESSAGES: Record<string, (error: FastifyError) => string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Send the request body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The Content-Length header does not match the body',
};

/** One place turns every failure into `{ error, message }`; a 5xx never shows internals. */
export function useErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.status).send({ error: error.error, message: error.message });
    }
    if (error instanceof TooMuchContention) {
      request.log.warn({ stream: error.streamId }, 'cart stayed contended through every retry');
      return reply.status(409).send({ error: 'Conflict', message: 'Your cart was changed at the same moment elsewhere. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const explain = FASTIFY_MESSAGES[error.code];
      const message = explain ? explain(error) : error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message;
      return reply.status(status).send({ error: STATUS_CODES[status] ?? 'Bad Request', message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
  });
}
