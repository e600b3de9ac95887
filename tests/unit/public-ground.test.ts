import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shop is built on its dependencies' public ground: it imports only the paths a package exports,
 * never works out where a dependency's files lie to reach one it does not export, and never reads a
 * dependency's underscore-prefixed (private) fields. A text rule over the shop's own sources.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = [
  'api',
  'consumers',
  'storefront',
  'domain',
  'eventstore',
  'projections',
  'db',
  'contracts',
  'seed',
  'cli',
  'scripts',
  'bench',
  'vite.config.ts',
];
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** The shop's own underscore-prefixed names, if it ever has any (none today). */
const OWN_UNDERSCORE_NAMES = new Set<string>();

function sourceFiles(entry: string, found: string[] = []): string[] {
  const full = path.join(ROOT, entry);
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full))
      if (name !== 'node_modules' && name !== 'dist') sourceFiles(path.join(entry, name), found);
  } else if (CODE.test(entry)) found.push(entry);
  return found;
}

/** The code without its comments (a rule stated in a comment is not a use of it). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const files = SOURCES.flatMap((entry) => sourceFiles(entry)).map((file) => ({
  file,
  code: withoutComments(readFileSync(path.join(ROOT, file), 'utf8')),
}));

/** Every module specifier the code names: static imports and re-exports, `import()` and `require()` of a literal. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])([^'"\s]+)\1/g))
    found.push(match[2]!);
  return found;
}

const isBare = (specifier: string) =>
  !/^[./]/.test(specifier) &&
  !specifier.startsWith('node:') &&
  !specifier.startsWith('virtual:') &&
  !builtinModules.includes(specifier);

/** Where the code names a path its package does not export (Node's resolution refuses it). */
function unexportedImports(file: string, code: string): string[] {
  const require = createRequire(path.join(ROOT, file));
  const refused: string[] = [];
  for (const specifier of specifiers(code).filter(isBare)) {
    try {
      require.resolve(specifier);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_PACKAGE_PATH_NOT_EXPORTED')
        refused.push(`${file}: ${specifier}`);
    }
  }
  return refused;
}

/**
 * Where the code works out the location of a dependency's files: it resolves a package to a file path
 * (the first step of reaching past its exports by URL or path arithmetic) or names node_modules.
 */
function dependencyPaths(file: string, code: string): string[] {
  const found: string[] = [];
  const resolving = /(?:\brequire|import\.meta|createRequire\([^)]*\))\s*\.resolve\s*\(\s*(['"`])([^'"`]+)\1/g;
  for (const match of code.matchAll(resolving))
    if (isBare(match[2]!)) found.push(`${file}: resolves ${match[2]} to a file`);
  for (const match of code.matchAll(/(['"`])[^'"`\n]*node_modules[^'"`\n]*\1/g)) found.push(`${file}: ${match[0]}`);
  return found;
}

/** Where the code reads or names an underscore-prefixed field (`._name`, `['_name']`, `{ _name }`). */
function underscoreFields(file: string, code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(/\??\.\s*(_[A-Za-z]\w*)/g)) names.add(match[1]!);
  for (const match of code.matchAll(/(['"`])(_[A-Za-z]\w*)\1/g)) names.add(match[2]!);
  // Destructuring and declarations: an entry of a brace pair whose key is an underscore name.
  for (const block of code.matchAll(/\{([^{}]*)\}/g)) {
    const entries = block[1]!.replace(/\([^()]*\)/g, '').split(/[,;\n]/);
    for (const entry of entries) {
      const key = /^\s*(?:readonly\s+)?(_[A-Za-z]\w*)\s*\??\s*(?:[:=]|$)/.exec(entry)?.[1];
      if (key) names.add(key);
    }
  }
  return [...names].filter((name) => !OWN_UNDERSCORE_NAMES.has(name)).map((name) => `${file}: ${name}`);
}

describe('public ground', () => {
  it('scans the shop’s sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(({ file }) => file === 'vite.config.ts')).toBe(true);
  });

  it('imports only paths that packages export', () => {
    expect(files.flatMap(({ file, code }) => unexportedImports(file, code))).toEqual([]);
  });

  it('never works out where a dependency’s files lie', () => {
    expect(files.flatMap(({ file, code }) => dependencyPaths(file, code))).toEqual([]);
  });

  it('never reads a dependency’s underscore-prefixed fields', () => {
    expect(files.flatMap(({ file, code }) => underscoreFields(file, code))).toEqual([]);
  });

  it('catches each of the three (the rules can fail)', () => {
    const shell = `import { createRequire } from 'node:module';
      const { getPageElement } = await import(new URL('../integration/getPageElement.js', pathToFileURL(createRequire(import.meta.url).resolve('vike-react/usePageContext'))).href);
      const { httpResponse, _pageContextHtmlTag: tag } = template;
      import { x } from 'vike-react/dist/integration/getPageElement.js';
      db._runExclusiveTransaction(() => 1);`;
    expect(unexportedImports('api/example.ts', shell)).toEqual([
      'api/example.ts: vike-react/dist/integration/getPageElement.js',
    ]);
    expect(dependencyPaths('api/example.ts', shell)).toEqual([
      'api/example.ts: resolves vike-react/usePageContext to a file',
    ]);
    expect(underscoreFields('api/example.ts', shell).sort()).toEqual([
      'api/example.ts: _pageContextHtmlTag',
      'api/example.ts: _runExclusiveTransaction',
    ]);
    // Unused parameters named with an underscore are not fields.
    expect(underscoreFields('api/example.ts', 'app.addHook("onRequest", (request, _reply, done) => done());')).toEqual(
      [],
    );
  });
});
