import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { Command, Option } from 'commander';
import { EXPORT_BATCH_SIZE, type ExportedSubscriber, countSubscribersSince, streamSubscribers } from '../../projections/subscribers/subscribers.queries.ts';
import { type CliContext, CliError, parseIsoDate, parseNonEmpty, parsePositiveInt, withDatabase } from '../context.ts';
import { createSink, formatCount, isBrokenPipe, progressBar } from '../output.ts';

export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, and its quotes are doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

interface Encoder {
  header: string;
  /** Encodes one batch; `first` is true for the very first row of the export. */
  batch(rows: readonly ExportedSubscriber[], first: boolean): string;
  footer(count: number): string;
}

// Written field by field: stringifying an object per row cost a sixth of the export's own thread.
const json = (s: ExportedSubscriber) => `{"email":${JSON.stringify(s.email)},"subscribed_at":${JSON.stringify(s.subscribedAt)}}`;

export const encoders: Record<ExportFormat, Encoder> = {
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
    .option('--output <file>', 'write to this file (replaced atomically when the export completes) instead of stdout', parseNonEmpty)
    .option('--since <iso-date>', 'only subscribers who signed up at or after this time (ISO 8601, UTC unless an offset is given)', parseIsoDate)
    .addOption(new Option('--batch-size <n>', 'rows per batch fetched from the cursor').default(EXPORT_BATCH_SIZE).argParser(parsePositiveInt).hideHelp())
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop subscribers export > subscribers.csv\n  $ dino-shop subscribers export --format ndjson --since 2024-05-01 --output may.ndjson',
    )
    .action(async (options: ExportOptions, command: Command) => {
      const started = performance.now();
      const count = await withDatabase(context, command, async (db) => {
        const target = options.output ? await openOutputFile(options.output) : { stream: io.stdout, commit: async () => {}, abort: async () => {} };
        try {
          const showProgress = Boolean(options.output && io.stderr.isTTY);
          const total = showProgress ? await countSubscribersSince(db, options.since) : 0;
          const progress = progressBar(io.stderr, { enabled: showProgress, label: 'Exporting', total, unit: 'subscribers' });
          let exported: number;
          try {
            exported = await writeExport(target.stream, streamSubscribers(db, { ...(options.since ? { since: options.since } : {}), batchSize: options.batchSize }), encoders[options.format], (n) =>
              progress.update(n),
            );
          } finally {
            progress.stop();
          }
          await target.commit();
          return exported;
        } catch (error) {
          await target.abort();
          throw error;
        }
      });
      if (options.output) {
        const seconds = (performance.now() - started) / 1000;
        io.stderr.write(`Exported ${formatCount(count)} subscribers (${options.format}) to ${options.output} in ${seconds.toFixed(2)} s.\n`);
      }
    });
}

/**
 * Streams batches through the encoder into `stream`, waiting for 'drain' whenever the stream's
 * buffer is full. Returns how many rows were written. A reader that goes away (EPIPE on stdout)
 * ends the export quietly.
 */
export async function writeExport(
  stream: NodeJS.WritableStream,
  batches: AsyncGenerator<ExportedSubscriber[]>,
  encoder: Encoder,
  onProgress: (written: number) => void = () => {},
): Promise<number> {
  const sink = createSink(stream);
  let count = 0;
  try {
    if (encoder.header) await sink.write(encoder.header);
    for await (const rows of batches) {
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

/** A temporary file next to `file`, renamed over it only once the export is complete. */
async function openOutputFile(file: string) {
  const final = path.resolve(file);
  // Found now, not when the finished export is renamed onto it.
  if ((await stat(final).catch(() => undefined))?.isDirectory()) throw new CliError(`cannot write ${file}: it is a directory; name a file in it`);
  const temporary = path.join(path.dirname(final), `.${path.basename(final)}.${process.pid}.partial`);
  const stream = createWriteStream(temporary, { flags: 'wx' });
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    stream,
    async commit() {
      stream.end();
      await finished(stream);
      await rename(temporary, final);
    },
    async abort() {
      stream.destroy();
      await rm(temporary, { force: true });
    },
  };
}
