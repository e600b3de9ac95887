import { format } from 'node:util';
import { afterEach } from 'vitest';

/**
 * Every unit, integration and fault test fails on a console.error it did not expect, as the
 * end-to-end tests do: an error printed and ignored is a bug hidden. A test that provokes one on purpose says so
 * with `expectConsoleErrors()`, which returns what was printed for it to check.
 */
let printed: string[] = [];
let expected = false;
const original = console.error;
console.error = (...args: unknown[]) => {
  printed.push(format(...args));
  original(...args);
};

export function expectConsoleErrors(): () => string[] {
  expected = true;
  return () => printed;
}

afterEach(() => {
  const unexpected = expected ? [] : printed;
  printed = [];
  expected = false;
  if (unexpected.length > 0) throw new Error(`unexpected console.error:\n${unexpected.join('\n')}`);
});
