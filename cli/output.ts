import { once } from 'node:events';
import cliProgress from 'cli-progress';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234567 → "1,234,567". */
export const formatCount = (n: number) => integer.format(n);

/** 754.6 → "755 s": how long something has waited, to the second. */
export const formatSeconds = (seconds: number) => `${integer.format(Math.round(seconds))} s`;

/** Columns padded to their widest cell; the last column is left ragged. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return `${[header, ...rows].map(line).join('\n')}\n`;
}

export interface Progress {
  update(value: number): void;
  stop(): void;
}

const noProgress: Progress = { update() {}, stop() {} };

/**
 * A progress bar on `stream` (stderr), or nothing at all when `enabled` is false: callers enable it
 * only when stderr is a terminal, so logs and pipes never receive control characters.
 */
export function progressBar(
  stream: NodeJS.WritableStream,
  options: { enabled: boolean; label: string; total: number; unit: string },
): Progress {
  if (!options.enabled) return noProgress;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${options.label} [{bar}] {percentage}% | {value}/{total} ${options.unit} | ETA {eta_formatted}`,
      hideCursor: true,
      fps: 5,
      etaBuffer: 50,
      // true would install SIGINT handlers that keep Ctrl-C from ending the process.
      gracefulExit: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(options.total, 0);
  return {
    update: (value) => bar.update(value),
    stop: () => bar.stop(),
  };
}

/** The reader of a pipe went away (`... | head`): not a failure of ours. */
export const isBrokenPipe = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPIPE';

/**
 * Writes to a stream honouring backpressure: `write` resolves once the stream can take more, so a
 * slow consumer slows the producer instead of growing a buffer. A stream error (disk full, closed
 * pipe) surfaces on the next write; an aborted `signal` ends a wait for a reader that takes nothing
 * (a paused pager), so Ctrl-C still stops the command.
 */
export function createSink(stream: NodeJS.WritableStream, signal?: AbortSignal) {
  let failure: unknown;
  const onError = (error: unknown) => {
    failure ??= error;
  };
  stream.on('error', onError);
  return {
    get failure() {
      return failure;
    },
    async write(chunk: string): Promise<void> {
      if (failure) throw failure;
      if (!stream.write(chunk)) {
        // 'drain' or 'error' (events.once rejects on 'error'), whichever comes first.
        await once(stream, 'drain', signal ? { signal } : {});
      }
      if (failure) throw failure;
    },
    release() {
      stream.off('error', onError);
    },
  };
}
