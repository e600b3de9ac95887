import { Command } from 'commander';
import { migrate } from '../../db/migrate.ts';
import { type CliContext, withDatabase } from '../context.ts';
import { formatCount } from '../output.ts';
import { sealOldSubscriptions } from '../seal-subscriptions.ts';

export function migrateCommand(context: CliContext): Command {
  return new Command('migrate')
    .description('apply database migrations and print what was applied (creates the database if there is none)')
    .addHelpText('after', '\nExample:\n  $ dino-shop migrate\n  Applied 10 migration(s): ...')
    .action(async (_options, command: Command) => {
      const { applied, sealed } = await withDatabase(
        context,
        command,
        async (db) => ({ applied: await migrate(db), sealed: await sealOldSubscriptions(context.io, db) }),
        { migrate: false, create: true },
      );
      context.io.stdout.write(
        applied.length === 0
          ? 'Already up to date: no migration to apply.\n'
          : `Applied ${applied.length} migration(s):\n${applied.map((id) => `  ${id}\n`).join('')}`,
      );
      if (sealed > 0)
        context.io.stdout.write(`Encrypted the address of ${formatCount(sealed)} subscription(s) written in clear.\n`);
    });
}
