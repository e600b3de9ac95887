import { Command } from 'commander';
import { loadConfig } from '../../api/config.ts';
import { startServer } from '../../api/server.ts';
import { type GlobalOptions } from '../context.ts';

export function serveCommand(): Command {
  return new Command('serve')
    .description('start the shop (API and storefront) — what `npm start` runs')
    .option('--port <port>', 'port to listen on (default: PORT or 3000)')
    .option('--host <host>', 'interface to listen on (default: HOST or 0.0.0.0)')
    .option('--dev', 'development mode: Vite dev server with hot reload instead of the production build', false)
    .action(async (options: { port?: string; host?: string; dev: boolean }, command: Command) => {
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
