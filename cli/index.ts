import { CommanderError } from 'commander';
import { ConfigError } from '../api/config.ts';
import { CliError } from './context.ts';
import { buildProgram } from './program.ts';

try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // commander already printed its message (unknown option, --help, ...).
    process.exitCode = error.exitCode;
  } else if (error instanceof CliError || error instanceof ConfigError) {
    process.stderr.write(`dino-shop: ${error.message}\n`);
    process.exitCode = error instanceof CliError ? error.exitCode : 1;
  } else {
    process.stderr.write(`dino-shop: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
