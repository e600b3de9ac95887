import type { IncomingMessage } from 'node:http';
import { type Logger, pino } from 'pino';
import hyperid from 'hyperid';

/** A request id a client or proxy may pass on (x-request-id): short and plain, so it is safe in logs. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * New request ids: a random 128-bit base drawn once per process, then a counter (`<base>-0`, `<base>-1`
 * ...). Unique across instances like a UUID per request, without drawing entropy for every answer;
 * in the shape GIVEN_ID accepts, so a proxy downstream may pass one on.
 */
export const newRequestId = hyperid({ urlSafe: true });

/** The id of a request: the one the load balancer or client sent, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : newRequestId();
}

/**
 * Fastify's logger: JSON lines (one object per line, each request's lines carrying its `reqId`) for
 * log collectors, or pino-pretty's readable lines when a person watches a terminal or runs the dev
 * server. pino-pretty runs in this thread, so the bundle needs no worker-thread transport.
 */
export async function createLogger(options: { level: string; pretty: boolean }): Promise<Logger> {
  if (!options.pretty) return pino({ level: options.level });
  const { default: pretty } = await import('pino-pretty');
  return pino({ level: options.level }, pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }));
}
