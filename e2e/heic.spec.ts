import { readFileSync } from 'node:fs';
import { expect, signUpByApi, test } from './fixtures';
import { shootBoth } from './screens';

/** An iPhone-style HEIC photo (packages/server/test/fixtures/heic/README.md says how it was made). */
const heic = readFileSync(
  new URL('../packages/server/test/fixtures/heic/garment-480x640.heic', import.meta.url),
);

test('an iPhone HEIC photo uploads through the Upload screen and shows in the wardrobe', async ({
  page,
}) => {
  await signUpByApi(page);
  await page.goto('/items/upload');
  const input = page.getByLabel('Choose photos');
  const accept = ((await input.getAttribute('accept')) ?? '').split(',');
  expect(accept).toEqual(expect.arrayContaining(['image/*', 'image/heic', '.heic', '.heif']));

  await input.setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heic });
  // Chromium cannot draw HEIC: a placeholder says so instead of a broken image.
  await expect(
    page.getByRole('img', { name: 'Preview of IMG_0042.HEIC: cannot be shown' }),
  ).toContainText('Hanger will once it is added');
  await page.getByRole('radio', { name: 'Top', exact: true }).check();
  await page.getByLabel('Brand').fill('Arket');
  await shootBoth(page, 'upload-heic');

  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('status', { name: 'Clothing item added' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/items$/);
  const tile = page.getByRole('list', { name: 'Items' }).getByRole('link');
  await expect(tile).toHaveCount(1);
  // The server's WebP of the photo: loaded, portrait like the photo.
  const thumbnail = tile.locator('img');
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const size = await thumbnail.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
  ]);
  expect(size[1]! / size[0]!).toBeCloseTo(640 / 480, 1);
  await shootBoth(page, 'heic-items');

  await tile.click();
  const photo = page.getByRole('img', { name: /Arket/ }).first();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(480);
  // Converted from Display P3 and decoded upright: the shirt's teal in the middle of the photo.
  const centre = await photo.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    return Array.from(context.getImageData(240, 380, 1, 1).data.slice(0, 3));
  });
  expect(Math.abs(centre[0]! - 0x2a)).toBeLessThan(16);
  expect(Math.abs(centre[1]! - 0x7f)).toBeLessThan(16);
  expect(Math.abs(centre[2]! - 0x86)).toBeLessThan(16);
  await shootBoth(page, 'heic-item-detail');
});
