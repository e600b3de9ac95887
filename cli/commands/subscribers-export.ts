import { once } from 'node:events';
import { type Stats, type WriteStream, createWriteStream, fstatSync, rmSync } from 'node:fs';
import { chmod, chown, lstat, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
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
      '\nExamples:\n  $ dino-shop subscribers export > subscribers.csv\n  $ dino-shop subscribers export --format ndjson --since 2024-05-01 --output may.ndjson',
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

interface OutputFile {
  stream: NodeJS.WritableStream;
  /** Ends the export's output once it is complete. */
  commit(): Promise<void>;
  /** Drops what was written, where that is possible. */
  abort(): Promise<void>;
  /** What an interrupted export leaves of the output, for the message that says so. */
  leftAsIs: string;
}

/** A new export is readable by its owner only: it is the mailing list. */
const NEW_FILE_MODE = 0o600;

const cannotWrite = (file: string, error: unknown) =>
  new CliError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);

/** `stat`/`lstat` of a name that may not exist yet: undefined then; any other failure is a CliError. */
async function statIfAny(file: string, of: () => Promise<Stats>): Promise<Stats | undefined> {
  try {
    return await of();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannotWrite(file, error);
  }
}

/**
 * Where `--output` writes, by what the name is now. The name is only ever followed by the kernel's own
 * lookup, never resolved by hand, so its protections for links in shared directories (a link planted
 * in /tmp by another user) hold.
 * - A character device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe into another program): written in
 *   place, since renaming over it would replace it with a plain file of the mailing list.
 * - A regular file, or nothing yet: a temporary file next to it, renamed over it once the export is
 *   complete, so there is never a half-written file. It keeps the mode, owner and group of the file it
 *   replaces where it can (else it is owner-only); a new one is owner-only.
 * - Refused: a directory, a block device (a disk: a typo must not write over it), a socket, and a
 *   symbolic link to a file (the rename would replace the link, not the file it names).
 */
async function openOutputFile(file: string, signal: AbortSignal): Promise<OutputFile> {
  signal.throwIfAborted();
  const named = path.resolve(file);
  const existing = await statIfAny(file, () => stat(named));
  if (existing?.isDirectory()) throw new CliError(`cannot write ${file}: it is a directory; name a file in it`);
  if (existing?.isCharacterDevice() || existing?.isFIFO()) return writtenInPlace(file, named, signal);
  if (existing && !existing.isFile())
    throw new CliError(`cannot write ${file}: it is not a file, a pipe or a character device`);
  if ((await statIfAny(file, () => lstat(named)))?.isSymbolicLink()) {
    throw new CliError(
      `cannot write ${file}: it is a symbolic link; name the file itself${existing ? '' : ' (it points to nothing)'}`,
    );
  }
  return replacedWhenComplete(file, named, existing);
}

/**
 * Abandons an output: a write still in flight fails once the stream is destroyed, and that failure
 * says nothing new (what stopped the export is reported by the caller), so it is not raised.
 */
function abandon(stream: WriteStream): void {
  stream.on('error', () => {});
  stream.destroy();
}

/**
 * The stream once open. Opening a FIFO waits for its reader, so that wait ends on `signal` (Ctrl-C);
 * a file opens at once, and is left to open, so that it can be removed.
 */
async function opened(file: string, stream: WriteStream, signal?: AbortSignal): Promise<WriteStream> {
  try {
    await once(stream, 'open', signal ? { signal } : {});
  } catch (error) {
    abandon(stream);
    if (signal?.aborted) throw new CliError(`interrupted: nothing was written to ${file}`, 130);
    throw cannotWrite(file, error);
  }
  return stream;
}

async function writtenInPlace(file: string, final: string, signal: AbortSignal): Promise<OutputFile> {
  const stream = await opened(file, createWriteStream(final), signal);
  return {
    stream,
    async commit() {
      stream.end();
      await finished(stream);
    },
    async abort() {
      abandon(stream);
    },
    leftAsIs: `; ${file} got part of it`,
  };
}

async function replacedWhenComplete(file: string, final: string, existing: Stats | undefined): Promise<OutputFile> {
  const temporary = path.join(path.dirname(final), `.${path.basename(final)}.${process.pid}.partial`);
  const mode = existing ? existing.mode & 0o777 : NEW_FILE_MODE;
  const stream = await opened(file, createWriteStream(temporary, { flags: 'wx', mode }));
  // A second Ctrl-C exits at once (stopSignal): the partial file, a copy of the mailing list, goes with it.
  const removeOnExit = () => rmSync(temporary, { force: true });
  process.on('exit', removeOnExit);
  const settle = () => process.off('exit', removeOnExit);
  const abort = async () => {
    settle();
    abandon(stream);
    await rm(temporary, { force: true });
  };
  try {
    // The mode asked for at creation is narrowed by the umask (the embedded database sets 077).
    await chmod(temporary, mode);
    if (existing) await keepOwnerOrNarrow(temporary, existing);
  } catch (error) {
    await abort();
    throw cannotWrite(file, error);
  }
  return {
    stream,
    async commit() {
      stream.end();
      await finished(stream);
      await rename(temporary, final);
      settle();
    },
    abort,
    leftAsIs: existing ? `; ${file} was not replaced` : `; ${file} was not written`,
  };
}

/**
 * The replacement keeps the replaced file's owner and group, so the same people can read it; where this
 * process may not give them (not root, not their group), it is owner-only rather than readable by a
 * group it was never meant for.
 */
async function keepOwnerOrNarrow(temporary: string, existing: Stats): Promise<void> {
  try {
    await chown(temporary, existing.uid, existing.gid);
  } catch {
    await chmod(temporary, existing.mode & 0o700);
  }
}
