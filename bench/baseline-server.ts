/**
 * The baseline for the GET scenarios: a bare Fastify process (no plugins, no hooks, logger off)
 * answering each path with constant bytes captured from the real server in the same run.
 *   node --import tsx bench/baseline-server.ts <spec.json>
 * spec: { port, routes: [{ path, contentType, body }] }. Pinned to the server core by bench/run.ts.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface BaselineRoute {
  path: string;
  contentType: string;
  /** The body as text (decoded). */
  body: string;
  /** The bytes as the real server sent them when the request asked for an encoding (base64). */
  encoded?: { encoding: string; base64: string };
}

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { port: number; routes: BaselineRoute[] };
const app = Fastify({ logger: false });
for (const route of spec.routes) {
  const { contentType, body, encoded } = route;
  if (encoded) {
    const bytes = Buffer.from(encoded.base64, 'base64');
    app.get(route.path, (_request, reply) => {
      reply.header('content-type', contentType).header('content-encoding', encoded.encoding).header('vary', 'accept-encoding').send(bytes);
    });
    continue;
  }
  app.get(route.path, (_request, reply) => {
    reply.header('content-type', contentType).send(body);
  });
}
await app.listen({ port: spec.port, host: '127.0.0.1' });
process.stdout.write('listening\n');
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
