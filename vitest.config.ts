import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database (tests/support/databases.ts); files run in parallel on the 2 cores.
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'fault',
          include: ['tests/fault/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each file spawns real servers: one file at a time keeps the 2 cores for them.
          fileParallelism: false,
        },
      },
    ],
  },
});
