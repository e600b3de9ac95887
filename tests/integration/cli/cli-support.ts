import { Writable } from 'node:stream';
import type { Database } from '../../../db/database.ts';
import type { CliDeps } from '../../../cli/context.ts';
import { runCli } from '../../../cli/main.ts';
import { connectDatabase } from '../../../db/connect.ts';
import { appendWithProjections } from '../../support/append.ts';
import { subscriberIdFor } from '../../../app/subscriptions/subscription.service.ts';
import { ensureDataKey } from '../../../db/subscriber-keys.ts';
import { sealPersonal, newDataKey } from '../../../domain/personal-seal.ts';
import { subscriberStreamId } from '../../../domain/subscriptions/subscription.events.ts';
import type { TestDatabase } from '../../support/databases.ts';

/**
 * A writable that keeps what it is given; `isTTY` lets a test pretend to be a terminal, `onWrite`
 * lets it act at a given point of a command's output.
 */
export function capture(options: { isTTY?: boolean; highWaterMark?: number; onWrite?: (text: string) => void } = {}) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      highWaterMark: options.highWaterMark ?? 16 * 1024,
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(chunk.toString());
        options.onWrite?.(chunk.toString());
        callback();
      },
    }),
    { isTTY: options.isTTY ?? false },
  );
  return { stream, text: () => chunks.join('') };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The database as the CLI sees it, minus close(): the test owns the connection. */
const borrowed = (db: Database): Database => ({ ...db, close: async () => {} });

/**
 * Runs `dino-shop ...args` through the real entry point (runCli → buildProgram().parseAsync) against
 * the test database. PostgreSQL goes through --database-url and the CLI's own connection; PGlite,
 * which allows one open instance per data directory, lends the test's instance to the CLI. `wrap`
 * stands between the command and that connection (to make the database fail, say).
 */
export async function cli(
  database: TestDatabase,
  args: readonly string[],
  options: {
    signal?: AbortSignal;
    stderrTTY?: boolean;
    stdout?: ReturnType<typeof capture>;
    stderr?: ReturnType<typeof capture>;
    wrap?: (db: Database) => Database;
    now?: () => Date;
  } = {},
): Promise<CliRun> {
  const stdout = options.stdout ?? capture();
  const stderr = options.stderr ?? capture({ isTTY: options.stderrTTY ?? false });
  const globals = database.target.databaseUrl
    ? ['--database-url', database.target.databaseUrl]
    : ['--data-dir', database.target.dataDir];
  const lent = database.backend === 'pglite' ? async () => borrowed(database.db) : undefined;
  const { wrap } = options;
  const connect: CliDeps['connect'] = wrap ? async (target) => wrap(await (lent ?? connectDatabase)(target)) : lent;
  const code = await runCli(
    ['node', 'dino-shop', ...globals, ...args],
    { stdout: stdout.stream, stderr: stderr.stream },
    {
      ...(connect ? { connect } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.now ? { now: options.now } : {}),
    },
  );
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/**
 * Appends a Subscribed event straight through the store (bypassing the API's email check, so odd but
 * legal addresses like `"a,b"@x.co` can be stored) and projects it in the same statement, as the service does.
 */
export async function appendSubscriber(db: Database, email: string, at: string): Promise<void> {
  const subscriberId = await subscriberIdFor(db, email);
  const emailCipher = sealPersonal(await ensureDataKey(db, subscriberId, newDataKey()), email);
  await appendWithProjections(db, subscriberStreamId(subscriberId), 0, [
    { type: 'Subscribed', data: { schemaVersion: 2, subscriberId, emailCipher, at } },
  ]);
}

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF records) to check the export round-trips. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0)
    throw new Error(`unterminated CSV record: ${JSON.stringify([...record, field])}`);
  return records;
}
