import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Cause, withCause } from '../../eventstore/cause.ts';

/** A shopper as the log names them: a hash of their session's id, never the id or the cookie itself. */
export const shopperActor = (sessionId: string) =>
  `shopper:${createHash('sha256').update(sessionId).digest('base64url').slice(0, 16)}`;

/**
 * The request as the cause of what it writes: its id (a proxy's x-request-id kept) is the correlation
 * and the causation; the actor is the shopper of the session, read when an event is stamped (a first
 * add mints the session while it runs). A request outside the cart's session scope (a sign-up) is `shopper`.
 */
function requestCause(request: FastifyRequest): Cause {
  return {
    correlationId: request.id,
    causationId: request.id,
    get actor() {
      return request.session ? shopperActor(request.session.id) : 'shopper';
    },
  };
}

/** Every request's work runs with the request as its cause, through every await (eventstore/cause.ts). */
export const causes = fp(
  async (app: FastifyInstance) => {
    // A callback hook: the rest of the request (its body, its handler) runs inside `done`'s context.
    app.addHook('onRequest', (request, _reply, done) => withCause(requestCause(request), done));
  },
  { name: 'dino-shop-causes', fastify: '5.x' },
);
