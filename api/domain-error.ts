/** A rule said no. Carries the HTTP-ish status and a message a shopper can read. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string) => new DomainError(404, 'Not Found', message);
export const unprocessable = (message: string) => new DomainError(422, 'Unprocessable Entity', message);
