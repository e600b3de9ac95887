import { HttpError } from '../http-error.ts';

/** A cart's ETag is its stream version: strong, since the version changes with every change to the cart. */
export const etagOf = (version: number) => `"${version}"`;

/**
 * The version an If-Match header asks for; undefined when there is no condition (absent or `*`, which
 * any cart satisfies). Weak tags never match for a write (RFC 9110 strong comparison).
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*"(\d{1,9})"\s*$/.exec(header);
  if (!match) throw new HttpError(400, 'Bad Request', 'If-Match must be one ETag from the cart, such as "3"');
  return Number(match[1]);
}
