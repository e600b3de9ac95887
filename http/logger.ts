import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import { REDACTED_ADDRESS, redactAddresses } from '../db/redact-addresses.ts';
import { traceIdsForLog } from '../eventstore/tracing.ts';
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
 * server. pino-pretty runs in this thread, so the bundle needs no worker-thread transport. A line
 * written inside a trace carries its `trace_id` and `span_id`, so a log and a trace join.
 */
export async function createLogger(options: {
  level: string;
  pretty: boolean;
  destination?: DestinationStream;
}): Promise<Logger> {
  const settings = { level: options.level, serializers: { req: loggedRequest }, mixin: traceIdsForLog };
  if (options.destination) return pino(settings, options.destination);
  if (!options.pretty) return pino(settings);
  const { default: pretty } = await import('pino-pretty');
  return pino(settings, pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }));
}

/** A URL with the address in its path redacted, and every query value that holds an "@" (plain or escaped). */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return redactAddresses(url);
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      return equals !== -1 && /@|%40/i.test(part.slice(equals + 1))
        ? `${part.slice(0, equals + 1)}${REDACTED_ADDRESS}`
        : part;
    })
    .join('&');
  return `${redactAddresses(url.slice(0, queryAt))}?${query}`;
}

/**
 * A request as every log line shows it: Fastify's own fields, with any e-mail address in the URL
 * redacted (an order lookup carries the shopper's in its query, and a forgotten customer's address
 * must not live on in the logs).
 */
function loggedRequest(request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'host' | 'ip' | 'socket'>) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
