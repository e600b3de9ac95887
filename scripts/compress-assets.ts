// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the client build's
// hashed assets, so the server loads encoded bytes instead of compressing them at every start
// (brotli above all is slow, and a start waited for it: bench/results/history/findings.md, "Cold start").
// Maximum quality: it runs once.
//
//   tsx scripts/compress-assets.ts [distDir]      (default: dist)
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_TYPES, MIN_COMPRESSIBLE_BYTES } from '../http/encoding/compression-rule.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const assetsDir = path.resolve(root, process.argv[2] ?? 'dist', 'client/assets');

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);
let written = 0;
await Promise.all(
  (await readdir(assetsDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE_TYPES.has(path.extname(entry.name)))
    .map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const content = await readFile(file);
      if (content.length < MIN_COMPRESSIBLE_BYTES) return;
      const params = {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      };
      await writeFile(`${file}.br`, await toBrotli(content, { params }));
      await writeFile(`${file}.gz`, await toGzip(content, { level: 9 }));
      written++;
    }),
);
console.log(`precompressed ${written} assets in ${path.relative(root, assetsDir)}/ (br and gzip)`);
