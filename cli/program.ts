import { Command, Option } from 'commander';
// Bundled into dist/node/cli.js when the CLI is compiled (tsx reads it from the checkout): --version
// says which version was built.
import packageJson from '../package.json' with { type: 'json' };
import { DEFAULT_DATA_DIR } from '../server/config.ts';
import { cartReplayCommand } from './commands/cart-replay.ts';
import { cartsListCommand } from './commands/carts-list.ts';
import { reportCommand } from './commands/report.ts';
import { eventsTailCommand } from './commands/events-tail.ts';
import { eventsTraceCommand } from './commands/events-trace.ts';
import { consumersListCommand } from './commands/consumers-list.ts';
import { consumersRetryCommand } from './commands/consumers-retry.ts';
import { consumersRunCommand } from './commands/consumers-run.ts';
import { consumersSkipCommand } from './commands/consumers-skip.ts';
import { migrateCommand } from './commands/migrate.ts';
import { projectionsListCommand } from './commands/projections-list.ts';
import { projectionsReplayCommand } from './commands/projections-replay.ts';
import { seedCommand } from './commands/seed.ts';
import { serveCommand } from './commands/serve.ts';
import { subscribersExportCommand } from './commands/subscribers-export.ts';
import { customersForgetCommand, subscribersForgetCommand } from './commands/forget.ts';
import { ordersListCommand, ordersShowCommand } from './commands/orders.ts';
import {
  ordersCancelCommand,
  ordersDeliverCommand,
  ordersRefundCommand,
  ordersReturnCommand,
  ordersShipCommand,
} from './commands/order-moves.ts';
import { stockListCommand, stockReceiveCommand } from './commands/stock.ts';
import { type CliContext, type CliDeps, type CliIO, parseActor, parseNonEmpty } from './context.ts';

const group = (name: string, description: string, subcommands: Command[], examples: string[]) => {
  const command = new Command(name).description(description);
  for (const sub of subcommands) command.addCommand(sub);
  command.addHelpText(
    'after',
    `\nExamples:\n${examples.map((example) => `  $ dino-shop ${name} ${example}\n`).join('')}\nRun \`dino-shop ${name} <command> --help\` for a command's options and more examples.`,
  );
  return command;
};

/**
 * `help [command...]` for a command with subcommands, in place of commander's own, which answers an
 * unknown name with the whole help on stderr: this one says the name is unknown, as a usage error.
 */
function helpCommand(parent: Command, path: string): Command {
  return new Command('help')
    .description('display help for command')
    .argument('[command...]', 'the command (and subcommand) to show the help of')
    .addHelpText('after', `\nExample:\n  $ ${path} help ${parent.commands[0]?.name() ?? ''}`)
    .action((names: string[]) => {
      let command = parent;
      for (const name of names) {
        const sub = command.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!sub) return command.error(`error: unknown command '${name}'`, { code: 'commander.unknownCommand' });
        command = sub;
      }
      command.help();
    });
}

/**
 * Applies the program's output and error handling to a command and all its subcommands (commander
 * copies these settings only to commands made with `.command()`, not to added ones): output goes to
 * the injected IO, errors throw instead of exiting, a usage error is one line that says where help is
 * (commander's "Did you mean ...?" joined onto it), and a command's help lists the global options too.
 */
function configure(command: Command, io: CliIO, path: string): Command {
  if (command.commands.length > 0) command.helpCommand(false).addCommand(helpCommand(command, path));
  command
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(`${s.trim().replace(/\s*\n\s*/g, ' ')} (see: ${path} --help)\n`),
    })
    .configureHelp({ showGlobalOptions: true })
    .exitOverride();
  for (const sub of command.commands) configure(sub, io, `${path} ${sub.name()}`);
  return command;
}

