import { runCli } from './main.ts';

// A reader that stops early (`dino-shop cart replay <id> | head`) closes the pipe: that is the
// reader's choice, not a failure to report with a stack trace. Stop writing and exit as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(process.argv);
