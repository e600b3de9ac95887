import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locate, patchById } from '../../../patches/apply.mjs';

/**
 * Vike's request context, as patched: no AsyncLocalStorage, so a page render never turns on Node's async
 * hooks, which every later request of the process would pay for. Pages still render: the end-to-end tests
 * render every one. Vike exports no entry to it short of rendering a page, so the module is loaded where
 * the patch found its text.
 */
describe("vike's async hook (patched)", () => {
  it('has no AsyncLocalStorage to run renders in', async () => {
    const { file } = locate(patchById('vike-no-async-local-storage'));
    const { getAsyncLocalStorage } = (await import(pathToFileURL(file).href)) as { getAsyncLocalStorage: () => Promise<unknown> };
    expect(await getAsyncLocalStorage()).toBeNull();
  });
});
