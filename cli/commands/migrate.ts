import { Command } from 'commander';
import { upgradeSubscriptions } from '../../api/subscriptions/subscriber-upgrade.ts';
import { migrate } from '../../db/migrate.ts';
import { type CliContext, withDatabase } from '../context.ts';

export function migrateCommand(context: CliContext): Command {
  return new Command('migrate')
    .description('apply database migrations and print what was applied')
    .addHelpText('after', '\nExample:\n  $ dino-shop migrate\n  Applied 10 migration(s): ...')
    .action(async (_options, command: Command) => {
      const { applied, sealed } = await withDatabase(context, command, async (db) => ({ applied: await migrate(db), sealed: await upgradeSubscriptions(db) }), { migrate: false });
      context.io.stdout.write(
        applied.length === 0 ? 'Already up to date: no migration to apply.\n' : `Applied ${applied.length} migration(s):\n${applied.map((id) => `  ${id}\n`).join('')}`,
      );
      if (sealed > 0) context.io.stdout.write(`Encrypted the address of ${sealed} subscription(s) written in clear.\n`);
    });
}
