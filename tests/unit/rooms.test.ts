import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The rooms, top to bottom: a room imports only rooms on rows below its own, and rooms on one row
 * never import each other (the JSON API and the pages' server side stand side by side).
 */
const ROWS: readonly (readonly string[])[] = [
  ['cli'],
  ['server'],
  ['api', 'storefront-server'],
  ['consumers', 'http', 'storefront'],
  ['app', 'seed'],
  ['projections'],
  ['eventstore'],
  ['domain'],
  ['contracts', 'db'],
];
const ROOMS = ROWS.flat();
const rowOf = (room: string) => ROWS.findIndex((row) => row.includes(room));
/** The room a file is in: the longest room path that holds it. */
const roomOf = (file: string) =>
  ROOMS.filter((room) => file === room || file.startsWith(`${room}/`)).sort((a, b) => b.length - a.length)[0];

const sources = (dir: string): string[] =>
  existsSync(path.join(ROOT, dir))
    ? readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    : [];

const IMPORT = /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The modules a file imports, as paths from the repository root (relative imports only). */
function importsOf(file: string, code = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  return [...code.matchAll(IMPORT)].map((m) => path.join(path.dirname(file), m[1] ?? m[2]!));
}

/** Every import that runs up the rows or across one, as "file → target". */
function crossings(files: ReadonlyArray<{ file: string; code?: string }>): string[] {
  return files.flatMap(({ file, code }) => {
    const from = roomOf(file)!;
    return importsOf(file, code)
      .filter((target) => {
        const to = roomOf(target);
        return to !== undefined && to !== from && rowOf(to) <= rowOf(from);
      })
      .map((target) => `${file} → ${target}`);
  });
}

/**
 * What appends events, and the hooks through which a caller could hand the append its own writing
 * (steps run in its statement, an append function): only the event store's room names them, so a
 * write goes down to it and nothing it calls climbs back up.
 */
const WRITERS =
  /\b(appendToStreams?|appendEvents|groupedAppends|inlineSteps|handleCommand|createAppendGroups|AppendStreams|AppendOptions|alsoRun)\b/;

describe('rooms', () => {
  it('every import runs down the rows: server → api | storefront → app → projections → eventstore → domain', () => {
    expect(crossings(ROOMS.flatMap(sources).map((file) => ({ file })))).toEqual([]);
  });

  it('no room but the event store names a function that appends or a hook into its append', () => {
    const writers = ROOMS.filter((room) => room !== 'eventstore')
      .flatMap(sources)
      .filter((file) => roomOf(file) !== 'eventstore')
      .filter((file) => WRITERS.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(writers).toEqual([]);
  });

  it('finds a crossing when there is one (the rules can fail)', () => {
    expect(
      crossings([
        { file: 'api/cart/cart.routes.ts', code: "import { pages } from '../../storefront-server/pages.ts';" },
      ]),
    ).toHaveLength(1);
    expect(
      crossings([{ file: 'app/shop.ts', code: "import { startServer } from '../server/server.ts';" }]),
    ).toHaveLength(1);
    expect(
      crossings([{ file: 'storefront-server/pages.ts', code: "import { app } from '../api/app.ts';" }]),
    ).toHaveLength(1);
    expect(crossings([{ file: 'api/app.ts', code: "import type { Shop } from '../app/shop.ts';" }])).toEqual([]);
    expect(WRITERS.test("import { appendEvents } from '../eventstore/store.ts';")).toBe(true);
    expect(WRITERS.test('createAppendGroups(db, { alsoRun: (events) => steps(events), inFlight: 1 })')).toBe(true);
  });
});
