import type { Page } from '@playwright/test';
import { garmentJpeg } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { SIZES, settled } from './screens';

/** Tag a pile (docs/select-many.md): the review grid of the upload screen. */

type Category = Parameters<typeof garmentJpeg>[0];
const photo = async (category: Category, color: string, name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await garmentJpeg(category, color),
});

const photos = (page: Page) => page.getByRole('list', { name: 'Photos' }).getByRole('button');

for (const size of SIZES) {
  test(`tags four photos in two goes and saves them at ${size.name} size`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpByApi(page);
    await page.goto('/items/upload');
    await page
      .getByLabel('Choose photos')
      .setInputFiles([
        await photo('top', '#2f3e5c', 'top-1.jpg'),
        await photo('top', '#d9c5a0', 'top-2.jpg'),
        await photo('shoes', '#1f1f1f', 'shoes.jpg'),
        await photo('bag', '#8c2f39', 'bag.jpg'),
      ]);
    await page.getByRole('button', { name: 'Review and tag each (4)' }).click();
    await expect(page.getByRole('heading', { name: 'Review 4 photos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save 4 items' })).toBeDisabled();

    // All are selected at first: everything becomes a top, then the last two are changed.
    await page.getByRole('radio', { name: 'Top', exact: true }).check();
    await page.getByRole('button', { name: 'Select none' }).click();
    await photos(page).nth(2).click();
    await page.getByRole('radio', { name: 'Shoes', exact: true }).check();
    await page.getByLabel('Brand').fill('Veja');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await photos(page).nth(2).click();
    await photos(page).nth(3).click();
    await page.getByRole('radio', { name: 'Bag', exact: true }).check();
    await page.getByRole('radio', { name: 'Wishlist', exact: true }).check();
    await expect(photos(page).nth(2)).toHaveAccessibleName('Photo 3, Shoes');
    await expect(photos(page).nth(3)).toHaveAccessibleName('Photo 4, Bag');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await settled(page);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/upload-review-${size.name}-${scheme}.png`,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Save 4 items' }).click();
    await expect(page.getByRole('progressbar', { name: 'Photos uploaded' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '4 items added' })).toBeVisible({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'See them' }).click();
    await expect(page).toHaveURL(/\/items$/);
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('link')).toHaveCount(3);
    await page.goto('/groups/wishlist');
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('link')).toHaveCount(1);
  });
}
