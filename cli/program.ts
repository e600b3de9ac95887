import { Command } from 'commander';
import { migrateCommand } from './commands/migrate.ts';
import { seedCommand } from './commands/seed.ts';
import { serveCommand } from './commands/serve.ts';
import type { CliIO } from './context.ts';

/** The dino-shop program. Built fresh per run so tests can call `parseAsync` with their own IO. */
export function buildProgram(io: CliIO = { stdout: process.stdout, stderr: process.stderr }): Command {
  const program = new Command('dino-shop')
    .description('Operate the dino-shop: serve it, seed the catalogue, replay projections, export subscribers, debug carts.')
    .option('--database-url <url>', 'PostgreSQL server to use (default: DATABASE_URL, else the embedded PGlite)', process.env.DATABASE_URL)
    .option('--data-dir <dir>', 'where the embedded PGlite keeps its data (default: DATA_DIR or ./data)', process.env.DATA_DIR ?? './data')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  for (const command of [serveCommand(), migrateCommand(io), seedCommand(io)]) {
    program.addCommand(command.exitOverride().showHelpAfterError('(run with --help for usage)'));
  }
  return program.exitOverride();
}
