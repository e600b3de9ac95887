import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Patch, PatchError, locate, setPatch } from '../../../patches/apply.mjs';

/** patches/apply.mjs on a made-up package: a patch is found by its text, once, in the pinned version only. */
describe('applying a patch by content', () => {
  let nodeModules: string;
  const patch: Patch = {
    id: 'demo',
    package: '@demo/pkg',
    version: '1.2.3',
    find: 'return slow(x);',
    replace: 'return fast(x);',
  };
  const file = (rel: string) => path.join(nodeModules, '@demo/pkg', rel);
  const install = async (version: string, files: Record<string, string>) => {
    await mkdir(file('dist/chunks'), { recursive: true });
    await writeFile(file('package.json'), JSON.stringify({ name: '@demo/pkg', version }));
    for (const [rel, text] of Object.entries(files)) await writeFile(file(rel), text);
  };
  beforeEach(async () => {
    nodeModules = await mkdtemp(path.join(tmpdir(), 'dino-patches-'));
  });
  afterEach(async () => {
    await rm(nodeModules, { recursive: true, force: true });
  });

  it('replaces the text in whichever file holds it, whatever that file is called', async () => {
    await install('1.2.3', {
      'dist/chunks/chunk-X7Q2.js': 'function f(x){return slow(x);}',
      'dist/index.js': 'export {}',
    });
    expect(setPatch(patch, true, nodeModules)).toBe(true);
    expect(await readFile(file('dist/chunks/chunk-X7Q2.js'), 'utf8')).toBe('function f(x){return fast(x);}');
    expect(locate(patch, nodeModules)).toEqual({ state: 'applied', file: file('dist/chunks/chunk-X7Q2.js') });
  });

  it('does nothing when already applied, and puts the original back on revert', async () => {
    await install('1.2.3', { 'dist/a.mjs': 'return slow(x);' });
    setPatch(patch, true, nodeModules);
    expect(setPatch(patch, true, nodeModules)).toBe(false);
    expect(await readFile(file('dist/a.mjs'), 'utf8')).toBe('return fast(x);');
    expect(setPatch(patch, false, nodeModules)).toBe(true);
    expect(await readFile(file('dist/a.mjs'), 'utf8')).toBe('return slow(x);');
  });

  it('refuses a version other than the pinned one, saying which and what to do', async () => {
    await install('1.2.4', { 'dist/a.js': 'return slow(x);' });
    expect(() => setPatch(patch, true, nodeModules)).toThrow(PatchError);
    expect(() => setPatch(patch, true, nodeModules)).toThrow(
      /demo: @demo\/pkg is 1\.2\.4 here, but the patch was written for 1\.2\.3/,
    );
  });

  it('refuses a text found nowhere, or more than once, and then changes nothing', async () => {
    await install('1.2.3', { 'dist/a.js': 'return slower(x);' });
    expect(() => setPatch(patch, true, nodeModules)).toThrow(/found nowhere in @demo\/pkg 1\.2\.3/);
    await install('1.2.3', { 'dist/a.js': 'return slow(x);', 'dist/a.cjs': 'return slow(x);' });
    expect(() => setPatch(patch, true, nodeModules)).toThrow(/found 2 times/);
    expect(await readFile(file('dist/a.js'), 'utf8')).toBe('return slow(x);');
    expect(await readFile(file('dist/a.cjs'), 'utf8')).toBe('return slow(x);');
  });

  it('refuses a package that is not installed', () => {
    expect(() => locate(patch, nodeModules)).toThrow(/@demo\/pkg is not installed/);
  });
});
