// Applies the patches of patches/patches.mjs to node_modules by content: `npm install` and `npm ci` run it
// (postinstall). A patch's text is searched for in its package's .js/.mjs/.cjs files; it must be found
// exactly once (or its replacement, once: already applied), in the exact version it was written for.
// Anything else stops the install with a message saying which patch, and why.
//
//   node patches/apply.mjs                  apply every patch (idempotent)
//   node patches/apply.mjs --check          fail unless every patch is applied
//   node patches/apply.mjs --revert <id>    put one patch's original text back (the bench's A/B)
//   node patches/apply.mjs --apply <id>     apply one patch
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { patches } from './patches.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class PatchError extends Error {}

/** The package's JavaScript files, relative to its folder (nested node_modules excluded). */
function scriptFiles(dir, under = '') {
  const files = [];
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = path.join(under, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...scriptFiles(dir, rel));
    } else if (/\.(?:js|mjs|cjs)$/.test(entry.name)) files.push(rel);
  }
  return files;
}

const occurrences = (text, part) => text.split(part).length - 1;

/**
 * Where the patch's text lies in the installed package, and whether it is applied: `applied` when its
 * replacement is there once and its original text nowhere, `original` for the reverse. Throws a
 * PatchError for a version other than the pinned one, or a text found zero or several times.
 */
export function locate(patch, nodeModules = path.join(ROOT, 'node_modules')) {
  const dir = path.join(nodeModules, patch.package);
  let version;
  try {
    version = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    throw new PatchError(`${patch.id}: ${patch.package} is not installed in ${nodeModules}`);
  }
  if (version !== patch.version) {
    throw new PatchError(
      `${patch.id}: ${patch.package} is ${version} here, but the patch was written for ${patch.version}. ` +
        `Pin ${patch.package} to ${patch.version} in package.json, or port the patch to ${version} (docs/patches.md, "Upgrading a patched package").`,
    );
  }
  const found = { original: [], applied: [] };
  for (const file of scriptFiles(dir)) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (let i = occurrences(text, patch.find); i > 0; i--) found.original.push(file);
    for (let i = occurrences(text, patch.replace); i > 0; i--) found.applied.push(file);
  }
  const total = found.original.length + found.applied.length;
  if (total !== 1) {
    const where = total === 0 ? 'nowhere' : `${total} times (${[...found.original, ...found.applied].join(', ')})`;
    throw new PatchError(
      `${patch.id}: its text is found ${where} in ${patch.package} ${version}; a patch must find it exactly once`,
    );
  }
  return found.applied.length === 1
    ? { state: 'applied', file: path.join(dir, found.applied[0]) }
    : { state: 'original', file: path.join(dir, found.original[0]) };
}

/** Applies the patch (`applied: true`) or puts the original back; returns whether the file changed. */
export function setPatch(patch, applied, nodeModules) {
  const { state, file } = locate(patch, nodeModules);
  if ((state === 'applied') === applied) return false;
  const [from, to] = applied ? [patch.find, patch.replace] : [patch.replace, patch.find];
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(from, () => to),
  );
  return true;
}

export function patchById(id) {
  const patch = patches.find((p) => p.id === id);
  if (!patch) throw new PatchError(`no patch ${id} (known: ${patches.map((p) => p.id).join(', ')})`);
  return patch;
}

function main(args) {
  const [flag, id] = args;
  if (flag === '--check') {
    const unapplied = patches.filter((p) => locate(p).state !== 'applied');
    if (unapplied.length)
      throw new PatchError(`not applied: ${unapplied.map((p) => p.id).join(', ')} (run node patches/apply.mjs)`);
    return;
  }
  if (flag === '--revert' || flag === '--apply') {
    setPatch(patchById(id), flag === '--apply');
    return;
  }
  if (flag) throw new PatchError(`unknown option ${flag}`);
  for (const patch of patches)
    if (setPatch(patch, true)) console.log(`patches: applied ${patch.id} to ${patch.package} ${patch.version}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof PatchError)) throw error;
    console.error(`\npatches/apply.mjs: ${error.message}\n`);
    process.exit(1);
  }
}
