import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// Not in vike's export map: loaded by file, as patches/vike+*.patch changes it.
import { getAsyncLocalStorage } from '../../../node_modules/vike/dist/server/runtime/asyncHook.js';

/**
 * Vike's request context, as patched: no AsyncLocalStorage, so a page render never turns on Node's
 * async hooks, which every later request of the process would pay for (Node 20 keeps them on once an
 * AsyncLocalStorage has run). Pages still render: the end-to-end tests render every one.
 */
describe("vike's async hook (patched)", () => {
  it('is the patched one (npm install applies patches/ in its postinstall step)', () => {
    const source = readFileSync(new URL('../../../node_modules/vike/dist/server/runtime/asyncHook.js', import.meta.url), 'utf8');
    expect(source).toContain('dino-shop patch');
  });

  it('has no AsyncLocalStorage to run renders in', async () => {
    expect(await getAsyncLocalStorage()).toBeNull();
  });
});
