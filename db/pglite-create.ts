/**
 * Creates PostgreSQL's files in an empty PGlite directory and exits: run by `openPglite` as a child
 * process (db/pglite.ts says why), `node pglite-create.js <dir> durable|not-durable`.
 */
import { inspect } from 'node:util';
import { createCluster } from './pglite.ts';

const [dataDir, durability] = process.argv.slice(2);
if (!dataDir || (durability !== 'durable' && durability !== 'not-durable')) {
  process.stderr.write('usage: pglite-create <data directory> durable|not-durable\n');
  process.exit(2);
}
try {
  await createCluster(dataDir, durability === 'durable');
} catch (error) {
  // One line, the reason: the parent puts it into its own error.
  process.stderr.write(`${error instanceof Error ? error.message : inspect(error, { breakLength: Infinity })}\n`);
  process.exit(1);
}
