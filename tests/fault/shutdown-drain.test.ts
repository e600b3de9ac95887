import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freshTarget, startServer } from './fault-support.ts';

/**
 * A shutdown while a request is in flight: requests that arrive meanwhile on connections kept alive
 * (a load balancer's pool) are answered 503 with `Connection: close`, which a balancer retries
 * elsewhere, instead of finding their connection reset.
 */

interface Answer {
  status: number;
  head: string;
  body: string;
}

/** A client connection that sends one request at a time and reads its answer (Content-Length framed). */
function connection(base: URL) {
  const socket = net.connect(Number(base.port), base.hostname);
  let buffer = '';
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const answer = async (): Promise<Answer> => {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = buffer.slice(0, end);
        const length = Number(/^content-length: (\d+)/im.exec(head)?.[1] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.slice(end + 4, end + 4 + length);
          buffer = buffer.slice(end + 4 + length);
          return { status: Number(head.slice(9, 12)), head, body };
        }
      }
      if (closed) throw new Error(`the connection closed without an answer${buffer ? `; read: ${buffer}` : ''}`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  return {
    socket,
    connected,
    write: (text: string) => socket.write(text),
    answer,
    async send(text: string) {
      await connected;
      socket.write(text);
      return answer();
    },
    closed: () => new Promise<void>((resolve) => (closed ? resolve() : socket.once('close', () => resolve()))),
  };
}

describe('a shutdown that drains', () => {
  it('answers requests arriving on kept-alive connections 503 with Connection: close, served from the answer cache or not, and finishes the one in flight', async () => {
    const target = await freshTarget('pglite');
    const server = await startServer(target);
    try {
      const base = new URL(server.url);
      const host = `Host: ${base.host}\r\n`;
      const cached = `GET /api/categories HTTP/1.1\r\n${host}\r\n`;
      const body = JSON.stringify({ email: 'drain@example.com' });
      const post = `POST /api/cart HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
      // Two connections a balancer keeps open, each used once (the second answer is an answer-cache hit).
      const pooled = [connection(base), connection(base)];
      for (const client of pooled) {
        expect((await client.send(cached)).status).toBe(200);
      }
      expect((await pooled[0]!.send(cached)).head).toMatch(/^x-cache: hit/im);
      // A request in flight: its body is still arriving when the shutdown begins.
      const slow = connection(base);
      await slow.connected;
      slow.write(
        `POST /api/subscribe HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      server.process.kill('SIGTERM');
      await expect.poll(() => server.output(), { timeout: 5_000 }).toMatch(/SIGTERM: closing/);
      await new Promise((resolve) => setTimeout(resolve, 300));

      for (const [client, request] of [
        [pooled[0]!, cached],
        [pooled[1]!, post],
      ] as const) {
        const refused = await client.send(request);
        expect(refused.status, refused.head).toBe(503);
        expect(refused.head).toMatch(/^connection: close/im);
        expect(JSON.parse(refused.body)).toEqual({
          error: 'Service Unavailable',
          message: expect.any(String),
          requestId: expect.any(String),
        });
        await client.closed();
      }

      slow.write(body.slice(5));
      const finished = await slow.answer();
      expect(finished.status, `${finished.head}\n${finished.body}`).toBe(201);
      expect(finished.head).toMatch(/^connection: close/im);
      await new Promise<void>((resolve) =>
        server.process.exitCode !== null ? resolve() : server.process.once('exit', () => resolve()),
      );
      expect(server.process.exitCode).toBe(0);
    } finally {
      await server.stop();
      await target.drop();
    }
  });
});
