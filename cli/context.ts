import path from 'node:path';
import type { Command } from 'commander';
import { connectDatabase, describeTarget, type DatabaseTarget } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

export interface GlobalOptions {
  databaseUrl?: string;
  dataDir: string;
}

/** The streams a command writes to: injectable so tests can capture them. */
export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export function targetOf(command: Command): DatabaseTarget {
  const options = command.optsWithGlobals<GlobalOptions>();
  return { databaseUrl: options.databaseUrl, dataDir: path.resolve(options.dataDir) };
}

/** A clear one-line failure: printed without a stack, exit code 1. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'CliError';
  }
}

/** Opens the database the global options name (migrated unless told not to), runs `work`, and always closes it. */
export async function withDatabase<T>(command: Command, work: (db: Database) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  const target = targetOf(command);
  let db: Database;
  try {
    db = await connectDatabase(target);
  } catch (error) {
    throw new CliError(`cannot reach the database (${describeTarget(target)}): ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    if (options.migrate !== false) await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}
