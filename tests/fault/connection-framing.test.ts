import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { BACKENDS, serverForTests } from './fault-support.ts';
import { product } from './hostile-requests.ts';

/**
 * Bytes that follow a complete request on its connection and are no request themselves: the request
 * before them was applied, so it must get its own answer, not the parser's refusal of what followed.
 */

const item = { productId: product.id, variantId: product.variants[0]!.id, quantity: 1 };

/** Writes `bytes` on a fresh connection and reads everything the server sends until it closes. */
function rawExchange(base: URL, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(base.port), base.hostname, () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(text) : reject(error)));
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no close in 10 s; read so far:\n${text}`)));
  });
}

const cartOf = async (base: string, cookie: string) =>
  (await (await fetch(`${base}/api/cart`, { headers: { cookie } })).json()) as { itemCount: number };

describe.each(BACKENDS)('requests followed by stray bytes on %s', (backend) => {
  const shop = serverForTests(backend);

  it('a POST with Connection: close and bytes after its body gets its own 201, and the add is there', async () => {
    const base = new URL(shop.server.url);
    const body = JSON.stringify(item);
    const text = await rawExchange(
      base,
      `POST /api/cart HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}\r\nthese bytes are no request\r\n\r\n`,
    );
    expect(text, `the answer was:\n${text}`).toMatch(/^HTTP\/1\.1 201 /);
    const cookie = /^set-cookie: (dino\.sid=[^;]+)/im.exec(text)?.[1];
    expect(cookie).toBeDefined();
    expect((await cartOf(shop.server.url, cookie!)).itemCount).toBe(1);
  });

  it('a keep-alive DELETE with a body and no Content-Length, as Node’s client sends it, gets its real answer', async () => {
    const added = await fetch(`${shop.server.url}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(item),
    });
    expect(added.status).toBe(201);
    const cookie = added.headers.get('set-cookie')!.split(';')[0]!;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          `${shop.server.url}/api/cart`,
          { method: 'DELETE', agent, headers: { cookie, 'content-type': 'application/json' } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
          },
        );
        request.on('error', reject);
        // DELETE is sent without chunked framing: the body goes on the wire after the headers, unannounced.
        request.end(JSON.stringify({ reason: 'clear it all' }));
      });
      expect(answer.status, `the answer was ${answer.status} ${answer.body}`).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ itemCount: 0 });
      expect((await cartOf(shop.server.url, cookie)).itemCount).toBe(0);
    } finally {
      agent.destroy();
    }
  });
});
