import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { stringify } from '@brillout/json-serializer/stringify';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { StorefrontServices } from '../../storefront/services.ts';
import type { RenderedPage } from './vike-render.ts';

/**
 * The shopper's own pages (/cart, /checkout) without Vike's per-request pipeline. Their HTML around the
 * React tree (head, asset tags, the hydration script) is the same for every shopper: it is taken from
 * one full Vike render per page and build, and a request renders only what is its own, the page's tree
 * and its page-context data, into it. Vike's pipeline (routing, page-context copies, hooks, tag
 * placement) cost 1.4 ms of a cart page's 2.4 ms of rendering; the tree itself is the rest.
 *
 * What a shell reproduces is Vike's output, so tests/fault/page-shell.test.ts renders pages both ways
 * and wants the same bytes. Anything a shell cannot answer (a flash to show, a query string, a data
 * hook that throws, such as /checkout's redirect of an empty cart) goes to Vike.
 */

/** What Vike's renderPage returns for a page, as far as a shell reads it. */
export interface RenderedPageContext {
  httpResponse: RenderedPage;
  pageHtmlString?: string;
  _pageContextHtmlTag?: string;
  data?: unknown;
  config: { data?: (pageContext: never) => unknown };
  Page?: unknown;
}

export interface Shell {
  template: RenderedPageContext;
  /** The HTML before the tree, between the tree and the data's JSON, and after that JSON. */
  head: string;
  middle: string;
  tail: string;
}

/** How Vike serialises the page context into its HTML script (its serializeValue, for the HTML tag). */
const serializeData = (value: unknown) => stringify(value, { forbidReactElements: true, htmlScriptSafe: { escapeScripts: true, escapeURLs: true } });

/** vike-react's element builder (not in its export map): the tree with the providers Vike renders it in. */
const { getPageElement } = (await import(new URL('../integration/getPageElement.js', pathToFileURL(createRequire(import.meta.url).resolve('vike-react/usePageContext'))).href)) as {
  getPageElement(pageContext: unknown): { page: ReactElement };
};

/** Splits `text` at its one occurrence of `part`; undefined when it occurs not exactly once. */
function splitOnce(text: string, part: string): [string, string] | undefined {
  const at = text.indexOf(part);
  if (at < 0 || text.indexOf(part, at + 1) >= 0) return undefined;
  return [text.slice(0, at), text.slice(at + part.length)];
}

/** The shell of a full render, or undefined when its HTML cannot be split where a shell needs it. */
export function shellOf(template: RenderedPageContext): Shell | undefined {
  const { httpResponse, pageHtmlString, _pageContextHtmlTag: tag } = template;
  if (httpResponse.statusCode !== 200 || !pageHtmlString || !tag || typeof template.config.data !== 'function') return undefined;
  const aroundTree = splitOnce(httpResponse.body, pageHtmlString);
  const aroundTag = aroundTree && splitOnce(aroundTree[1], tag);
  const aroundData = splitOnce(tag, `"data":${serializeData(template.data)}`);
  if (!aroundTree || !aroundTag || !aroundData) return undefined;
  return { template, head: aroundTree[0], middle: `${aroundTag[0]}${aroundData[0]}"data":`, tail: `${aroundData[1]}${aroundTag[1]}` };
}

/**
 * The page for these services in `shell`, or undefined when its data hook or its tree throws (Vike then
 * renders it: a redirect or an error page is Vike's to answer).
 */
export async function renderInShell(shell: Shell, services: StorefrontServices, headers: Record<string, string>): Promise<RenderedPage | undefined> {
  // Everything but the request's own is the template's: the built Page and Layout, the config, the URL.
  const pageContext = Object.create(shell.template) as Record<string, unknown>;
  pageContext.services = services;
  pageContext.headersOriginal = headers;
  pageContext.headers = headers;
  let data: unknown;
  let tree: string;
  try {
    data = await shell.template.config.data!(pageContext as never);
    pageContext.data = data;
    tree = renderToString(getPageElement(pageContext).page);
  } catch {
    return undefined;
  }
  const { statusCode, headers: responseHeaders } = shell.template.httpResponse;
  return { statusCode, headers: responseHeaders, body: `${shell.head}${tree}${shell.middle}${serializeData(data)}${shell.tail}` };
}
