import { spawn } from 'node:child_process';
import { existsSync, fsyncSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite, parse as pgliteParse, protocol } from '@electric-sql/pglite';
import pLimit from 'p-limit';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { type Database, statementName } from './database.ts';

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

/**
 * PostgreSQL's memory settings, for a database that lives in this process's heap. Its defaults (shared
 * buffers zeroed at every start, and memory per index build) are sized for a server with memory of its
 * own. Pages beyond the buffers come from the operating system's file cache. The trade against the
 * defaults (measured in docs/scaling.md): a replay and a serving process hold less memory and start
 * sooner, and the bare store-level append is a little slower (presumably: the one backend writes out
 * its own dirty pages sooner).
 */
const MEMORY_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=8MB'];

/**
 * The WAL holds what crash recovery needs and no more: no replica or archive can attach to an embedded
 * database. At this level the rows written into a table created or emptied in the same transaction
 * skip the WAL and the table is synced at commit instead, which is how a replay fills its copies
 * (figures in docs/scaling.md).
 */
const WAL_PARAMS = ['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'];

/**
 * PGlite's start parameters with our memory and WAL settings; durable: with fsync on ("-F" turns it off) and
 * the WAL flushed by fsync, which DurableNodeFS forwards.
 */
function startParams(durable: boolean): string[] {
  const base = durable
    ? [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync']
    : PGlite.defaultStartParams;
  return [...base, ...MEMORY_PARAMS, ...WAL_PARAMS];
}

/**
 * V8 compiles WebAssembly with its fast baseline compiler, then recompiles a function with its
 * optimising one once the function has run for a budget. PostgreSQL's start runs some functions hard
 * exactly once (zeroing its shared buffers, building its caches): with the default budget V8
 * optimises those during the start, and the start waits on it. A hundred times the budget leaves the
 * start alone while a serving PGlite still optimises its hot paths within its first second of load
 * (figures in docs/decisions/0030). Set before the first PGlite compiles its module.
 */
const WASM_TIERING_BUDGET = 180_000_000;
let wasmTieringSet = false;
function delayWasmOptimisation(): void {
  if (wasmTieringSet) return;
  wasmTieringSet = true;
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

function startPglite(dataDir: string, durable: boolean): Promise<PGlite> {
  delayWasmOptimisation();
  return PGlite.create(
    durable
      ? { fs: new DurableNodeFS(dataDir), startParams: startParams(true) }
      : { dataDir, startParams: startParams(false) },
  );
}

/** Whether PostgreSQL's files are in the directory (an empty or new one has none yet). */
export const hasCluster = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/** Creates PostgreSQL's files in an empty directory, in this process (what `pglite-create` runs). */
export async function createCluster(dataDir: string, durable: boolean): Promise<void> {
  await (await startPglite(dataDir, durable)).close();
}

// The child's entry is this directory's TypeScript module under tsx or vitest, the bundled
// `pglite-create.js` next to the compiled CLI in production (scripts/build-server.mjs).
const compiled = !import.meta.url.endsWith('.ts');
const createEntry = new URL(compiled ? './pglite-create.js' : './pglite-create.ts', import.meta.url);

/**
 * Creating a cluster runs initdb, a WebAssembly module of its own, and unpacks its files: the process
 * that does it holds far more memory than one that opened an existing directory, even after a full
 * garbage collection (freed memory stays with the allocator; figures in docs/decisions/0030). A
 * short-lived child process does it instead, so the process that serves never holds that memory; the
 * child costs a process start and a second compilation of PostgreSQL's module, on an empty directory
 * only.
 */
async function createClusterApart(dataDir: string, durable: boolean): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      ...(compiled ? [] : ['--import', 'tsx']),
      fileURLToPath(createEntry),
      dataDir,
      durable ? 'durable' : 'not-durable',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  if (code !== 0)
    throw new Error(
      `could not create the database in ${dataDir} (${signal ?? `exit code ${code}`}): ${stderr.trim() || 'no message'}`,
    );
}

/**
 * The embedded adapter: PostgreSQL compiled to WASM, one connection, data in a directory. PGlite
 * serialises queries and transactions itself, so concurrent callers simply queue.
 */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const durable = options.durable ?? true;
  if (!hasCluster(dataDir)) await createClusterApart(dataDir, durable);
  const pglite = await startPglite(dataDir, durable);
  // The shop's transactions and its named statements take turns: a named statement never runs inside
  // a transaction another caller has open on the one connection (PGlite's own query waits for one too).
  const transactions = pLimit(1);
  const prepared = namedStatements(pglite, transactions);
  return {
    kind: 'pglite',
    async query(sql, params, options) {
      if (options?.prepare) return { rows: (await prepared(sql, params ?? [])) as never[] };
      const result = await pglite.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as never[] };
    },
    // One transaction at a time on the one connection: no row lock is ever waited for, so no lock timeout.
    transaction(work) {
      return transactions(() =>
        pglite.transaction((tx) =>
          work({
            async query(sql, params) {
              const result = await tx.query(sql, params as unknown[] | undefined);
              return { rows: result.rows as never[] };
            },
            async exec(sql) {
              await tx.exec(sql);
            },
          }),
        ),
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

/**
 * Hot statements as named prepared statements on PGlite's one connection: parsed and planned once,
 * then only bound and executed (PGlite's own `query` parses and plans every call, and the append with
 * its projection steps should not be planned again on every call). The same protocol steps as `query`,
 * with its value serialisers and result parsers, between the shop's transactions (`transactions`) and
 * under PGlite's public exclusive lock.
 */
function namedStatements(pglite: PGlite, transactions: ReturnType<typeof pLimit>) {
  const { serialize } = protocol;
  /** Statement name → its parameters' type ids (from the server's describe). */
  const statements = new Map<string, Promise<number[]>>();
  const send = (message: Uint8Array) =>
    pglite.execProtocol(message, { syncToFs: false }).then((result) => result.messages);

  async function prepare(name: string, sql: string): Promise<number[]> {
    try {
      await send(serialize.parse({ name, text: sql }));
      return pgliteParse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
    } finally {
      await send(serialize.sync());
    }
  }

  return (sql: string, params: readonly unknown[]) =>
    transactions(() =>
      pglite.runExclusive(async () => {
        const name = statementName(sql);
        let types = statements.get(name);
        if (!types) {
          types = prepare(name, sql);
          statements.set(name, types);
          types.catch(() => statements.delete(name));
        }
        const typeIds = await types;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = pglite.serializers[typeIds[i]!];
          return serializer ? serializer(value) : String(value);
        });
        const messages = [];
        try {
          messages.push(...(await send(serialize.bind({ statement: name, values }))));
          messages.push(...(await send(serialize.describe({ type: 'P' }))));
          messages.push(...(await send(serialize.execute({}))));
        } finally {
          messages.push(...(await send(serialize.sync())));
        }
        await pglite.syncToFs();
        return pgliteParse.parseResults(messages, pglite.parsers)[0]?.rows ?? [];
      }),
    );
}
