import { CommanderError } from 'commander';
import { ConfigError } from '../server/config.ts';
import { CliError, type CliDeps, type CliIO } from './context.ts';
import { buildProgram } from './program.ts';

/** The exit code of a usage error, as Unix tools use it (commander's own is 1, which failures use). */
export const USAGE_ERROR = 2;

/**
 * Runs the CLI and maps every outcome to an exit code: 0 on success (and for --help and --version),
 * 2 for a usage error (an unknown command or option, a missing or bad argument: commander already
 * printed a one-line message), 1 with a one-line "dino-shop: ..." message for anything else (a
 * refused action, an unknown order or cart, an unreachable database). Never throws.
 */
export async function runCli(argv: readonly string[], io: CliIO = { stdout: process.stdout, stderr: process.stderr }, deps: CliDeps = {}): Promise<number> {
  try {
    await buildProgram(io, deps).parseAsync([...argv]);
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
