import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests drive Debian's Chromium against the production build (`npm run build` first),
 * served by the real CLI on a fresh embedded database.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries, in CI either: a test that passes only on its second run is a failure to mend, not to hide.
  retries: 0,
  // CI runs two browsers and the server on two cores: a long flow with several axe scans can pass 30 s
  // there while every step is well within its own expect timeout.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /\.mobile\.spec\.ts$/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /\.mobile\.spec\.ts$/ },
  ],
  webServer: {
    command: `rm -rf .tmp/e2e-data && npx tsx tests/e2e/support/restock.ts .tmp/e2e-data && node bin/dino-shop.js --data-dir .tmp/e2e-data serve --port ${PORT} --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/api/categories`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    // Every browser of the suite is one address (127.0.0.1), as a load generator is: the per-address
    // limits would count all of them together. The limits are tested in tests/integration/api/rate-limits.test.ts.
    env: { LOG_LEVEL: 'warn', DATABASE_URL: '', RATE_LIMIT_NEW_CARTS: '100000', RATE_LIMIT_CART_AND_ORDERS: '100000' },
  },
});
