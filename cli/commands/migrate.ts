import { Command } from 'commander';
import { migrate } from '../../db/migrate.ts';
import { type CliIO, withDatabase } from '../context.ts';

export function migrateCommand(io: CliIO): Command {
  return new Command('migrate').description('apply database migrations and print what was applied').action(async (_options, command: Command) => {
    const applied = await withDatabase(command, (db) => migrate(db), { migrate: false });
    io.stdout.write(applied.length === 0 ? 'Already up to date: no migration to apply.\n' : `Applied ${applied.length} migration(s):\n${applied.map((id) => `  ${id}\n`).join('')}`);
  });
}
