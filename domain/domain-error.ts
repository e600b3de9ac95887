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
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string) => new DomainError('not-found', message);
export const ruleViolated = (message: string) => new DomainError('rule-violated', message);
export const conflict = (message: string) => new DomainError('conflict', message);
