import { describe, expect, it } from 'vitest';
import { parseIfMatch } from '../../../api/cart/if-match.ts';

describe('If-Match on cart writes', () => {
  it('no condition: absent or *', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch(' * ')).toBeUndefined();
  });

  it('one strong tag names its version, alone or beside tags that cannot match', () => {
    expect(parseIfMatch('"3"')).toBe(3);
    expect(parseIfMatch('W/"2", "3"')).toBe(3);
    expect(parseIfMatch('"3", "3"')).toBe(3);
  });

  it('only weak or foreign tags: a condition no cart satisfies (412), not a malformed request', () => {
    expect(parseIfMatch('W/"1"')).toBeLessThan(0);
    expect(parseIfMatch('"abc", W/"1"')).toBeLessThan(0);
  });

  it('not tags at all, or two versions at once, is a 400', () => {
    expect(() => parseIfMatch('3')).toThrow('If-Match must be ETags from the cart');
    expect(() => parseIfMatch('')).toThrow('If-Match must be ETags from the cart');
    expect(() => parseIfMatch('"1", "2"')).toThrow('If-Match must name one version of the cart');
  });
});
