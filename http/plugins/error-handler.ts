import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CART_STREAM_PREFIX } from '../../domain/cart/cart.events.ts';
import { SUBSCRIBER_STREAM_PREFIX } from '../../domain/subscriptions/subscription.events.ts';
import { TooMuchContention } from '../../eventstore/command-handler.ts';
import { LockWaitTooLong } from '../../eventstore/append-refusals.ts';
import { DomainError, type DomainErrorKind } from '../../domain/domain-error.ts';
import { HttpError } from '../http-error.ts';

/** How each kind of domain error is answered over HTTP. */
const DOMAIN_STATUS: Record<DomainErrorKind, { status: 404 | 409 | 422; error: string }> = {
  'not-found': { status: 404, error: 'Not Found' },
  'rule-violated': { status: 422, error: 'Unprocessable Entity' },
  conflict: { status: 409, error: 'Conflict' },
};

export const httpStatusOf = (error: DomainError) => DOMAIN_STATUS[error.kind];

/** Fastify's own request errors, in words a person can act on. */
const FASTIFY_MESSAGES: Record<string, (error: FastifyError) => string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Send the request body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The Content-Length header does not match the body',
};

/** What a stream is, as a shopper would name it. */
function contendedThing(streamId: string): string {
  if (streamId.startsWith(CART_STREAM_PREFIX)) return 'Your cart';
  if (streamId.startsWith(SUBSCRIBER_STREAM_PREFIX)) return 'Your subscription';
  return 'This';
}

/**
 * One place turns every failure into `{ error, message, requestId }`; a 5xx never shows internals.
 * The request id is the one on the request's log lines, so a shopper's report leads to them.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const requestId = request.id;
      if (error instanceof DomainError) {
        const { status, error: name } = httpStatusOf(error);
        return reply.status(status).send({ error: name, message: error.message, requestId });
      }
      if (error instanceof HttpError) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(error.status).send({ error: error.error, message: error.message, requestId });
      }
      if (error instanceof LockWaitTooLong) {
        request.log.warn({ stream: error.streamId }, 'a command waited too long for a lock');
        return reply.status(503).header('retry-after', '1').send({
          error: 'Service Unavailable',
          message: 'The shop is very busy right now. Please try again in a moment.',
          requestId,
        });
      }
      if (error instanceof TooMuchContention) {
        request.log.warn({ stream: error.streamId }, 'stream stayed contended through every retry');
        // Contention passes: the client may send it again (a refused rule's 409 carries no Retry-After).
        return reply
          .status(409)
          .header('retry-after', '1')
          .send({
            error: 'Conflict',
            message: `${contendedThing(error.streamId)} was changed at the same moment elsewhere. Please try again.`,
            requestId,
          });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const explain = FASTIFY_MESSAGES[error.code];
        const message = explain
          ? explain(error)
          : error instanceof SyntaxError
            ? 'The request body is not valid JSON'
            : error.message;
        return reply.status(status).send({ error: STATUS_CODES[status] ?? 'Bad Request', message, requestId });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
        requestId,
      });
    });
  },
  { name: 'dino-shop-error-handler', fastify: '5.x' },
);
