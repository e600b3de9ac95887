/**
 * The baseline for the GET scenarios: a bare Fastify process (no plugins, no hooks, logger off)
 * answering each URL with constant bytes captured from the real server in the same run.
 *   node --import tsx bench/baseline-server.ts <spec.json>
 * spec: { port, routes: [{ path, status, contentType, body, encoded? }] }. Pinned to the server core by bench/run.ts.
 *
 * Fastify routes on the path alone: a captured URL with a query (`/api/search?q=...`) is registered
 * under its path, and the one handler of that path answers each captured URL from a map of its own
 * (a lookup the shop's router does not make either way). The bench checks every answer against the
 * shop's before it measures (`checkBaseline`): a baseline that answered a 404 once went unnoticed.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyReply } from 'fastify';

export interface BaselineRoute {
  /** The URL as requested: path and query. */
  path: string;
  /** The shop's status for it (200 unless said). */
  status?: number;
  contentType: string;
  /** The body as text (decoded). */
  body: string;
  /** The bytes as the real server sent them when the request asked for an encoding (base64). */
  encoded?: { encoding: string; base64: string };
}

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { port: number; routes: BaselineRoute[] };
const app = Fastify({ logger: false });

type Answer = (reply: FastifyReply) => void;
const answers = new Map<string, Map<string, Answer>>();
for (const route of spec.routes) {
  const { contentType, body, encoded, status = 200 } = route;
  const pathname = route.path.split('?')[0]!;
  const answer: Answer = encoded
    ? ((bytes: Buffer) => (reply: FastifyReply) => {
        reply
          .status(status)
          .header('content-type', contentType)
          .header('content-encoding', encoded.encoding)
          .header('vary', 'accept-encoding')
          .send(bytes);
      })(Buffer.from(encoded.base64, 'base64'))
    : (reply) => {
        reply.status(status).header('content-type', contentType).send(body);
      };
  let byUrl = answers.get(pathname);
  if (!byUrl) {
    answers.set(pathname, (byUrl = new Map()));
    const urls = byUrl;
    app.get(pathname, (request, reply) => {
      const found = urls.get(request.url);
      if (found) return found(reply);
      reply.status(404).send('not captured');
    });
  }
  byUrl.set(route.path, answer);
}
await app.listen({ port: spec.port, host: '127.0.0.1' });
process.stdout.write('listening\n');
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
