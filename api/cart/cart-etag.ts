import { versionOfEtag } from '../../contracts/cart-etag.ts';
import { HttpError } from '../http-error.ts';

/**
 * The version an If-Match header asks for; undefined when there is no condition (absent or `*`, which
 * any cart satisfies). Weak tags never match for a write (RFC 9110 strong comparison).
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const version = versionOfEtag(header);
  if (version === null) throw new HttpError(400, 'Bad Request', 'If-Match must be one ETag from the cart, such as "3"');
  return version;
}
