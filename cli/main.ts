import { CommanderError } from 'commander';
import { ConfigError } from '../server/config.ts';
import { CliError, type CliDeps, type CliIO } from './context.ts';
import { buildProgram } from './program.ts';

/**
 * Runs the CLI and maps every outcome to an exit code: 0 on success (and for --help), commander's
 * code for a usage error (it already printed a one-line message), 1 with a one-line
 * "dino-shop: ..." message for anything else. Never throws.
 */
export async function runCli(argv: readonly string[], io: CliIO = { stdout: process.stdout, stderr: process.stderr }, deps: CliDeps = {}): Promise<number> {
  try {
    await buildProgram(io, deps).parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
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
