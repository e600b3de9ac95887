import { STATUS_CODES } from 'node:http';

/**
 * A refusal that belongs to the transport, not to a domain rule (a rate limit, a precondition, a
 * path nothing answers): it carries its own status. Thrown from a route or a hook, the error handler
 * answers it as every refusal is, `{ error, message, requestId }`, the error named by its status.
 */
export class HttpError extends Error {
  readonly error: string;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 412 | 415 | 422 | 429,
    message: string,
    /** A refusal that passes if sent again (work still running): the seconds to wait, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
    this.error = STATUS_CODES[status]!;
  }
}
