import type { FastifyInstance } from 'fastify';

/** Development: Vite's middleware (on-the-fly modules, hot reload) on `app`. Answers how to stop it. */
export async function registerViteDev(app: FastifyInstance, root: string): Promise<() => Promise<void>> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({ root, server: { middlewareMode: true } });
  await app.register(middie);
  app.use(vite.middlewares);
  return () => vite.close();
}
