import { versionOfEtag } from '../../contracts/cart-etag.ts';
import { HttpError } from '../../http/http-error.ts';

/** A version no cart has: the condition of an If-Match that no cart can satisfy (a 412 with the cart as it is). */
const UNMATCHABLE = -1;

/**
 * The version an If-Match header asks for; undefined when there is no condition (absent or `*`, which
 * any cart satisfies). The header may list tags (RFC 9110); weak tags never match for a write (strong
 * comparison), nor do tags that are not a cart's, so a header of only those can never be satisfied.
 * A list of two different versions would be satisfied by either; a write here names one version it
 * was decided on, so such a list is refused with a 400 rather than half honoured.
 */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const tags = header.match(/(?:W\/)?"[^"]*"|[^,\s]+/g) ?? [];
  if (tags.length === 0 || tags.some((tag) => !/^(?:W\/)?"[^"]*"$/.test(tag))) {
    throw new HttpError(400, 'If-Match must be ETags from the cart, such as "3"');
  }
  const versions = new Set(tags.map(versionOfEtag).filter((version) => version !== null));
  if (versions.size > 1) throw new HttpError(400, 'If-Match must name one version of the cart, such as "3"');
  const [version] = versions;
  return version ?? UNMATCHABLE;
}
