import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../http/logger.ts';

describe('request logs', () => {
  it('write the URL with any address in it redacted, and the rest of the request as Fastify would', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = Fastify({ loggerInstance: await createLogger({ level: 'info', pretty: false, destination }) });
    app.get('/api/orders/:number', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/orders/%23DINO-123456?email=Rex%40Example.com',
      headers: { host: 'shop.test' },
    });
    await app.close();
    const incoming = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: Record<string, unknown> })
      .find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({
      method: 'GET',
      url: '/api/orders/%23DINO-123456?email=[address]',
      host: 'shop.test',
      remoteAddress: '127.0.0.1',
    });
    expect(lines.join('\n')).not.toMatch(/rex/i);
  });
});
