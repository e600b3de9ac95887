import { type IncomingMessage, Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { AnswerCache } from './answer-cache/answer-cache.ts';
import type { InFlightRequests } from './in-flight-requests.ts';
import { answerShuttingDown } from './protocol-errors.ts';

/**
 * Node's server, except at shutdown: server.close() (and Fastify's close) would close the idle
 * keep-alive connections at once, and a request a client was sending on one meanwhile would meet a
 * reset. They are closed once no request is in flight; until then each request that arrives on one
 * is answered 503 with `Connection: close`, which a load balancer retries elsewhere.
 */
class DrainingServer extends Server {
  constructor(
    options: ServerOptions,
    listener: (req: IncomingMessage, res: ServerResponse) => void,
    private readonly inFlight: InFlightRequests,
  ) {
    super(options, listener);
  }

  override closeIdleConnections(): void {
    this.inFlight.whenNone(() => super.closeIdleConnections());
  }
}

export interface HttpServerOptions {
  answerCache: AnswerCache;
  inFlight: InFlightRequests;
  /** True once the server began to shut down. */
  shuttingDown: () => boolean;
}

/**
 * The HTTP server Fastify would make (its timeouts as Fastify sets them), whose requests are counted
 * in flight (so a refused request that follows them waits for their answers) and meet the answer cache
 * first: a cached answer is sent without Fastify, anything else goes to Fastify. Once the server shuts
 * down, every request is answered 503 before either.
 */
export function httpServerFactory({ answerCache, inFlight, shuttingDown }: HttpServerOptions): FastifyServerFactory {
  return (handler, options) => {
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      inFlight.track(req, res);
      if (shuttingDown()) answerShuttingDown(req, res);
      else if (!answerCache.serve(req, res)) handler(req, res);
    };
    const server = new DrainingServer(options.http ?? {}, listener, inFlight);
    // Fastify has filled these in (its defaults where the config sets none).
    const timeouts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    return server;
  };
}
