import { fstatSync } from 'node:fs';
import { Command, Option } from 'commander';
import type { Database } from '../../db/database.ts';
import {
  EXPORT_BATCH_SIZE,
  type ExportedSubscriber,
  countSubscribersSince,
  streamSubscribers,
} from '../../projections/subscribers/subscribers.queries.ts';
import {
  type CliContext,
  CliError,
  type CliIO,
  parseIsoDate,
  parseNonEmpty,
  parsePositiveInt,
  stopSignal,
  withDatabase,
} from '../context.ts';
import { type OutputFile, cannotWrite, openOutputFile } from '../export-file.ts';
import { createSink, formatCount, isBrokenPipe, progressBar } from '../output.ts';
import { EXPORT_FORMATS, type Encoder, type ExportFormat, csvField } from '../records.ts';

// Written field by field: stringifying an object per row was a large share of the export's own thread
// (measured in bench/results/history/findings.md, "The subscriber export").
const json = (s: ExportedSubscriber) =>
  `{"email":${JSON.stringify(s.email)},"subscribed_at":${JSON.stringify(s.subscribedAt)}}`;

export const encoders: Record<ExportFormat, Encoder<ExportedSubscriber>> = {
  // RFC 4180 ends every record, the header included, with CRLF.
  csv: {
    header: 'email,subscribed_at\r\n',
    batch: (rows) => rows.map((s) => `${csvField(s.email)},${csvField(s.subscribedAt)}\r\n`).join(''),
    footer: () => '',
  },
  // One JSON array, written element by element: never held in memory as a whole.
  json: {
    header: '[',
    batch: (rows, first) => (first ? '\n' : ',\n') + rows.map(json).join(',\n'),
    footer: (count) => (count === 0 ? ']\n' : '\n]\n'),
  },
  ndjson: {
    header: '',
    batch: (rows) => rows.map((s) => `${json(s)}\n`).join(''),
    footer: () => '',
  },
};

interface ExportOptions {
  format: ExportFormat;
  output?: string;
  since?: Date;
  batchSize: number;
}

export function subscribersExportCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('export')
    .description('export the mailing list (email, subscribed_at) as CSV, JSON or NDJSON, streamed at constant memory')
    .addOption(new Option('--format <format>', 'output format').choices(EXPORT_FORMATS).default('csv'))
    .option(
      '--output <file>',
      'write to this file instead of stdout (a new file is owner-only; a regular file is replaced atomically when the export completes)',
      parseNonEmpty,
    )
    .option(
      '--since <iso-date>',
      'only subscribers who signed up at or after this time (ISO 8601, UTC unless an offset is given)',
      parseIsoDate,
    )
    .addOption(
      new Option('--batch-size <n>', 'rows per batch fetched from the cursor')
        .default(EXPORT_BATCH_SIZE)
        .argParser(parsePositiveInt)
        .hideHelp(),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop subscribers export > subscribers.csv\n' +
        '  $ dino-shop subscribers export --format ndjson --since 2024-05-01 --output may.ndjson',
    )
    .action(async (options: ExportOptions, command: Command) => {
      const started = performance.now();
      const { signal, dispose } = stopSignal(context);
      let count: number;
      try {
        count = await withDatabase(context, command, (db) => exportSubscribers(io, db, options, signal));
      } catch (error) {
        if (signal.aborted && !(error instanceof CliError))
          throw new CliError('interrupted: the export did not complete', 130);
        throw error;
      } finally {
        dispose();
      }
      if (options.output) {
        const seconds = (performance.now() - started) / 1000;
        io.stderr.write(
          `Exported ${formatCount(count)} subscribers (${options.format}) to ${options.output} in ${seconds.toFixed(2)} s.\n`,
        );
      }
    });
}

/** The export into stdout or `--output`, with a progress bar on stderr where it shows. Returns how many rows it wrote. */
async function exportSubscribers(
  io: CliIO,
  db: Database,
  options: ExportOptions,
  signal: AbortSignal,
): Promise<number> {
  const target: OutputFile = options.output
    ? await openOutputFile(options.output, signal)
    : { stream: io.stdout, commit: async () => {}, abort: async () => {}, leftAsIs: '' };
  try {
    // Only on a terminal, and only for output that is not read as it comes: a file (a pager or `head` on
    // a pipe shares the terminal, and would get the bar drawn over it).
    const showProgress = Boolean(io.stderr.isTTY && (options.output || isRegularFile(io.stdout)));
    const total = showProgress ? await countSubscribersSince(db, options.since) : 0;
    signal.throwIfAborted();
    const progress = progressBar(io.stderr, { enabled: showProgress, label: 'Exporting', total, unit: 'subscribers' });
    let exported: number;
    try {
      const batches = streamSubscribers(db, {
        ...(options.since ? { since: options.since } : {}),
        batchSize: options.batchSize,
      });
      exported = await writeExport(target.stream, batches, encoders[options.format], (n) => progress.update(n), signal);
    } finally {
      progress.stop();
    }
    await target.commit();
    return exported;
  } catch (error) {
    await target.abort();
    if (signal.aborted) throw new CliError(`interrupted: the export did not complete${target.leftAsIs}`, 130);
    // A failed system call on the file (a full disk, say) names the file; a database error has no `syscall`.
    if (options.output && !(error instanceof CliError) && (error as NodeJS.ErrnoException).syscall)
      throw cannotWrite(options.output, error);
    throw error;
  }
}

/** Whether stdout is a file (`> file`), which nobody reads while the export runs. */
function isRegularFile(stream: NodeJS.WritableStream): boolean {
  const fd = (stream as { fd?: unknown }).fd;
  try {
    return typeof fd === 'number' && fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/**
 * Streams batches through the encoder into `stream`, waiting for 'drain' whenever the stream's
 * buffer is full. Returns how many rows were written. A reader that goes away (EPIPE on stdout)
 * ends the export quietly; an aborted `signal` (Ctrl-C) ends it with the signal's reason.
 */
export async function writeExport(
  stream: NodeJS.WritableStream,
  batches: AsyncGenerator<ExportedSubscriber[]>,
  encoder: Encoder<ExportedSubscriber>,
  onProgress: (written: number) => void = () => {},
  signal?: AbortSignal,
): Promise<number> {
  const sink = createSink(stream, signal);
  let count = 0;
  try {
    if (encoder.header) await sink.write(encoder.header);
    for await (const rows of batches) {
      signal?.throwIfAborted();
      await sink.write(encoder.batch(rows, count === 0));
      count += rows.length;
      onProgress(count);
    }
    const footer = encoder.footer(count);
    if (footer) await sink.write(footer);
    return count;
  } catch (error) {
    if (isBrokenPipe(error)) return count;
    throw error;
  } finally {
    await batches.return(undefined);
    sink.release();
  }
}
