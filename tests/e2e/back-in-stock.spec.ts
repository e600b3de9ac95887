import { expect, gotoHydrated, test } from './support/fixtures.ts';
import { expectAccessibleAsShown } from './support/purchase-flows.ts';

/**
 * "E-mail me when it's back" under a sold-out size and colour: with JavaScript the request is made in
 * place; without it the form posts and the page comes back to the same size and colour with the outcome.
 * Seed data: no other test looks at these two products' sold-out variants.
 */
const form = (page: import('@playwright/test').Page) => page.getByRole('form', { name: "E-mail me when it's back" });
const DONE = "We'll e-mail you once when it's back.";

test.describe('JavaScript on', () => {
  test('a sold-out size and colour offers the request, checks the address and says it is kept; an in-stock choice offers none', async ({
    page,
    expectAccessible,
  }) => {
    await gotoHydrated(page, '/product/stego-tail-spike-thong');
    await expect(form(page)).toHaveCount(0);

    // A shared link to the sold-out combination.
    await gotoHydrated(page, '/product/stego-tail-spike-thong?size=L&color=Pterodactyl+Pink');
    await expect(page.getByText('Sold out in this size and colour')).toBeVisible();
    await expect(page.getByRole('heading', { name: "E-mail me when it's back" })).toBeVisible();
    await expect(
      page.getByText(
        "Size L (Stego) in Pterodactyl Pink is sold out. Leave your address and we'll send one e-mail when it's back in stock.",
      ),
    ).toBeVisible();

    const email = form(page).getByRole('textbox', { name: 'Email address' });
    const submit = form(page).getByRole('button', { name: "E-mail me when it's back" });
    await email.fill('rex at jurassic');
    await submit.click();
    await expect(form(page).getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expectAccessible();

    const request = page.waitForRequest((r) => r.url().endsWith('/api/stock-alerts') && r.method() === 'POST');
    await email.fill('Rex@Jurassic.com');
    await submit.click();
    expect((await request).postDataJSON()).toMatchObject({ email: 'Rex@Jurassic.com', variantId: expect.any(Number) });
    await expect(page.getByRole('status').filter({ hasText: DONE })).toBeVisible();
    await expect(form(page)).toHaveCount(0);
    await expectAccessible();

    // An in-stock size: nothing to wait for, no form.
    await page.getByRole('group', { name: /^Size/ }).locator('label', { hasText: 'M (Dilo)' }).click();
    await expect(page.getByText("E-mail me when it's back")).toHaveCount(0);
  });
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('Add to Cart on a sold-out choice comes back to it with the request offered; the form posts and says the outcome', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/product/pterodactyl-soaring-satin-boxers');
    await expect(form(page)).toHaveCount(0);
    await page.getByRole('group', { name: /^Size/ }).locator('label', { hasText: 'L (Stego)' }).click();
    await page
      .getByRole('group', { name: /^Colour/ })
      .locator('label[title^="Meteorite Gold"]')
      .click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page).toHaveURL(/size=L&color=Meteorite(\+|%20)Gold/);
    await expect(page.getByText('Sold out in this size and colour')).toBeVisible();

    const email = form(page).getByRole('textbox', { name: 'Email address' });
    await email.fill('not an address');
    await form(page).getByRole('button', { name: "E-mail me when it's back" }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(email).toHaveValue('not an address');

    await email.fill('rex@jurassic.com');
    await form(page).getByRole('button', { name: "E-mail me when it's back" }).click();
    await expect(page).toHaveURL(/size=L&color=Meteorite(\+|%20)Gold#back-in-stock$/);
    await expect(page.getByText(DONE)).toBeVisible();
    await expectAccessibleAsShown(page, expectAccessible);
  });
});
