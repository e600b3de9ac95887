/**
 * A domain rule said no, in words a shopper can read. Says WHAT went wrong, not how a transport
 * reports it: the API's error handler maps each kind to a status code.
 */
export type DomainErrorKind =
  /** The thing the command names does not exist (a product, a variant, a cart line). */
  | 'not-found'
  /** The command is understood but breaks a rule (quantity, stock, a variant of another product). */
  | 'rule-violated'
  /** The command was fine when asked but the world moved: too little stock is left for it. */
  | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Which rule said no, for those who count refusals by reason (the metrics); never shown. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string, reason?: string) => new DomainError('not-found', message, reason);
export const ruleViolated = (message: string, reason?: string) => new DomainError('rule-violated', message, reason);
export const conflict = (message: string, reason?: string) => new DomainError('conflict', message, reason);
