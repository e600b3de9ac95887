import { Command } from 'commander';
import { upgradeSubscriptions } from '../../api/subscriptions/subscriber-upgrade.ts';
import type { Database } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { type CliContext, type CliIO, withDatabase } from '../context.ts';
import { type Progress, formatCount, progressBar } from '../output.ts';

/**
 * Seals the subscriptions older versions wrote in clear (upgradeSubscriptions) and says so on stderr
 * as it starts, since a large old list takes a while: a progress bar on a terminal, else one line.
 * Returns how many it sealed.
 */
export async function sealOldSubscriptions(io: CliIO, db: Database): Promise<number> {
  let progress: Progress | undefined;
  try {
    return await upgradeSubscriptions(db, {
      onStart: (total) => {
        const terminal = Boolean(io.stderr.isTTY);
        if (!terminal) io.stderr.write(`Encrypting the address of ${formatCount(total)} subscription(s) written in clear...\n`);
        progress = progressBar(io.stderr, { enabled: terminal, label: 'Encrypting addresses', total, unit: 'subscriptions' });
      },
      onProgress: (sealed) => progress?.update(sealed),
    });
  } finally {
    progress?.stop();
  }
}

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
        applied.length === 0 ? 'Already up to date: no migration to apply.\n' : `Applied ${applied.length} migration(s):\n${applied.map((id) => `  ${id}\n`).join('')}`,
      );
      if (sealed > 0) context.io.stdout.write(`Encrypted the address of ${formatCount(sealed)} subscription(s) written in clear.\n`);
    });
}
