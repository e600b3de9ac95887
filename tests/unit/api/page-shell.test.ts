import { describe, expect, it } from 'vitest';
import { type RenderedPageContext, shellOf } from '../../../api/storefront/page-shell.ts';

const tree = '<main><h1>Your Cart</h1><p>1 item</p></main>';
const tag = '<script id="vike_pageContext" type="application/json">{"pageId":"\\/cart","data":{"count":1,"url":"\\/cart"}}</script>';

function rendered(body: string, overrides: Partial<RenderedPageContext> = {}): RenderedPageContext {
  return {
    httpResponse: { statusCode: 200, headers: [['content-type', 'text/html;charset=utf-8']], body },
    pageHtmlString: tree,
    _pageContextHtmlTag: tag,
    data: { count: 1, url: '/cart' },
    config: { data: () => ({}) },
    ...overrides,
  };
}

const page = `<html><head></head><body><div id="root">${tree}</div>${tag}<script src="/entry.js"></script></body></html>`;

describe('a page shell', () => {
  it('is the page cut at its tree and at its data, serialised as Vike serialises it', () => {
    const shell = shellOf(rendered(page))!;
    expect(shell.head).toBe('<html><head></head><body><div id="root">');
    expect(shell.middle).toBe('</div><script id="vike_pageContext" type="application/json">{"pageId":"\\/cart","data":');
    expect(shell.tail).toBe('}</script><script src="/entry.js"></script></body></html>');
  });

  it('is not made from a page that cannot be cut exactly once at each place, nor from a redirect or a page without a data hook', () => {
    expect(shellOf(rendered(`${page}${tree}`))).toBeUndefined();
    expect(shellOf(rendered(page, { data: { count: 2 } }))).toBeUndefined();
    expect(shellOf(rendered(page.replace(tag, '')))).toBeUndefined();
    expect(shellOf(rendered(page, { httpResponse: { statusCode: 302, headers: [], body: page } }))).toBeUndefined();
    expect(shellOf(rendered(page, { config: {} }))).toBeUndefined();
  });
});
