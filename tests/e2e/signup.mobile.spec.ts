import { expect, gotoHydrated, test } from './support/fixtures.ts';

test('the mailing list works at phone width', async ({ page }) => {
  await gotoHydrated(page, '/');
  const section = page.getByRole('region', { name: 'Join the Dino Den' });
  await section.getByLabel('Email address').fill(`phone-${Date.now()}@jurassic.com`);
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('[data-sonner-toast][data-front="true"]')).toContainText('Subscription successful!');
  await expect(section.getByLabel('Email address')).toHaveValue('');
});
