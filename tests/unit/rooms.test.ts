import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The process composes the API and the storefront's server side: the one file of api/ that may name both. */
const PROCESS = 'api/server.ts';

const sources = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));

/** The modules a file imports, as paths from the repository root (relative imports only). */
function importsOf(file: string): string[] {
  const code = readFileSync(path.join(ROOT, file), 'utf8');
  return [...code.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => path.join(path.dirname(file), m[1] ?? m[2]!));
}

describe('rooms', () => {
  it('api/ never imports the storefront’s server side (but the process, which composes both)', () => {
    const crossings = sources('api')
      .filter((file) => file !== PROCESS)
      .flatMap((file) => importsOf(file).filter((target) => target.startsWith('storefront/server/')).map((target) => `${file} → ${target}`));
    expect(crossings).toEqual([]);
  });

  it('finds an import when there is one (the rule can fail)', () => {
    expect(importsOf(PROCESS).some((target) => target.startsWith('storefront/server/'))).toBe(true);
  });
});