/** The dino-shop program. Built fresh per run so tests can call `parseAsync` with their own IO and deps. */
export function buildProgram(
  io: CliIO = { stdout: process.stdout, stderr: process.stderr },
  deps: CliDeps = {},
): Command {
  const context: CliContext = { io, deps };
  const program = new Command('dino-shop')
    .version(packageJson.version, '-V, --version', 'print the version')
    .description(
      'Operate the dino-shop: serve it, seed the catalogue, manage stock, list and move orders, replay projections, export subscribers, debug carts.',
    )
    // An empty variable (`DATA_DIR=`) means "not set", as the server reads it; an empty option is a
    // mistake (`--data-dir "$UNSET"` would otherwise take over the working directory).
    .addOption(
      new Option('--database-url <url>', 'PostgreSQL server to use')
        .default(process.env.DATABASE_URL || undefined, 'DATABASE_URL, else the embedded PGlite')
        .argParser(parseNonEmpty),
    )
    .addOption(
      new Option('--data-dir <dir>', 'where the embedded PGlite keeps its data')
        .default(process.env.DATA_DIR || DEFAULT_DATA_DIR, `DATA_DIR or ${DEFAULT_DATA_DIR}`)
        .argParser(parseNonEmpty),
    )
    .addOption(
      new Option('--actor <name>', 'who the events this command records say acted (e.g. a ticket or a team)')
        .default(undefined, '<user>@<host>')
        .argParser(parseActor),
    )
    .addHelpText(
      'after',
      "\nExamples:\n  $ dino-shop serve\n  $ dino-shop --database-url postgres://localhost/shop projections list\n\nRun `dino-shop <command> --help` for a command's options and more examples.",
    );

  program.addCommand(serveCommand(context));
  program.addCommand(migrateCommand(context));
  program.addCommand(seedCommand(context));
  program.addCommand(
    group(
      'subscribers',
      'the mailing list',
      [subscribersExportCommand(context), subscribersForgetCommand(context)],
      ['export --output subscribers.csv', 'forget rex@example.com'],
    ),
  );
  program.addCommand(
    group(
      'customers',
      'people who ordered or subscribed, by e-mail',
      [customersForgetCommand(context)],
      ['forget rex@example.com'],
    ),
  );
  program.addCommand(
    group(
      'orders',
      'orders placed (read model and their streams), and their moves: ship, deliver, cancel, return, refund',
      [
        ordersListCommand(context),
        ordersShowCommand(context),
        ordersShipCommand(context),
        ordersDeliverCommand(context),
        ordersCancelCommand(context),
        ordersReturnCommand(context),
        ordersRefundCommand(context),
      ],
      [
        'list --status Processing --format ndjson',
        'show DINO-123456',
        'ship DINO-123456 --carrier "Pterodactyl Express" --tracking PTX-7741',
        'refund DINO-123456 --amount 12.34 --key refund-123456-1',
      ],
    ),
  );
  program.addCommand(
    group(
      'stock',
      "variants' stock: counted, received, ordered, on hand",
      [stockListCommand(context), stockReceiveCommand(context)],
      ['list --low 3', 'receive 101 24'],
    ),
  );
  program.addCommand(
    group(
      'projections',
      'read models built from the event log',
      [projectionsListCommand(context), projectionsReplayCommand(context)],
      ['list', 'replay carts'],
    ),
  );
  program.addCommand(
    group(
      'consumers',
      'work done after an event commits (mail): checkpoints, dead letters',
      [
        consumersListCommand(context),
        consumersRunCommand(context),
        consumersRetryCommand(context),
        consumersSkipCommand(context),
      ],
      ['list', 'retry welcome-mail 1234'],
    ),
  );
  program.addCommand(reportCommand(context));
  program.addCommand(group('carts', "shoppers' carts (read model)", [cartsListCommand(context)], ['list --limit 5']));
  program.addCommand(
    group(
      'cart',
      "one cart's event stream, for debugging",
      [cartReplayCommand(context)],
      ['replay 3f1c2a9e-7d1b-4c55-9a0e-2b7f0c1d9e42'],
    ),
  );
  program.addCommand(
    group(
      'events',
      'the global event log, for debugging',
      [eventsTailCommand(context), eventsTraceCommand(context)],
      ['tail --follow', 'trace DINO-123456'],
    ),
  );
  return configure(program, io, 'dino-shop');
}
