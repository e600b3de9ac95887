// Where an export is written: a new file private to its owner, or an existing one replaced only once the
// export is whole (or written in place where it cannot be replaced: a FIFO, a device).
import { type Stats, type WriteStream, createWriteStream, rmSync } from 'node:fs';
import { chmod, chown, lstat, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { CliError } from './context.ts';

export interface OutputFile {
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

export const cannotWrite = (file: string, error: unknown) =>
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
export async function openOutputFile(file: string, signal: AbortSignal): Promise<OutputFile> {
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
