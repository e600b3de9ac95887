// The changes made to installed packages, applied by content (patches/apply.mjs, run by `npm install` and
// `npm ci`). Each names the package, the exact version it was written for (package.json pins it), the text
// to find (exactly once among the package's .js/.mjs/.cjs files) and the text that replaces it. Why each
// exists, and what to do when upgrading the package: docs/patches.md.

/** @typedef {{ id: string, package: string, version: string, find: string, replace: string }} Patch */

/** @type {Patch[]} */
export const patches = [
  {
    id: 'pglite-text-field-decode',
    package: '@electric-sql/pglite',
    version: '0.5.16',
    // The protocol reader's string(length), minified in the ESM build (the CJS builds name it differently).
    find: 'string(t){return r(this,le).decode(this.bytes(t))}',
    replace:
      'string(t){/* dino-shop patch (docs/patches.md): decoded where it lies, not from a copy of its bytes */let n=r(this,w);return d(this,w,n+t),r(this,le).decode(new Uint8Array(r(this,x).buffer,n,t))}',
  },
];
