import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

interface Fixtures {
  /** Console errors matching one of these are expected by the test (e.g. a mocked 500). */
  allowedConsoleErrors: RegExp[];
  /** Runs axe-core on the current page and fails on any WCAG A/AA violation. */
  expectAccessible: (page?: Page) => Promise<void>;
}

/**
 * `page` fails the test on any console error or uncaught page error: a hydration mismatch, a missing
 * image or a React warning is a bug here.
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    expect(problems, 'the browser reported errors').toEqual([]);
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // axe judges the page at rest: a slide fading in has text at part opacity, which it would read
      // as low contrast. Reduced motion stops the hero's auto-advance; then finite animations finish.
      await target.emulateMedia({ reducedMotion: 'reduce' });
      await target.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getTiming().iterations !== Infinity)
              .map((a) => a.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 2_000)),
        ]),
      );
      const results = await new AxeBuilder({ page: target })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      await target.emulateMedia({ reducedMotion: null });
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
      expect(summary, 'axe-core accessibility violations').toEqual([]);
    });
  },
});

/**
 * Opens `url` and waits until React has hydrated the page. Until then a press posts the plain form (the
 * no-JavaScript path) and a hover does nothing, so a test of the enhanced page that acts at once would
 * test the other path, or race it. The header's cart link becomes the drawer's button on hydration.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('button', { name: /Open cart/ })).toBeVisible();
}

/**
 * Opens `url` with its scripts held back 1.5 s, so the server-rendered page is there, and can be typed
 * into, before React is: what a shopper on a slow phone meets.
 */
export async function gotoBeforeHydration(page: Page, url: string): Promise<void> {
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
}

export { expect };
