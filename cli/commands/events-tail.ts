import { Command, Option } from 'commander';
import { positionOfLatest } from '../../eventstore/log-reads.ts';
import { followLog } from '../../eventstore/follow-log.ts';
import type { LoggedEvent } from '../../eventstore/log-tail.ts';
import { type CliContext, parseNonNegativeInt, parsePositiveInt, stopSignal, withDatabase } from '../context.ts';
import { createSink, isBrokenPipe } from '../output.ts';

interface TailOptions {
  from?: number;
  lines: number;
  follow: boolean;
  interval: number;
  json: boolean;
}

export function formatEvent(event: LoggedEvent): string {
  return `#${event.position}  ${event.createdAt.toISOString()}  ${event.streamId}  v${event.version}  ${event.type}  ${JSON.stringify(event.data)}\n`;
}

const jsonLine = (e: LoggedEvent) =>
  `${JSON.stringify({ position: e.position, transactionId: e.cursor.transactionId, streamId: e.streamId, version: e.version, type: e.type, recordedAt: e.createdAt.toISOString(), data: e.data, metadata: e.metadata })}\n`;

export function eventsTailCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('tail')
    .description(
      'print the global event log (the last events, or everything from a position); --follow keeps printing new events ' +
        'in commit-safe order until Ctrl-C',
    )
    .addOption(
      new Option('--from <position>', 'start at this log position (inclusive; 0 = the whole log)').argParser(
        parseNonNegativeInt,
      ),
    )
    .addOption(
      new Option('-n, --lines <n>', 'without --from: how many of the latest events to print first')
        .default(20)
        .argParser(parsePositiveInt),
    )
    .option('-f, --follow', 'keep polling for new events until interrupted (SIGINT)', false)
    .addOption(
      new Option('--interval <ms>', 'with --follow: how often to poll').default(1_000).argParser(parsePositiveInt),
    )
    .option('--json', 'one JSON object per line (NDJSON) instead of text', false)
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop events tail\n  $ dino-shop events tail --from 1 | less\n  $ dino-shop events tail --follow --json',
    )
    .action(async (options: TailOptions, command: Command) => {
      const { signal, dispose } = stopSignal(context);
      const format = options.json ? jsonLine : formatEvent;
      const sink = createSink(io.stdout);
      try {
        await withDatabase(context, command, async (db) => {
          const from = options.from ?? Math.max(1, await positionOfLatest(db, options.lines));
          let printed = 0;
          for await (const batch of followLog(db, { from, follow: options.follow, pollMs: options.interval, signal })) {
            printed += batch.length;
            await sink.write(batch.map(format).join(''));
          }
          // Said on stderr, so stdout holds events only.
          if (printed === 0 && !options.follow)
            io.stderr.write(
              options.from === undefined
                ? 'No events in the log yet.\n'
                : `No events from position ${options.from} on.\n`,
            );
        });
      } catch (error) {
        if (!isBrokenPipe(error)) throw error;
      } finally {
        sink.release();
        dispose();
      }
    });
}
