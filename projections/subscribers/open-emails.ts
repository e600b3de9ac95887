import { availableParallelism } from 'node:os';
import openEmails, { type OpenEmailsTask } from './open-emails.worker.ts';

/**
 * Opening an address (AES-GCM with a key of its own) is CPU work per address, much of it setting up the
 * cipher object each address needs (its own nonce, whatever the key), so an export of many is bound by
 * one core: it hands its batches to worker threads, one per core, and keeps its own thread for
 * reading rows and writing the file.
 */
export interface EmailOpener {
  /** The addresses opened with the keys given (hex, 32 bytes each), in order. */
  open(keysHex: readonly string[], sealed: readonly string[]): Promise<string[]>;
  /** Stops the threads once the batches handed over are opened. */
  close(): Promise<void>;
}

const task = (keysHex: readonly string[], sealed: readonly string[]): OpenEmailsTask => ({
  keysHex: keysHex.join(''),
  sealed: sealed.join('\n'),
});

/** In this thread: for exports of one batch, where starting threads costs more than it saves. */
export const inlineOpener: EmailOpener = {
  open: async (keysHex, sealed) => JSON.parse(openEmails(task(keysHex, sealed))) as string[],
  close: async () => {},
};

// The worker is this directory's TypeScript module under tsx or vitest, the bundled
// `open-emails.worker.js` next to the compiled CLI in production (scripts/build-server.mjs).
const compiled = !import.meta.url.endsWith('.ts');
const workerFile = new URL(compiled ? './open-emails.worker.js' : './open-emails.worker.ts', import.meta.url);

export function workerOpener(threads = availableParallelism()): EmailOpener {
  // Loaded on first use: the server imports this module too, and never starts an export.
  const pool = import('piscina').then(
    ({ Piscina }) =>
      new Piscina<OpenEmailsTask, string>({
        filename: workerFile.href,
        minThreads: threads,
        maxThreads: threads,
        // A task holds one batch (a few hundred KB): small heaps keep the export's peak memory where it
        // is with no threads (V8's default young generation holds far more than a batch needs).
        resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
        // Workers inherit the parent's flags; TypeScript source needs tsx's loader among them.
        execArgv:
          compiled || process.execArgv.some((arg) => arg.includes('tsx'))
            ? process.execArgv
            : [...process.execArgv, '--import', 'tsx'],
      }),
  );
  // Batches fetched ahead are still in the workers when an export stops early. A pool destroyed under
  // them rejects them and throws, uncaught, on the answer of a task it no longer knows; piscina's own
  // close() does not wait for tasks still queued while the threads start.
  const inFlight = new Set<Promise<string>>();
  return {
    open: async (keysHex, sealed) => {
      const run = pool.then((threads) => threads.run(task(keysHex, sealed)));
      inFlight.add(run);
      try {
        return JSON.parse(await run) as string[];
      } finally {
        inFlight.delete(run);
      }
    },
    close: async () => {
      await Promise.allSettled(inFlight);
      await (await pool).destroy();
    },
  };
}
