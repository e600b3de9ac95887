import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ReadinessSources, checkReadiness } from './readiness.ts';

/** A probe that outlives this gets a 503: a load balancer must not wait on a stuck database. */
const READY_TIMEOUT_MS = 3_000;

class ProbeTimeout extends Error {}

/**
 * GET /health/live: the process answers (restart it when this fails).
 * GET /health/ready: it can serve shoppers (send it traffic only while this is 200; 503 says why not).
 * Never cached, never behind a session.
 */
export const health = fp(
  async (app: FastifyInstance, sources: ReadinessSources) => {
    const started = Date.now();
    app.get('/health/live', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'live', uptimeSeconds: Math.round((Date.now() - started) / 1000) };
    });

    app.get('/health/ready', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ProbeTimeout()), READY_TIMEOUT_MS);
      });
      try {
        const readiness = await Promise.race([checkReadiness(sources), timeout]);
        const { ready, ...details } = readiness;
        if (!ready) request.log.warn({ problems: readiness.problems }, 'not ready');
        else if (readiness.warnings.length > 0)
          request.log.warn({ warnings: readiness.warnings }, 'ready, with warnings');
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', ...details });
      } catch (error) {
        if (!(error instanceof ProbeTimeout)) throw error;
        request.log.warn('readiness checks timed out');
        return reply
          .status(503)
          .send({ status: 'not ready', problems: [`the readiness checks took over ${READY_TIMEOUT_MS} ms`] });
      } finally {
        clearTimeout(timer);
      }
    });
  },
  { name: 'dino-shop-health', fastify: '5.x' },
);
