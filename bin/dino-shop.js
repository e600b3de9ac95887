#!/usr/bin/env node
// The installed entry point: runs the compiled CLI from dist/node (`npm run build` makes it).
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/node/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('dino-shop: the compiled CLI is missing (dist/node/cli.js); run `npm run build` first\n');
  process.exit(1);
}
await import(compiled.href);
