import { fsyncSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { Database } from './database.ts';

type PostgresMod = Parameters<NodeFS['init']>[1];

export interface PgliteOptions {
  /**
   * true (the default): a commit returns once its WAL is fsynced, as PostgreSQL does. false: the
   * operating system writes it back when it likes, so a power failure (not a crash of this process:
   * writes already reached the kernel) may lose the last commits. For throwaway data only.
   */
  durable?: boolean;
}

let fsyncCount = 0;
/** How many fsyncs PGlite asked for in this process (tests use it to prove durability is on). */
export const pgliteFsyncs = () => fsyncCount;

/**
 * Emscripten's Node filesystem implements write but not fsync, so PostgreSQL's fsync calls would be
 * silent no-ops. This one forwards them to the real file descriptor.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Partial<PostgresMod>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: PostgresMod & { NODEFS?: { stream_ops: Record<string, unknown> } }) => {
        if (!mod.NODEFS) throw new Error('PGlite no longer exposes NODEFS: durable writes cannot be enforced');
        mod.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => {
          fsyncCount++;
          fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** PGlite's start parameters with fsync on ("-F" turns it off) and WAL flushed by fsync, which we forward. */
function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/**
 * The embedded adapter: PostgreSQL compiled to WASM, one connection, data in a directory. PGlite
 * serialises queries and transactions itself, so concurrent callers simply queue.
 */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const durable = options.durable ?? true;
  const pglite = await PGlite.create(
    durable ? { fs: new DurableNodeFS(dataDir), startParams: durableStartParams() } : { dataDir },
  );
  return {
    kind: 'pglite',
    async query(sql, params) {
      const result = await pglite.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as never[] };
    },
    transaction(work) {
      return pglite.transaction((tx) =>
        work({
          async query(sql, params) {
            const result = await tx.query(sql, params as unknown[] | undefined);
            return { rows: result.rows as never[] };
          },
        }),
      );
    },
    async exec(sql) {
      await pglite.exec(sql);
    },
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, onNotify);
      return () => unlisten();
    },
    async close() {
      await pglite.close();
    },
  };
}
