// Compiles the server and the CLI (TypeScript) into one ESM bundle under dist/node, so production runs
// plain `node` with no compiler at run time. Packages stay external: node_modules is loaded as is.
//
//   node scripts/build-server.mjs [distDir]      (default: dist)
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(root, process.argv[2] ?? 'dist', 'node');

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // The export's worker threads load their task by file name, and a fresh PGlite directory is created
  // by a child process: each an entry of its own.
  entryPoints: {
    cli: 'cli/index.ts',
    'open-emails.worker': 'projections/subscribers/open-emails.worker.ts',
    'pglite-create': 'db/pglite-create.ts',
  },
  outdir,
  bundle: true,
  // The CLI loads the server on demand (`serve` only): keep that a separate chunk.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
// db/migrate.ts reads its SQL next to itself (import.meta.url), which in the bundle is dist/node.
await cp(path.join(root, 'db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`server and CLI compiled to ${path.relative(root, outdir)}/ (${(bytes / 1024).toFixed(0)} KB)`);
