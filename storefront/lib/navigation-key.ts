import { usePageContext } from 'vike-react/usePageContext';
import { usePageUrl } from './page-url.ts';

const keys = new WeakMap<object, number>();
let counter = 0;

/**
 * A number that changes on every Vike navigation (each one brings a new pageContext object), even to
 * the same URL. Screens that keep URL-derived state use it as their React key, so following a link
 * (e.g. 'Shop All' while a search is active) starts them fresh from the new URL.
 */
export function useNavigationKey(): number {
  const pageContext = usePageContext();
  let key = keys.get(pageContext);
  if (key === undefined) {
    counter += 1;
    key = counter;
    keys.set(pageContext, key);
  }
  return key;
}

/** The URL query of the page being rendered (the same on the server and while hydrating). */
export function useUrlSearchParams(): URLSearchParams {
  return new URLSearchParams(usePageUrl().search);
}

/** Rewrites the address bar's query without a navigation (no new history entry, no data reload). */
export function replaceUrlQuery(pathname: string, query: string): void {
  if (typeof window === 'undefined') return;
  const next = `${pathname}${query}${window.location.hash}`;
  if (next === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  window.history.replaceState(window.history.state, '', next);
}
