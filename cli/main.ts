import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { CommanderError } from 'commander';
import { withCause } from '../eventstore/cause.ts';
import { ConfigError } from '../server/config.ts';
import { CliError, type CliDeps, type CliIO, type GlobalOptions } from './context.ts';
import { buildProgram } from './program.ts';

/** The exit code of a usage error, as Unix tools use it (commander's own is 1, which failures use). */
export const USAGE_ERROR = 2;

/** The operator as the log names them: their `--actor`, else their login on this host. */
const operator = (actor: string | undefined) => `cli:${actor ?? `${login()}@${hostname()}`}`;

/** The login running the CLI (a container's user may have no entry in /etc/passwd). */
function login(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'operator';
  }
}

/** One invocation is the cause of what it records; the actor is read once the options are parsed. */
function invocationCause(options: () => GlobalOptions) {
  const id = `cli:${randomUUID()}`;
  return {
    correlationId: id,
    causationId: id,
    get actor() {
      return operator(options().actor);
    },
  };
}

/**
 * Runs the CLI and maps every outcome to an exit code: 0 on success (and for --help and --version),
 * 2 for a usage error (an unknown command or option, a missing or bad argument: commander already
 * printed a one-line message), 1 with a one-line "dino-shop: ..." message for anything else (a
 * refused action, an unknown order or cart, an unreachable database). Never throws.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIO = { stdout: process.stdout, stderr: process.stderr },
  deps: CliDeps = {},
): Promise<number> {
  try {
    const program = buildProgram(io, deps);
    await withCause(
      invocationCause(() => program.opts<GlobalOptions>()),
      () => program.parseAsync([...argv]),
    );
    return 0;
  } catch (error) {
    // Commander ends --help and --version with a CommanderError too, exit code 0.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_ERROR;
    if (error instanceof ConfigError) {
      // Deliberately several lines: every bad setting at once.
      io.stderr.write(`dino-shop: ${error.message}\n`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`dino-shop: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}
