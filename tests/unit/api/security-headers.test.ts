import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../../api/plugins/security-headers.ts';

describe('security headers', () => {
  it('are helmet’s, computed once, with our content security policy', () => {
    const headers = securityHeaders({ dev: false });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': expect.stringContaining('max-age='),
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('ws:');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('let Vite’s hot-reload websocket through in development only', () => {
    expect(securityHeaders({ dev: true })['content-security-policy']).toContain("connect-src 'self' ws:");
  });
});
