import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** A request id a client or proxy may pass on (x-request-id): short and plain, so it is safe in logs. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The id of a request: the one the load balancer or client sent, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify's logger: JSON lines (one object per line, each request's lines carrying its `reqId`) for
 * log collectors, or pino-pretty's readable lines when a person watches a terminal or runs the dev
 * server. pino-pretty runs in this thread, so the bundle needs no worker-thread transport.
 */
export async function loggerOptions(options: { level: string; pretty: boolean }): Promise<FastifyServerOptions['logger']> {
  if (!options.pretty) return { level: options.level };
  const { default: pretty } = await import('pino-pretty');
  return { level: options.level, stream: pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }) };
}
