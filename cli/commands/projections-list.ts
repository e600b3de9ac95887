import { Command } from 'commander';
import { projections } from '../../projections/registry.ts';
import { projectionStatuses } from '../../projections/status.ts';
import { type CliContext, withDatabase } from '../context.ts';
import { formatCount, formatSeconds, formatTable } from '../output.ts';

export function projectionsListCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('list')
    .description(
      'each projection with its version (code and stored), checkpoint position and lag behind the log (events, and how long the oldest has waited)',
    )
    .option('--json', 'print a JSON array instead of a table', false)
    .addHelpText('after', '\nExample:\n  $ dino-shop projections list')
    .action(async (options: { json: boolean }, command: Command) => {
      const statuses = await withDatabase(context, command, (db) => projectionStatuses(db, projections));
      if (options.json) {
        io.stdout.write(`${JSON.stringify(statuses, null, 2)}\n`);
        return;
      }
      io.stdout.write(
        formatTable(
          ['PROJECTION', 'VERSION', 'STORED', 'CHECKPOINT', 'HEAD', 'LAG', 'WAITING', 'LAST REPLAY'],
          statuses.map((s) => [
            s.name,
            String(s.codeVersion),
            s.storedVersion === null ? '-' : String(s.storedVersion),
            formatCount(s.checkpoint),
            formatCount(s.head),
            formatCount(s.lag),
            formatSeconds(s.lagSeconds),
            s.replayedAt ? `${s.replayedAt.toISOString()} (up to ${formatCount(s.replayedPosition ?? 0)})` : 'never',
          ]),
        ),
      );
      for (const s of statuses) {
        if (s.storedVersion !== s.codeVersion) {
          const built =
            s.storedVersion === null
              ? 'were never built'
              : `were built by version ${s.storedVersion}, the code is version ${s.codeVersion}`;
          io.stdout.write(
            `${s.name}: the stored tables ${built}: \`dino-shop serve\` rebuilds them when it starts, or run \`dino-shop projections replay ${s.name}\`.\n`,
          );
        } else if (s.lag > 0) {
          io.stdout.write(
            `${s.name}: ${formatCount(s.lag)} event(s) not reflected: run \`dino-shop projections replay ${s.name}\`.\n`,
          );
        }
      }
    });
}
