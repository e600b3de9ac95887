import { Command } from 'commander';
import { migrate } from '../../db/migrate.ts';
import { type CliContext, withDatabase } from '../context.ts';

export function migrateCommand(context: CliContext): Command {
  return new Command('migrate')
    .description('apply database migrations and print what was applied')
    .addHelpText('after', '\nExample:\n  $ dino-shop migrate\n  Applied 4 migration(s): ...')
    .action(async (_options, command: Command) => {
      const applied = await withDatabase(context, command, (db) => migrate(db), { migrate: false });
      context.io.stdout.write(
        applied.length === 0 ? 'Already up to date: no migration to apply.\n' : `Applied ${applied.length} migration(s):\n${applied.map((id) => `  ${id}\n`).join('')}`,
      );
    });
}
