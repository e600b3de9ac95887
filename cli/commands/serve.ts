import { Command } from 'commander';
import type { CliContext, GlobalOptions } from '../context.ts';

export function serveCommand(_context: CliContext): Command {
  return new Command('serve')
    .description('start the shop (API and storefront) — what `npm start` runs')
    .option('--port <port>', 'port to listen on (default: PORT or 3000)')
    .option('--host <host>', 'interface to listen on (default: HOST or 0.0.0.0)')
    .option('--dev', 'development mode: Vite dev server with hot reload instead of the production build', false)
    .addHelpText('after', '\nExamples:\n  $ dino-shop serve --port 8080\n  $ dino-shop --database-url postgres://localhost/shop serve')
    .action(async (options: { port?: string; host?: string; dev: boolean }, command: Command) => {
      // Loaded on demand: the server pulls in Fastify and Vike, which the other commands never need.
      const [{ loadConfig }, { startServer }] = await Promise.all([import('../../api/config.ts'), import('../../api/server.ts')]);
      const globals = command.optsWithGlobals<GlobalOptions>();
      const config = await loadConfig({
        ...process.env,
        ...(globals.databaseUrl ? { DATABASE_URL: globals.databaseUrl } : {}),
        DATA_DIR: globals.dataDir,
        ...(options.port ? { PORT: options.port } : {}),
        ...(options.host ? { HOST: options.host } : {}),
      });
      const server = await startServer(config, { dev: options.dev });
      const stop = (signal: string) => {
        server.fastify.log.info(`${signal}: closing`);
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
