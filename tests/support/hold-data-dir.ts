// A separate process that takes a data directory's lock, says "locked", and waits to be killed.
import { lockDataDir } from '../../db/data-dir-lock.ts';

await lockDataDir(process.argv[2]!);
process.stdout.write('locked\n');
setInterval(() => {}, 1 << 30);
