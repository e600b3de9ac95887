import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InFlightRequests } from './in-flight-requests.ts';
import { REQUEST_ID_HEADER, newRequestId, requestIdOf } from '../http/logger.ts';
import { RESOURCE_HEADERS } from '../http/plugins/security-headers.ts';

/** Requests Node's HTTP parser refuses before Fastify sees them, by its error code: status and words a person can act on. */
const PARSER_REFUSALS: Record<string, readonly [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive; send it again'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};
const NOT_HTTP = [400, 'The request is not valid HTTP'] as const;

/** An error answer made without Fastify, `{ error, message, requestId }` with the headers of a JSON answer; it ends its connection. */
function closingErrorAnswer(status: number, message: string, requestId: string) {
  const body = JSON.stringify({ error: STATUS_CODES[status], message, requestId });
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
    [REQUEST_ID_HEADER]: requestId,
    ...RESOURCE_HEADERS,
  };
  return { body, headers };
}

/**
 * Fastify's `clientErrorHandler`: a request the parser refused (too slow, headers too large,
 * malformed) is answered as every other error is, then its connection closed: what follows on it
 * cannot be trusted to be a request. The requests before it on the connection were complete and may
 * have been applied: they get their own answers first (a client would otherwise read the refusal as
 * the answer to its write), and the refusal follows them, if the connection is still open.
 */
export function answerRefusedRequests(inFlight: InFlightRequests) {
  const refused = new WeakSet<Socket>();
  return function answerRefusedRequest(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed || refused.has(socket)) return;
    refused.add(socket);
    inFlight.afterAnswersOn(socket, () => {
      if (socket.destroyed) return;
      const [status, message] = PARSER_REFUSALS[error.code ?? ''] ?? NOT_HTTP;
      const { body, headers } = closingErrorAnswer(status, message, newRequestId());
      this.log.debug(
        { err: error, reqId: headers[REQUEST_ID_HEADER] },
        `request refused by the HTTP parser: ${status}`,
      );
      if (socket.writable)
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')}\r\n${body}`,
        );
      socket.destroy(error);
    });
  };
}

/**
 * A request that arrives while the server shuts down (on a connection kept alive, or accepted just
 * before): 503 and the connection closed, which a load balancer retries on another instance.
 */
export function answerShuttingDown(req: IncomingMessage, res: ServerResponse): void {
  const { body, headers } = closingErrorAnswer(
    503,
    'The shop is restarting: send the request again in a moment',
    requestIdOf(req),
  );
  res.writeHead(503, headers);
  res.end(body);
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot decode (a stray `%`) is a 400 in the shop's
 * words, with the headers the hooks of a route would have added (no route means no hooks); anything
 * else goes to the shop's error handler.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .headers({ ...RESOURCE_HEADERS, [REQUEST_ID_HEADER]: request.id })
      .send({
        error: 'Bad Request',
        message: 'The address is not valid: a % must start a percent-encoded character such as %20',
        requestId: request.id,
      });
    return;
  }
  void reply.send(error);
}
