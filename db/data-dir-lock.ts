import { chmod, mkdir, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** The socket whose bound address IS the lock: the kernel frees it the moment its process dies. */
export const LOCK_SOCKET = 'owner.sock';

/** Unix socket paths are limited to 108 bytes by the kernel (sun_path), NUL included. */
const MAX_SOCKET_PATH = 100;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    const who = holderPid ? `dino-shop process ${holderPid}` : 'another dino-shop process';
    super(
      `the data directory ${dataDir} is in use by ${who}: stop that process first, or point DATABASE_URL at PostgreSQL to run several processes on one database`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly socketPath: string;
  release(): Promise<void>;
}

type Probe = { state: 'alive'; pid: number | undefined } | { state: 'stale' } | { state: 'gone' };

/** Asks whoever holds the socket for its pid; a refused connection means the holder is dead. */
function probe(socketPath: string): Promise<Probe> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(socketPath);
    socket.setTimeout(2000, () => socket.destroy());
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => {
      const pid = Number.parseInt(answer, 10);
      resolve({ state: 'alive', pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socket.removeAllListeners('close');
      if (error.code === 'ECONNREFUSED') resolve({ state: 'stale' });
      else if (error.code === 'ENOENT') resolve({ state: 'gone' });
      // Anything else (a timeout, EACCES): someone is there and not ours to remove.
      else resolve({ state: 'alive', pid: undefined });
    });
  });
}

function bind(server: net.Server, socketPath: string): Promise<'bound' | 'in-use'> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve('in-use');
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve('bound');
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(socketPath);
  });
}

/**
 * Makes this process the only owner of a PGlite data directory until it exits or calls release().
 * The lock is a Unix domain socket bound inside the directory: binding is exclusive while the holder
 * lives, and dies with it (even on kill -9). A socket file left by a dead holder refuses connections;
 * it is removed and bound again. Another live holder answers with its pid, which the error names.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const socketPath = path.join(path.resolve(dataDir), LOCK_SOCKET);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(
      `the data directory path ${dataDir} is too long to hold its lock socket (at most ${MAX_SOCKET_PATH - LOCK_SOCKET.length - 1} bytes): use a shorter DATA_DIR`,
    );
  }
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await bind(server, socketPath)) === 'bound') {
      // A lock must never keep the process alive by itself.
      server.unref();
      await chmod(socketPath, 0o600);
      return {
        socketPath,
        release: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }
    const holder = await probe(socketPath);
    if (holder.state === 'alive') throw new DataDirLockedError(dataDir, holder.pid);
    // Stale (its process died) or already removed: clear it and bind again.
    if (holder.state === 'stale') await unlink(socketPath).catch(() => {});
  }
  throw new DataDirLockedError(dataDir, undefined);
}
