import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Makes a data directory owner-only: created 0700; an existing one has every directory tightened to
 * 0700 and every file to 0600 (the shop's data and its session secret are nobody else's business).
 * Answers how many entries were looser than that, so the caller can say so in the log.
 */
export async function secureDataDir(dataDir: string): Promise<number> {
  await mkdir(dataDir, { recursive: true, mode: DIR_MODE });
  let tightened = 0;
  const visit = async (entry: string): Promise<void> => {
    const stat = await lstat(entry);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((stat.mode & 0o777 & ~wanted) !== 0) {
      await chmod(entry, wanted);
      tightened++;
    }
    if (stat.isDirectory()) {
      await Promise.all((await readdir(entry)).map((name) => visit(path.join(entry, name))));
    }
  };
  await visit(dataDir);
  return tightened;
}
