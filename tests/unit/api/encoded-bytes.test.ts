import { describe, expect, it } from 'vitest';
import {
  type EncodedBytes,
  encodeBytes,
  isSettled,
  negotiateEncoding,
  preferredEncoding,
} from '../../../http/encoding/encoded-bytes.ts';
import { until } from '../../support/until.ts';

const identity = Buffer.from('<html>a page</html>');
const gzip = Buffer.from('gzip bytes');
const settled: EncodedBytes = { identity, gzip, br: Buffer.from('br bytes') };
const brotliPending: EncodedBytes = { identity, gzip };
const tooSmall: EncodedBytes = { identity, gzip: identity };

describe('content encodings', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['BR;Q=1, gzip;q=1', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.8, br;q=0', 'gzip'],
    ['deflate, zstd', 'identity'],
  ] as const)('Accept-Encoding %j prefers %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
    // Asked again (from memory this time), the same answer.
    expect(preferredEncoding(header)).toBe(expected);
    expect(negotiateEncoding(header, settled)).toBe(expected);
  });

  it('sends gzip while Brotli is still being made, and identity for content too small to encode', () => {
    expect(negotiateEncoding('gzip, deflate, br', brotliPending)).toBe('gzip');
    expect(negotiateEncoding('br', brotliPending)).toBe('identity');
    expect(negotiateEncoding('gzip, br', tooSmall)).toBe('identity');
  });

  it('calls bytes settled once they will not change: Brotli made, or nothing to encode', () => {
    expect(isSettled(settled)).toBe(true);
    expect(isSettled(tooSmall)).toBe(true);
    expect(isSettled(brotliPending)).toBe(false);
  });

  it('does not mix up headers it has parsed before with new ones past its memory', () => {
    for (let i = 0; i < 200; i++) expect(preferredEncoding(`gzip;q=0.${(i % 9) + 1}, identity, x-${i}`)).toBe('gzip');
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
  });

  it('holds each encoding in memory of its own length, and makes no Brotli for bytes sent once', async () => {
    const page = Buffer.from(Array.from({ length: 600 }, (_, i) => `<li>product ${i}</li>`).join(''));
    const kept = encodeBytes(page);
    await until(() => kept.br !== undefined);
    // zlib's answer is a view of its larger output chunk: kept as is, it would hold the whole chunk.
    for (const bytes of [kept.gzip, kept.br!]) expect(bytes.buffer.byteLength).toBe(bytes.length);
    const once = encodeBytes(page, { brotli: false });
    expect(once.gzip.length).toBeLessThan(page.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(once.br).toBeUndefined();
  });
});
