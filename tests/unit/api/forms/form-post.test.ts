import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isLocalPath, isSameOrigin, numberField, returnPath } from '../../../../api/forms/form-post.ts';

const request = (headers: Record<string, string>, body: unknown = {}) => ({ headers, body, host: 'shop.test' }) as unknown as FastifyRequest;

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
    expect(isLocalPath('/shop?sort=newest')).toBe(true);
    expect(isLocalPath('//evil.example/')).toBe(false);
    expect(isLocalPath('/\\evil.example')).toBe(false);
    expect(isLocalPath('https://evil.example/')).toBe(false);
    expect(returnPath(request({}, { returnTo: '/product/x?size=M' }))).toBe('/product/x?size=M');
    expect(returnPath(request({ referer: 'https://shop.test/faq?x=1' }, { returnTo: '//evil' }))).toBe('/faq?x=1');
    expect(returnPath(request({ referer: 'https://evil.example/x' }), '/cart')).toBe('/cart');
  });

  it('read whole numbers only', () => {
    expect(numberField({ quantity: '3' }, 'quantity')).toBe(3);
    expect(numberField({ quantity: ['1', '2'] }, 'quantity')).toBe(2);
    expect(numberField({ quantity: '1.5' }, 'quantity')).toBeNaN();
    expect(numberField({}, 'quantity')).toBeNaN();
  });
});
