import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locate } from '../../../patches/apply.mjs';
import { patches } from '../../../patches/patches.mjs';

/** Every patch of patches/patches.mjs is applied to the installed package (npm install runs patches/apply.mjs). */
describe('the installed packages, patched', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  };

  it.each(patches.map((p) => [p.id, p] as const))(
    '%s is applied, to the exact version package.json pins',
    (_id, patch) => {
      expect(manifest.dependencies[patch.package]).toBe(patch.version);
      expect(locate(patch).state).toBe('applied');
    },
  );
});
