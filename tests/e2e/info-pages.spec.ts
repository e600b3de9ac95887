import * as v from 'valibot';
import { Product } from '../../contracts/catalogue.ts';
import { expect, gotoBeforeHydration, gotoHydrated, test } from './support/fixtures.ts';

const PAGES: Array<{ path: string; h1: string; facts: Array<string | RegExp> }> = [
  { path: '/size-guide', h1: 'Size Guide', facts: ['XS (Compy)', 'XL (T-Rex)', 'Tail Girth (in)', '38-42', '16-20'] },
  { path: '/faq', h1: 'Frequently Asked Questions', facts: [] },
  {
    path: '/shipping-returns',
    h1: 'Shipping & Returns',
    facts: ['3-5 business days', '$12.99', '7-14 business days', /30 days/, /before 2 PM EST/, /additional fee/i],
  },
  { path: '/our-story', h1: 'Our Story', facts: [/2023/] },
  { path: '/privacy-policy', h1: 'Privacy Policy', facts: ['Last updated: May 15, 2025', /under the age\s+of 13/] },
  { path: '/sustainability', h1: 'Sustainability', facts: [/hand wash cold/i] },
  { path: '/dinosaur-models', h1: 'Our Dinosaur Models', facts: ['Rexy', 'Stella', 'Vinnie'] },
  { path: '/careers', h1: 'Careers', facts: ['Open positions'] },
  { path: '/contact', h1: 'Contact Us', facts: [/Mon(day)?.*Fri(day)?.*9am-5pm EST/] },
  { path: '/track-order', h1: 'Track Your Order', facts: [/start with #DINO- followed by six digits/] },
  { path: '/sale', h1: 'The Big Extinction Sale', facts: ['Sale policy'] },
];

for (const { path, h1, facts } of PAGES) {
  test(`${path}: heading, own title and description, facts, accessible`, async ({ page, expectAccessible }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expect(page).toHaveTitle(/ - DinoBooty$/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(40);
    for (const fact of facts) await expect(page.getByText(fact).filter({ visible: true }).first()).toBeVisible();
    await expectAccessible();
  });
}

test('every page has its own title and description', async ({ request }) => {
  const paths = [
    '/',
    '/shop',
    '/collections',
    '/category/raptor',
    '/product/t-rex-tiny-arms-thong',
    ...PAGES.map((p) => p.path),
  ];
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    descriptions.add(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
});

test('FAQ has 10 collapsible questions', async ({ page }) => {
  await page.goto('/faq');
  // Native <details>: they open without JavaScript too.
  const questions = page.locator('main details');
  await expect(questions).toHaveCount(10);
  await expect(page.locator('main details[open]')).toHaveCount(0);
  await questions.first().locator('summary').click();
  await expect(page.locator('main details[open]')).toHaveCount(1);
  await expect(page.getByText(/XS \(Compy\) to XL \(T-Rex\)/)).toBeVisible();
});

test('Careers lists 4 positions with Apply buttons', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(4);
});

test('Contact requires every field and a valid email, then thanks the shopper', async ({ page, expectAccessible }) => {
  await gotoHydrated(page, '/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await expect(page.getByText('Please enter a subject')).toBeVisible();
  await expect(page.getByText('Please enter a message')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible();

  await page.getByRole('textbox', { name: 'Name' }).fill('Rexy');
  await page.getByRole('textbox', { name: 'Email' }).fill('rexy at example');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Tail hole');
  await page.getByRole('textbox', { name: 'Message' }).fill('Is there room for a really big tail?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  // An address we could not reply to is refused like the signup's and checkout's.
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Email' }).fill('rexy@example.com');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thanks for reaching out!')).toBeFocused();
  await expect(page.getByText(/within 48 hours/).first()).toBeVisible();
  await expectAccessible();
});

test('what is typed while the page loads is what the hydrated Contact and Track Order forms send', async ({ page }) => {
  const hydrated = page.getByRole('button', { name: /Open cart/ });
  await gotoBeforeHydration(page, '/contact');
  await page.getByRole('textbox', { name: 'Name' }).fill('Early Rex');
  await page.getByRole('textbox', { name: 'Email' }).fill('early@example.com');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Fast typing');
  await page.getByRole('textbox', { name: 'Message' }).fill('Typed before the scripts came.');
  await expect(hydrated).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thanks for reaching out!')).toBeFocused();

  await gotoBeforeHydration(page, '/track-order');
  await page.getByRole('textbox', { name: 'Order number' }).fill('COC-123456');
  await page.getByRole('textbox', { name: 'Email address' }).fill('early@example.com');
  await expect(hydrated).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order COC-123456' })).toBeFocused();
});

test.describe('Track order', () => {
  test('needs both fields', async ({ page }) => {
    await gotoHydrated(page, '/track-order');
    await page.getByRole('textbox', { name: 'Order number' }).fill('   ');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByText('Please enter your order number')).toBeVisible();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
  });

  test('an unknown number is Order Not Found, and Try Again resets', async ({ page, expectAccessible }) => {
    await gotoHydrated(page, '/track-order');
    await page.getByRole('textbox', { name: 'Order number' }).fill('COC-999');
    await page.getByRole('textbox', { name: 'Email address' }).fill('x@y.z');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
    // Focus lands on the outcome, not on the page's body where the gone form's button left it.
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeFocused();
    await expect(page.getByText(/sample order number/)).toBeVisible();
    await expectAccessible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('textbox', { name: 'Order number' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Order number' })).toBeFocused();
  });

  test('the sample number (any case) with any email shows the order', async ({ page, expectAccessible }) => {
    await page.goto('/track-order');
    const sample = 'COC-123456';
    await page.getByRole('textbox', { name: 'Order number' }).fill(sample.toLowerCase());
    await page.getByRole('textbox', { name: 'Email address' }).fill('anyone');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.getByRole('heading', { name: `Order ${sample}` })).toBeFocused();
    const status = page.getByTestId('order-status');
    await expect(status).toHaveText('Shipped');
    await expect(status).toHaveClass(/brand/);
    await expect(page.getByText('Tracking number')).toBeVisible();
    await expect(page.getByText('$71.97')).toBeVisible();
    await expectAccessible();
  });
});

test('Sale shows every product with a 20-49% Off badge that survives hydration', async ({ page, request }) => {
  const products = v.parse(v.array(Product), await (await request.get('/api/products')).json());
  await page.goto('/sale');
  const badges = page.getByText(/^\d+% Off$/);
  await expect(badges).toHaveCount(products.length);
  for (const text of await badges.allInnerTexts()) {
    const percent = Number.parseInt(text, 10);
    expect(percent).toBeGreaterThanOrEqual(20);
    expect(percent).toBeLessThanOrEqual(49);
  }
  await expect(page.getByRole('complementary', { name: 'Sale policy' }).getByRole('listitem')).not.toHaveCount(0);
});
