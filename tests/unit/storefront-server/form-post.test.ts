import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isSameOrigin, localPath, numberField, returnPath } from '../../../storefront-server/forms/form-post.ts';

const request = (headers: Record<string, string>, body: unknown = {}) =>
  ({ headers, body, host: 'shop.test' }) as unknown as FastifyRequest;

describe('form posts', () => {
  it('come from this shop only: Origin, else Referer, must name this host', () => {
    expect(isSameOrigin(request({ origin: 'https://shop.test' }))).toBe(true);
    expect(isSameOrigin(request({ referer: 'https://shop.test/cart' }))).toBe(true);
    expect(isSameOrigin(request({ origin: 'https://evil.example', referer: 'https://shop.test/' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'null' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'not a url' }))).toBe(false);
    expect(isSameOrigin(request({}))).toBe(false);
  });

  it('go back to a path on this site, never elsewhere', () => {
    expect(localPath('/shop?sort=newest#top')).toBe('/shop?sort=newest#top');
    expect(localPath('//evil.example/')).toBeUndefined();
    expect(localPath('/\\evil.example')).toBeUndefined();
    expect(localPath('/\t/evil.example/x')).toBeUndefined();
    expect(localPath('/\n/evil.example/x')).toBeUndefined();
    expect(localPath('https://evil.example/')).toBeUndefined();
    expect(localPath('shop')).toBeUndefined();
    expect(returnPath(request({}, { returnTo: '/product/x?size=M' }))).toBe('/product/x?size=M');
    expect(returnPath(request({ referer: 'https://shop.test/faq?x=1' }, { returnTo: '//evil' }))).toBe('/faq?x=1');
    expect(returnPath(request({ referer: 'https://evil.example/x' }), '/cart')).toBe('/cart');
  });

  it('go back to a path a Location header can carry: control characters and non-ASCII percent-encoded', () => {
    expect(returnPath(request({}, { returnTo: '/shop?search=\u2713' }))).toBe('/shop?search=%E2%9C%93');
    expect(returnPath(request({}, { returnTo: '/\n' }))).toBe('/');
    expect(returnPath(request({}, { returnTo: '/a b\u0000c' }))).toBe('/a%20b%00c');
  });

  it('read whole numbers only', () => {
    expect(numberField({ quantity: '3' }, 'quantity')).toBe(3);
    expect(numberField({ quantity: ['1', '2'] }, 'quantity')).toBe(2);
    expect(numberField({ quantity: '1.5' }, 'quantity')).toBeNaN();
    expect(numberField({}, 'quantity')).toBeNaN();
  });
});
