import { Command } from 'commander';
import { type CliContext, type GlobalOptions, parsePort } from '../context.ts';
import { stopTracing } from '../tracing.ts';

export function serveCommand(_context: CliContext): Command {
  return new Command('serve')
    .description('start the shop (API and storefront) — what `npm start` runs')
    .option('--port <port>', 'port to listen on (default: PORT or 3000)', parsePort)
    .option('--host <host>', 'interface to listen on (default: HOST or 0.0.0.0)')
    .option('--dev', 'development mode: Vite dev server with hot reload instead of the production build', false)
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop serve --port 8080\n  $ dino-shop --database-url postgres://localhost/shop serve',
    )
    .action(async (options: { port?: string; host?: string; dev: boolean }, command: Command) => {
      // React (and other packages) pick their production build only when NODE_ENV says so, and read it
      // when first loaded: set it before the server is imported, unless the operator chose one.
      process.env.NODE_ENV ||= options.dev ? 'development' : 'production';
      // Loaded on demand: the server pulls in Fastify and Vike, which the other commands never need.
      const [{ loadConfig }, { startServer }, { default: closeWithGrace }] = await Promise.all([
        import('../../server/config.ts'),
        import('../../server/server.ts'),
        import('close-with-grace'),
      ]);
      const globals = command.optsWithGlobals<GlobalOptions>();
      const config = await loadConfig({
        ...process.env,
        ...(globals.databaseUrl ? { DATABASE_URL: globals.databaseUrl } : {}),
        DATA_DIR: globals.dataDir,
        ...(options.port ? { PORT: options.port } : {}),
        ...(options.host ? { HOST: options.host } : {}),
      });
      const server = await startServer(config, { dev: options.dev });
      const log = server.fastify.log;
      // SIGINT/SIGTERM (or a crash): stop accepting, finish the requests in flight, close the database,
      // exit 0; past the deadline, or on a second signal, exit 1 at once.
      closeWithGrace(
        {
          delay: config.shutdownTimeoutMs,
          logger: { error: (message: unknown) => log.error(message) },
        },
        async ({ signal, err }) => {
          if (err) log.error({ err }, 'closing after an uncaught error');
          else log.info(`${signal ?? 'exit'}: closing (at most ${config.shutdownTimeoutMs} ms)`);
          await server.close();
          await stopTracing();
          log.info('closed');
        },
      );
    });
}
