import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';

const FORBIDDEN_KEYS = 'The request body uses a key the shop refuses (__proto__ or constructor.prototype); rename it';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The API speaks JSON only: any other body type is a 415, not a string to validate. Called on the
 * root instance (content-type parsers are per scope), before any route.
 */
export function jsonBodies(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('text/plain');
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A DELETE carries no body, yet fetch wrappers send Content-Type: application/json with every
    // request: an empty body there is no body, not an empty JSON document.
    if (body === '' && request.method === 'DELETE') return done(null, undefined);
    // Answers through `done`, never through a promise.
    void parseJson(request, body as string, (error, value) => {
      // The parser refuses prototype-poisoning keys with the same error as broken JSON: tell them apart.
      if (error && isJson(body as string)) return done(new HttpError(400, FORBIDDEN_KEYS), undefined);
      done(error, value);
    });
  });
}
