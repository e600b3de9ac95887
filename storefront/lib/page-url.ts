import { usePageContext } from 'vike-react/usePageContext';

export interface PageUrl {
  pathname: string;
  /** The query as requested, with its `?`, or '' when there is none. */
  search: string;
}

const urls = new WeakMap<object, PageUrl>();

/**
 * The path and query of the page being rendered (the same on the server and while hydrating). On the
 * server Vike parses the URL again on every read of `urlParsed`, and a page with a form per cart line
 * reads it for each: it is parsed once per page render here.
 */
export function usePageUrl(): PageUrl {
  const pageContext = usePageContext();
  let url = urls.get(pageContext);
  if (!url) {
    const { pathname, searchOriginal } = pageContext.urlParsed;
    url = { pathname, search: searchOriginal ?? '' };
    urls.set(pageContext, url);
  }
  return url;
}
