import { usePageUrl } from './page-url.ts';

/**
 * A plain form's way back: a hidden `returnTo` with the page's path and query, so a post made from
 * /shop?sort=newest lands there again (the server accepts only a path on this site).
 */
export function ReturnTo() {
  const { pathname, search } = usePageUrl();
  return <input type="hidden" name="returnTo" value={`${pathname}${search}`} />;
}
