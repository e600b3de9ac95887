import { Command, Option } from 'commander';
import { DEFAULT_DATA_DIR } from '../api/config.ts';
import { cartReplayCommand } from './commands/cart-replay.ts';
import { cartsListCommand } from './commands/carts-list.ts';
import { eventsTailCommand } from './commands/events-tail.ts';
import { migrateCommand } from './commands/migrate.ts';
import { projectionsListCommand } from './commands/projections-list.ts';
import { projectionsReplayCommand } from './commands/projections-replay.ts';
import { seedCommand } from './commands/seed.ts';
import { serveCommand } from './commands/serve.ts';
import { subscribersExportCommand } from './commands/subscribers-export.ts';
import { subscribersForgetCommand } from './commands/subscribers-forget.ts';
import { type CliContext, type CliDeps, type CliIO, parseNonEmpty } from './context.ts';

const group = (name: string, description: string, subcommands: Command[], examples: string[]) => {
  const command = new Command(name).description(description);
  for (const sub of subcommands) command.addCommand(sub);
  command.addHelpText('after', `\nExamples:\n${examples.map((example) => `  $ dino-shop ${name} ${example}\n`).join('')}\nRun \`dino-shop ${name} <command> --help\` for a command's options and more examples.`);
  return command;
};

/**
 * Applies the program's output and error handling to a command and all its subcommands (commander
 * copies these settings only to commands made with `.command()`, not to added ones): output goes to
 * the injected IO, errors throw instead of exiting, and a usage error is one line that says where help is.
 */
function configure(command: Command, io: CliIO, path: string): Command {
  command
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(`${s.trimEnd()} (see: ${path} --help)\n`),
    })
    .exitOverride();
  for (const sub of command.commands) configure(sub, io, `${path} ${sub.name()}`);
  return command;
}

/** The dino-shop program. Built fresh per run so tests can call `parseAsync` with their own IO and deps. */
export function buildProgram(io: CliIO = { stdout: process.stdout, stderr: process.stderr }, deps: CliDeps = {}): Command {
  const context: CliContext = { io, deps };
  const program = new Command('dino-shop')
    .description('Operate the dino-shop: serve it, seed the catalogue, replay projections, export subscribers, debug carts.')
    // An empty variable (`DATA_DIR=`) means "not set", as the server reads it; an empty option is a
    // mistake (`--data-dir "$UNSET"` would otherwise take over the working directory).
    .addOption(new Option('--database-url <url>', 'PostgreSQL server to use').default(process.env.DATABASE_URL || undefined, 'DATABASE_URL, else the embedded PGlite').argParser(parseNonEmpty))
    .addOption(new Option('--data-dir <dir>', 'where the embedded PGlite keeps its data').default(process.env.DATA_DIR || DEFAULT_DATA_DIR, `DATA_DIR or ${DEFAULT_DATA_DIR}`).argParser(parseNonEmpty))
    .addHelpText('after', '\nExamples:\n  $ dino-shop serve\n  $ dino-shop --database-url postgres://localhost/shop projections list\n\nRun `dino-shop <command> --help` for a command\'s options and more examples.');

  program.addCommand(serveCommand(context));
  program.addCommand(migrateCommand(context));
  program.addCommand(seedCommand(context));
  program.addCommand(group('subscribers', 'the mailing list', [subscribersExportCommand(context), subscribersForgetCommand(context)], ['export --output subscribers.csv', 'forget rex@example.com']));
  program.addCommand(group('projections', 'read models built from the event log', [projectionsListCommand(context), projectionsReplayCommand(context)], ['list', 'replay carts']));
  program.addCommand(group('carts', 'shoppers\' carts (read model)', [cartsListCommand(context)], ['list --limit 5']));
  program.addCommand(group('cart', 'one cart\'s event stream, for debugging', [cartReplayCommand(context)], ['replay 3f1c2a9e-7d1b-4c55-9a0e-2b7f0c1d9e42']));
  program.addCommand(group('events', 'the global event log, for debugging', [eventsTailCommand(context)], ['tail --follow']));
  return configure(program, io, 'dino-shop');
}
