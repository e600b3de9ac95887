import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerHeaders } from '../../../http/plugins/answer-headers.ts';
import { HSTS, RESOURCE_HEADERS, isDocumentType, securityHeaders } from '../../../http/plugins/security-headers.ts';

describe('security headers', () => {
  it('are helmet’s, computed once, with our content security policy', () => {
    const headers = securityHeaders({ dev: false });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      // same-origin, not helmet's no-referrer: form posts must carry a real Origin (the forms' cross-site check).
      'referrer-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('ws:');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('allow scripts from our own origin only: no inline script can run in production', () => {
    const csp = securityHeaders({ dev: false })['content-security-policy']!;
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
  });

  it('switch off the browser features the shop never uses', () => {
    const policy = securityHeaders({ dev: false })['permissions-policy']!;
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(policy).toContain(feature);
  });

  it('let Vite’s hot-reload websocket through in development only', () => {
    expect(securityHeaders({ dev: true })['content-security-policy']).toContain("connect-src 'self' ws:");
  });

  describe('by what the answer is', () => {
    const serve = async () => {
      const app = Fastify({ logger: false });
      await app.register(answerHeaders, { dev: false, shuttingDown: () => false });
      app.get('/page', async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send('<!doctype html><p>hi</p>'),
      );
      app.get('/picture.svg', async (_request, reply) =>
        reply.type('image/svg+xml').send('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      );
      app.get('/api/thing', async () => ({ ok: true }));
      app.get('/script.js', async (_request, reply) => reply.type('text/javascript').send('1'));
      app.get('/boom', async () => {
        throw new Error('boom');
      });
      await app.ready();
      return app;
    };

    it('documents (HTML, SVG) get the full set; JSON, scripts and errors the short one, and no document policy', async () => {
      const app = await serve();
      const document = securityHeaders({ dev: false });
      for (const url of ['/page', '/picture.svg']) expect((await app.inject({ url })).headers).toMatchObject(document);
      for (const url of ['/api/thing', '/script.js', '/boom']) {
        const { headers } = await app.inject({ url });
        expect(headers).toMatchObject(RESOURCE_HEADERS);
        expect(headers['permissions-policy']).toBeUndefined();
        expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      await app.close();
    });

    it('tells documents by their content type', () => {
      for (const type of [
        'text/html',
        'text/html; charset=utf-8',
        'TEXT/HTML',
        'image/svg+xml',
        'application/xhtml+xml',
        'application/xml; charset=utf-8',
      ])
        expect(isDocumentType(type)).toBe(true);
      for (const type of [
        'application/json; charset=utf-8',
        'text/javascript',
        'text/css',
        'image/png',
        'text/plain',
        'text/htmlx',
        undefined,
        42,
      ])
        expect(isDocumentType(type)).toBe(false);
    });
  });

  describe('HSTS only on requests that arrived over HTTPS', () => {
    const serve = async (trustProxy: boolean) => {
      const app = Fastify({ logger: false, trustProxy });
      await app.register(answerHeaders, { dev: false, shuttingDown: () => false });
      app.get('/', async () => 'ok');
      await app.ready();
      return app;
    };

    it('plain HTTP: none, whatever X-Forwarded-Proto claims when no proxy is trusted', async () => {
      const app = await serve(false);
      expect((await app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
      expect(
        (await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })).headers[
          'strict-transport-security'
        ],
      ).toBeUndefined();
      await app.close();
    });

    it('behind a trusted proxy that says https: sent', async () => {
      const app = await serve(true);
      expect(
        (await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })).headers[
          'strict-transport-security'
        ],
      ).toBe(HSTS);
      expect(
        (await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security'],
      ).toBeUndefined();
      await app.close();
    });
  });

  describe('the request id and shutdown', () => {
    it('every answer names its request, errors and unknown routes included', async () => {
      const app = Fastify({ logger: false, genReqId: () => 'req-42' });
      await app.register(answerHeaders, { dev: false, shuttingDown: () => false });
      app.get('/', async () => 'ok');
      app.get('/boom', async () => {
        throw new Error('boom');
      });
      await app.ready();
      for (const url of ['/', '/boom', '/nowhere'])
        expect((await app.inject({ url })).headers['x-request-id']).toBe('req-42');
      await app.close();
    });

    it('answers close their keep-alive connection once the server shuts down, and only then', async () => {
      let shuttingDown = false;
      const app = Fastify({ logger: false });
      await app.register(answerHeaders, { dev: false, shuttingDown: () => shuttingDown });
      app.get('/', async () => 'ok');
      await app.ready();
      expect((await app.inject({ url: '/' })).headers.connection).not.toBe('close');
      shuttingDown = true;
      expect((await app.inject({ url: '/' })).headers.connection).toBe('close');
      await app.close();
    });
  });
});
