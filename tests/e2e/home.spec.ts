import * as v from 'valibot';
import { Category, Product, Testimonial } from '../../contracts/catalogue.ts';
import { expect, test } from './support/fixtures.ts';

/** Fake timers that only move when the test says so (runFor). */
async function freezeClock(page: import('@playwright/test').Page) {
  await page.clock.install({ time: new Date('2025-05-15T10:00:00Z') });
  await page.clock.pauseAt(new Date('2025-05-15T10:00:01Z'));
}

const isCatalogueApi = (url: string) => /^\/api\/(products|categories|testimonials)/.test(new URL(url).pathname);

test('home is server-rendered with its data and does not refetch it on load', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const bestsellers = v.parse(v.array(Product), await (await request.get('/api/products/bestsellers')).json());
  const testimonials = v.parse(v.array(Testimonial), await (await request.get('/api/testimonials')).json());
  for (const p of bestsellers) expect(html).toContain(p.name.replace(/&/g, '&amp;'));
  expect(html).toContain(testimonials[0]?.name ?? 'missing');
  expect(html).toContain('Shop by Species');

  const catalogueCalls: string[] = [];
  page.on('request', (r) => {
    if (isCatalogueApi(r.url())) catalogueCalls.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(catalogueCalls).toEqual([]);
});

test('title and description', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/sexy underwear for cartoon dinosaurs/i);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /shop our collections/i);
});

test.describe('hero slider', () => {
  const slides = (page: import('@playwright/test').Page) =>
    page.getByTestId('hero-slider').locator('[aria-roledescription="slide"]');
  const active = (page: import('@playwright/test').Page) =>
    page.getByTestId('hero-slider').locator('[data-active="true"]');

  test('three slides with their links', async ({ page }) => {
    await page.goto('/');
    await expect(slides(page)).toHaveCount(3);
    const first = slides(page).nth(0);
    await expect(first.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    await expect(first.getByRole('link', { name: 'View Collections' })).toHaveAttribute('href', '/collections');
    await expect(slides(page).nth(1).locator('a[href="/category/stegosaurus"]')).toHaveCount(1);
    await expect(slides(page).nth(2).locator('a[href="/category/triceratops"]')).toHaveCount(1);
  });

  test('arrows and dots move between slides, wrapping at both ends', async ({ page }) => {
    await page.goto('/');
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 3');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(active(page)).toHaveAttribute('aria-label', '3 of 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 3');
    await page.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(active(page)).toHaveAttribute('aria-label', '2 of 3');
    await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
    await expect(active(page).getByRole('link', { name: 'Shop Stegosaurus' })).toBeVisible();
  });

  test('advances every 5000 ms and stands still while hovered', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await page.mouse.move(5, 700);
    await page.clock.runFor(4900);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 3');
    await page.clock.runFor(200);
    await expect(active(page)).toHaveAttribute('aria-label', '2 of 3');
    await page.clock.runFor(5000);
    await expect(active(page)).toHaveAttribute('aria-label', '3 of 3');
    await page.clock.runFor(5000);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 3');

    await page.getByTestId('hero-slider').hover();
    await page.clock.runFor(12_000);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 3');
  });

  test('does not move under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await freezeClock(page);
    await page.goto('/');
    await page.mouse.move(5, 700);
    await page.clock.runFor(11_000);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 3');
  });

  test('can be paused with its button', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    // Move the pointer and the focus out of the slider: only the pause button may hold it still.
    await page.getByText('30-day returns').click();
    await page.clock.runFor(11_000);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 3');
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });
});

test('sections, anchors and links', async ({ page, request }) => {
  await page.goto('/');
  const categories = v.parse(v.array(Category), await (await request.get('/api/categories')).json());
  const species = page.getByRole('region', { name: 'Shop by Species' });
  await expect(species.getByRole('link')).toHaveCount(categories.length);
  await expect(species.getByRole('link', { name: /Stegosaurus/ })).toHaveAttribute('href', '/category/stegosaurus');

  const bestsellers = page.locator('#shop-now');
  await expect(bestsellers.getByRole('heading', { name: 'Bestselling Booty Boosters' })).toBeVisible();
  await expect(bestsellers.getByText('Our most popular items that make dinosaurs feel their sexiest')).toBeVisible();
  await expect(bestsellers.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/shop');

  const promo = page.locator('#collections');
  await expect(promo.getByRole('heading', { name: 'The Voluptuous Velociraptor Collection' })).toBeVisible();
  await expect(promo.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '/category/raptor');

  const sizeGuide = page.locator('#size-guide');
  await expect(sizeGuide.getByRole('heading', { name: 'Find Your Perfect Fit' })).toBeVisible();
  await expect(sizeGuide.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

  await page.goto('/#shop-now');
  await expect(page.getByRole('heading', { name: 'Bestselling Booty Boosters' })).toBeInViewport();
});

test('testimonials show full and half stars', async ({ page, request }) => {
  const testimonials = v.parse(v.array(Testimonial), await (await request.get('/api/testimonials')).json());
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Happy Dinosaur Booties' });
  await expect(section.getByRole('figure')).toHaveCount(testimonials.length);
  for (const t of testimonials) {
    const stars = section.getByRole('img', { name: `Rated ${t.rating} out of 5` }).first();
    await expect(stars).toBeVisible();
    await expect(stars.locator('[data-star="full"]')).toHaveCount(Math.floor(t.rating));
    await expect(stars.locator('[data-star="half"]')).toHaveCount(t.rating % 1 >= 0.5 ? 1 : 0);
  }
});

test('home is accessible', async ({ page, expectAccessible }) => {
  await page.goto('/');
  await expectAccessible();
});
