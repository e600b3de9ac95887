import { Command, Option } from 'commander';
import type { Projection } from '../../eventstore/projection.ts';
import { projectionByName, projections } from '../../projections/registry.ts';
import { MAX_REPLAY_JOBS, replayProjections } from '../../projections/replay.ts';
import { type CliContext, CliError, parsePositiveInt, parsePositiveIntUpTo, withDatabase } from '../context.ts';
import { type Progress, formatCount, progressBar } from '../output.ts';

/** The projections named on the command line (all when none), or a CliError naming the known ones. */
export function selectProjections(names: readonly string[]): Projection[] {
  if (names.length === 0) return [...projections];
  const unknown = names.filter((name) => !projectionByName(name));
  if (unknown.length > 0) {
    throw new CliError(
      `unknown projection${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${projections.map((p) => p.name).join(', ')})`,
    );
  }
  // In registry order, each once.
  return projections.filter((p) => names.includes(p.name));
}

export function projectionsReplayCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('replay')
    .description(
      'rebuild read models from the whole event log (set-based, inside the database) beside the live ones, then swap them in: ' +
        'safe while the shop serves (readers keep the old rows until the swap; appends wait only while the last events are caught up)',
    )
    .argument('[name...]', `projections to rebuild (default: all of ${projections.map((p) => p.name).join(', ')})`)
    .addOption(
      new Option(
        '--batch-size <n>',
        'apply the log in batches of n events, reporting progress after each (default: all at once, the fastest)',
      ).argParser(parsePositiveInt),
    )
    .addOption(
      new Option(
        '--jobs <n>',
        `PostgreSQL: connections that build at once, each a share of the rows (1 to ${MAX_REPLAY_JOBS}, default: 2)`,
      ).argParser(parsePositiveIntUpTo(MAX_REPLAY_JOBS)),
    )
    .addHelpText('after', '\nExamples:\n  $ dino-shop projections replay\n  $ dino-shop projections replay subscribers')
    .action(async (names: string[], options: { batchSize?: number; jobs?: number }, command: Command) => {
      const selected = selectProjections(names);
      let progress: Progress | undefined;
      const result = await withDatabase(context, command, async (db) => {
        try {
          return await replayProjections(db, selected, {
            ...(options.batchSize ? { batchSize: options.batchSize } : {}),
            ...(options.jobs ? { jobs: options.jobs } : {}),
            onStart: (total) => {
              progress = progressBar(io.stderr, {
                enabled: Boolean(io.stderr.isTTY),
                label: 'Replaying',
                total,
                unit: 'events',
              });
            },
            onProgress: ({ processed }) => progress?.update(processed),
          });
        } finally {
          progress?.stop();
        }
      });
      const rate = result.seconds > 0 ? result.events / result.seconds : 0;
      io.stdout.write(
        `Replayed ${result.projections.join(', ')}: ${formatCount(result.events)} events up to position ${formatCount(result.headPosition)} ` +
          `in ${result.seconds.toFixed(2)} s (${formatCount(rate)} events/s).\n`,
      );
    });
}
