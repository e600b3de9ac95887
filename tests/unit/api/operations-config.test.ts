import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../../server/config.ts';
import { requestIdOf } from '../../../http/logger.ts';

const withHeader = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('keep a plain id a load balancer sent', () => {
    expect(requestIdOf(withHeader('lb-1234:abc.def_9'))).toBe('lb-1234:abc.def_9');
  });

  it('replace a missing, long or odd one with a fresh id: the process’s random base and a counter (nothing unsafe reaches the logs)', () => {
    const ids = [undefined, '', 'x'.repeat(65), 'a b', 'id\nforged-line', '<script>'].map((given) =>
      requestIdOf(withHeader(given)),
    );
    const base = ids[0]!.slice(0, 23);
    for (const id of ids) {
      expect(id).toMatch(/^[\w-]{22}-\d+$/);
      expect(id.startsWith(base)).toBe(true);
      // An id the shop made is one a proxy in front of another instance may pass on unchanged.
      expect(requestIdOf(withHeader(id))).toBe(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('operations settings', () => {
  it('default to auto logs, no metrics token and a 10 s shutdown', () => {
    expect(parseEnv({})).toMatchObject({ logFormat: 'auto', metricsToken: undefined, shutdownTimeoutMs: 10_000 });
  });

  it('are read from LOG_FORMAT, METRICS_TOKEN and SHUTDOWN_TIMEOUT_MS', () => {
    expect(
      parseEnv({ LOG_FORMAT: 'json', METRICS_TOKEN: 'sixteen-chars-ok', SHUTDOWN_TIMEOUT_MS: '2500' }),
    ).toMatchObject({
      logFormat: 'json',
      metricsToken: 'sixteen-chars-ok',
      shutdownTimeoutMs: 2500,
    });
  });

  it('refuse bad values, every one named at once', () => {
    const error = (() => {
      try {
        parseEnv({ LOG_FORMAT: 'xml', METRICS_TOKEN: 'short', SHUTDOWN_TIMEOUT_MS: 'soon' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'LOG_FORMAT: LOG_FORMAT must be auto, pretty or json',
      'METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters',
      'SHUTDOWN_TIMEOUT_MS: SHUTDOWN_TIMEOUT_MS must be a number of milliseconds',
    ]);
  });
});
