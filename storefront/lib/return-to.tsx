import { usePageContext } from 'vike-react/usePageContext';

/**
 * A plain form's way back: a hidden `returnTo` with the page's path and query, so a post made from
 * /shop?sort=newest lands there again (the server accepts only a path on this site).
 */
export function ReturnTo() {
  const { urlParsed } = usePageContext();
  return <input type="hidden" name="returnTo" value={`${urlParsed.pathname}${urlParsed.searchOriginal ?? ''}`} />;
}
