import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import type { Database } from '../../../db/database.ts';
import { streamSubscribers } from '../../../projections/subscribers/subscribers.queries.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { appendSubscriber, capture, cli, parseCsv } from './cli-support.ts';

// Legal addresses the API's email check would refuse: quoted local parts with commas and quotes.
const awkward = [
  { email: '"a,b"@x.co', at: '2024-03-01T10:00:00.000Z' },
  { email: '"say ""hi"""@x.co', at: '2024-03-02T10:00:00.000Z' },
  { email: 'line"break@x.co', at: '2024-04-01T00:00:00.000Z' },
];

describe.each(BACKENDS)('dino-shop subscribers export on %s', (backend) => {
  let app: TestApp;
  let dir: string;
  const viaApi = ['zed@example.com', 'amy@example.com', 'bob@example.com'];
  // What the export must contain, in its order: (subscribed_at, email).
  let expected: Array<{ email: string; subscribed_at: string }>;

  beforeAll(async () => {
    app = await createTestApp(backend);
    dir = await mkdtemp(path.join(tmpdir(), 'dino-export-'));
    for (const s of awkward) await appendSubscriber(app.db, s.email, s.at);
    for (const email of viaApi) {
      const response = await app.inject({ method: 'POST', url: '/api/subscribe', payload: { email } });
      expect(response.statusCode).toBe(201);
    }
    // Two at the very same millisecond: ordered by subscriber id (addresses are sealed), and the keyset must not lose either.
    await appendSubscriber(app.db, 'same-b@x.co', '2024-03-05T00:00:00.000Z');
    await appendSubscriber(app.db, 'same-a@x.co', '2024-03-05T00:00:00.000Z');
    const emails = [...awkward.map((s) => s.email), ...viaApi, 'same-b@x.co', 'same-a@x.co'];
    const byId = new Map(
      await Promise.all(emails.map(async (email) => [await subscriberIdFor(app.db, email), email] as const)),
    );
    const { rows } = await app.db.query<{ subscriber_id: string; subscribed_at: Date }>(
      'select subscriber_id, subscribed_at from subscribers order by subscribed_at, subscriber_id',
    );
    expected = rows.map((r) => ({
      email: byId.get(r.subscriber_id)!,
      subscribed_at: new Date(r.subscribed_at).toISOString(),
    }));
    expect(expected).toHaveLength(8);
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes CSV to stdout by default, with a header and RFC 4180 quoting', async () => {
    const run = await cli(app, ['subscribers', 'export']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.startsWith('email,subscribed_at\r\n')).toBe(true);
    expect(run.stdout).toContain('"""a,b""@x.co",2024-03-01T10:00:00.000Z\r\n');
    expect(run.stdout).toContain('"""say """"hi""""""@x.co",2024-03-02T10:00:00.000Z\r\n');
    expect(run.stdout).toContain('"line""break@x.co",2024-04-01T00:00:00.000Z\r\n');
    expect(run.stdout).toContain('\r\namy@example.com,');
    const [header, ...records] = parseCsv(run.stdout);
    expect(header).toEqual(['email', 'subscribed_at']);
    expect(records.map(([email, at]) => ({ email, subscribed_at: at }))).toEqual(expected);
  });

  it('pages with the keyset cursor without losing or repeating rows', async () => {
    const run = await cli(app, ['subscribers', 'export', '--format', 'ndjson', '--batch-size', '2']);
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(expected);
  });

  it('a reader that stops early ends the export transaction: the database goes on serving', async () => {
    const batches = streamSubscribers(app.db, { batchSize: 2 });
    const first = await batches.next();
    expect(first.value).toHaveLength(2);
    await batches.return(undefined);
    // A transaction left open would hold PGlite's one connection (and a PostgreSQL pool client).
    const { rows } = await app.db.query<{ n: string | number }>('select count(*) as n from subscribers');
    expect(Number(rows[0]!.n)).toBe(8);
    const again = await cli(app, ['subscribers', 'export', '--format', 'ndjson']);
    expect(again.stdout.trimEnd().split('\n')).toHaveLength(8);
  });

  it('writes one JSON array and NDJSON', async () => {
    const json = await cli(app, ['subscribers', 'export', '--format', 'json', '--batch-size', '3']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(expected);
    const ndjson = await cli(app, ['subscribers', 'export', '--format', 'ndjson']);
    const lines = ndjson.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l))).toEqual(expected);
  });

  it('--since keeps subscribers from that time on (a date is midnight UTC)', async () => {
    const run = await cli(app, ['subscribers', 'export', '--format', 'json', '--since', '2024-03-02']);
    expect(JSON.parse(run.stdout)).toEqual(expected.filter((s) => s.subscribed_at >= '2024-03-02T00:00:00.000Z'));
    const precise = await cli(app, [
      'subscribers',
      'export',
      '--format',
      'json',
      '--since',
      '2024-03-02T11:00:00+01:00',
    ]);
    expect(JSON.parse(precise.stdout).map((s: { email: string }) => s.email)).toEqual(
      expected.filter((s) => s.subscribed_at >= '2024-03-02T10:00:00.000Z').map((s) => s.email),
    );
    const none = await cli(app, ['subscribers', 'export', '--format', 'json', '--since', '2999-01-01']);
    expect(none.stdout).toBe('[]\n');
  });

  it('--output writes the file (and nothing to stdout), reporting on stderr', async () => {
    const file = path.join(dir, 'list.csv');
    const run = await cli(app, ['subscribers', 'export', '--output', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      new RegExp(`^Exported 8 subscribers \\(csv\\) to ${file.replaceAll('/', '\\/')} in [\\d.]+ s\\.\\n$`),
    );
    expect(parseCsv(await readFile(file, 'utf8')).length).toBe(9);
    expect((await readdir(dir)).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('a database error during an export to a file is reported as itself, not as a failure to write the file', async () => {
    const file = path.join(dir, 'db-fails.csv');
    // PostgreSQL's own error for a statement that ran out of time: it carries a `code`, as a failed write does.
    const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const fetchFails = (db: Database): Database => ({
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            exec: (sql) => tx.exec(sql),
            query: (sql, params, options) =>
              sql.startsWith('fetch') ? Promise.reject(timedOut) : tx.query(sql, params, options),
          }),
        ),
    });
    const run = await cli(app, ['subscribers', 'export', '--output', file], { wrap: fetchFails });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('dino-shop: canceling statement due to statement timeout');
    expect(existsSync(file)).toBe(false);
  });

  it('shows a progress bar on stderr only when stderr is a terminal the export does not print to', async () => {
    const file = path.join(dir, 'progress.ndjson');
    const withBar = await cli(app, ['subscribers', 'export', '--format', 'ndjson', '--output', file], {
      stderrTTY: true,
    });
    expect(withBar.code).toBe(0);
    expect(withBar.stderr).toContain('Exporting [');
    expect(withBar.stderr).toContain('8/8 subscribers');
    // `export > file`: stdout is a file, which nobody reads as it is written.
    const toFile = capture();
    const fd = openSync(path.join(dir, 'redirected.csv'), 'w');
    Object.assign(toFile.stream, { fd });
    const redirected = await cli(app, ['subscribers', 'export'], { stderrTTY: true, stdout: toFile });
    closeSync(fd);
    expect(redirected.code).toBe(0);
    expect(redirected.stderr).toContain('8/8 subscribers');
    expect(parseCsv(redirected.stdout)).toHaveLength(9);
    // A pipe into a pager or `head` shares the terminal: no bar drawn over it.
    const piped = await cli(app, ['subscribers', 'export'], { stderrTTY: true, stdout: capture({ isTTY: false }) });
    expect(piped.stderr).toBe('');
    // Printing to the terminal: no bar in between the rows.
    const onTerminal = await cli(app, ['subscribers', 'export'], { stderrTTY: true, stdout: capture({ isTTY: true }) });
    expect(onTerminal.stderr).toBe('');
    expect(await cli(app, ['subscribers', 'export', '--output', file])).toMatchObject({
      code: 0,
      stderr: expect.not.stringContaining('Exporting ['),
    });
  });

  it('a new file is owner-only; a replaced regular file keeps its mode', async () => {
    const fresh = path.join(dir, 'fresh.csv');
    expect((await cli(app, ['subscribers', 'export', '--output', fresh])).code).toBe(0);
    expect((await stat(fresh)).mode & 0o777).toBe(0o600);
    const shared = path.join(dir, 'shared.csv');
    await writeFile(shared, 'old\n');
    await chmod(shared, 0o640);
    expect((await cli(app, ['subscribers', 'export', '--output', shared])).code).toBe(0);
    expect((await stat(shared)).mode & 0o777).toBe(0o640);
    expect(parseCsv(await readFile(shared, 'utf8'))).toHaveLength(9);
  });

  it('refuses a symbolic link to a file (the rename would replace the link), leaving link and file as they were', async () => {
    await mkdir(path.join(dir, 'real'), { recursive: true });
    const real = path.join(dir, 'real', 'list.csv');
    await writeFile(real, 'old\n', { mode: 0o640 });
    const link = path.join(dir, 'latest.csv');
    await symlink(path.join('real', 'list.csv'), link);
    expect(await cli(app, ['subscribers', 'export', '--output', link])).toEqual({
      code: 1,
      stdout: '',
      stderr: `dino-shop: cannot write ${link}: it is a symbolic link; name the file itself\n`,
    });
    expect(await readlink(link)).toBe(path.join('real', 'list.csv'));
    expect(await readFile(real, 'utf8')).toBe('old\n');

    const dangling = path.join(dir, 'dangling.csv');
    await symlink('nowhere/list.csv', dangling);
    expect(await cli(app, ['subscribers', 'export', '--output', dangling])).toEqual({
      code: 1,
      stdout: '',
      stderr: `dino-shop: cannot write ${dangling}: it is a symbolic link; name the file itself (it points to nothing)\n`,
    });
    expect(
      [...(await readdir(dir)), ...(await readdir(path.join(dir, 'real')))].filter((f) => f.includes('partial')),
    ).toEqual([]);
  });

  it('writes into a FIFO or a device in place instead of replacing it with a file', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // The program at the other end of the pipe.
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    let received = '';
    reader.stdout.on('data', (chunk) => (received += chunk));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    try {
      const run = await cli(app, ['subscribers', 'export', '--output', fifo]);
      expect(run.code).toBe(0);
      expect((await lstat(fifo)).isFIFO()).toBe(true);
      await closed;
      expect(parseCsv(received)).toHaveLength(9);
    } finally {
      reader.kill();
    }
    expect((await readdir(dir)).filter((f) => f.includes('partial'))).toEqual([]);

    const devNull = await cli(app, ['subscribers', 'export', '--output', '/dev/null']);
    expect(devNull.code).toBe(0);
    expect((await lstat('/dev/null')).isCharacterDevice()).toBe(true);
    expect((await readdir('/dev')).filter((f) => f.includes('partial'))).toEqual([]);
  });

  it('Ctrl-C removes the temporary file, leaves the old file as it was and exits 130', async () => {
    const file = path.join(dir, 'kept.csv');
    await writeFile(file, 'old\n');
    const partials = () => readdirSync(dir).filter((f) => f.includes('partial'));
    // Stopped once the export is under way: its temporary file exists and the bar has started.
    const stop = new AbortController();
    let seenWhenStopped: string[] = [];
    const stderr = capture({
      isTTY: true,
      onWrite: (text) => {
        if (!text.includes('Exporting [') || stop.signal.aborted) return;
        seenWhenStopped = partials();
        stop.abort();
      },
    });
    const run = await cli(app, ['subscribers', 'export', '--output', file, '--batch-size', '1'], {
      signal: stop.signal,
      stderr,
    });
    expect(seenWhenStopped).toHaveLength(1);
    expect(run.code).toBe(130);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      `dino-shop: interrupted: the export did not complete; ${file} was not replaced`,
    );
    expect(partials()).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe('old\n');

    // Stopped before it began: nothing is created.
    const never = path.join(dir, 'never.csv');
    const early = await cli(app, ['subscribers', 'export', '--output', never], { signal: AbortSignal.abort() });
    expect(early).toMatchObject({ code: 130, stdout: '' });
    expect(existsSync(never)).toBe(false);
    expect(partials()).toEqual([]);
  });

  it('refuses an out-of-range --batch-size or --since before writing anything', async () => {
    const batch = await cli(app, ['subscribers', 'export', '--batch-size', '99999999999999']);
    expect(batch).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--batch-size <n>' argument '99999999999999' is invalid. Expected a whole number from 1 to 2147483647. (see: dino-shop subscribers export --help)\n",
    });
    const since = await cli(app, ['subscribers', 'export', '--since', '0000-01-01']);
    expect(since).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--since <iso-date>' argument '0000-01-01' is invalid. The year must be 0001 or later. (see: dino-shop subscribers export --help)\n",
    });
    expect(
      (await cli(app, ['subscribers', 'export', '--since', '0001-01-01', '--format', 'ndjson'])).stdout
        .trimEnd()
        .split('\n'),
    ).toHaveLength(8);
  });

  it('fails in one line on a bad --format, --since or --output', async () => {
    const format = await cli(app, ['subscribers', 'export', '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toBe(
      "error: option '--format <format>' argument 'xml' is invalid. Allowed choices are csv, json, ndjson. (see: dino-shop subscribers export --help)\n",
    );
    for (const since of ['yesterday', '2024-02-30', '2024-05-01T25:00:00Z', '05/01/2024']) {
      const run = await cli(app, ['subscribers', 'export', '--since', since]);
      expect(run.code, since).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        new RegExp(
          `^error: option '--since <iso-date>' argument '${since.replaceAll('/', '\\/')}' is invalid\\. [^\\n]+\\n$`,
        ),
      );
    }
    const output = await cli(app, ['subscribers', 'export', '--output', path.join(dir, 'no-such-dir', 'x.csv')]);
    expect(output.code).toBe(1);
    expect(output.stderr).toMatch(/^dino-shop: cannot write .*x\.csv: ENOENT[^\n]*\n$/);
    expect(await cli(app, ['subscribers', 'export', '--output', dir])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `dino-shop: cannot write ${dir}: it is a directory; name a file in it\n`,
    });
    const empty = await cli(app, ['subscribers', 'export', '--output', '']);
    expect(empty).toMatchObject({ code: 2, stdout: '' });
    expect(empty.stderr).toMatch(/^error: option '--output <file>' argument '' is invalid\. It must not be empty\./);
  });
});
