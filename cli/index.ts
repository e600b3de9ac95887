import { startTracing, stopTracing } from './tracing.ts';

// Tracing (when the OTEL_* variables ask for it) starts before the shop's modules load, so that
// PostgreSQL's client is instrumented as it is imported.
await startTracing();
const { runCli } = await import('./main.ts');

// A failed write to stdout ends the command. A reader that stops early (`dino-shop cart replay <id> | head`)
// closes the pipe: that is the reader's choice, not a failure, so exit quietly as Unix tools do. Anything
// else (a full disk under `> file`) is said in one line, without a stack trace, and fails the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`dino-shop: cannot write output: ${error.message}\n`);
  process.exit(1);
});

const code = await runCli(process.argv);
// The spans still buffered go out before the process ends (`serve` flushes them as it closes).
process.once('beforeExit', () => void stopTracing());
// An interrupted command may leave a system call behind it (opening a FIFO nobody reads): do not wait for it.
if (code === 130) process.exit(code);
process.exitCode = code;
