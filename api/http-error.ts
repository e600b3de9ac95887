/**
 * A refusal that belongs to the transport, not to a domain rule (a rate limit, a precondition): it
 * carries its own status. The error handler answers it as `{ error, message }`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 412 | 422 | 429,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
