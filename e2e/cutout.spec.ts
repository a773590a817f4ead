/**
 * Cut-out photos end to end (docs/cutouts.md): an upload is cut out on the server and the tile
 * switches to the cut-out without a reload; the touch-up brush erases and undoes; "Restore
 * original" brings the photo back. At phone size the brush is driven by real touch events (a
 * finger), at desktop size by the mouse.
 *
 * NOT YET RUN: this spec needs the server side of docs/cutouts.md (the model, the job queue and
 * the cut-out routes), which is built on another branch. It was written against the contract and
 * has not passed yet; run it once both sides are merged. On a server without cut-outs it fails at
 * its first check (cutouts_available), on purpose, rather than skipping.
 */
import type { Locator, Page } from '@playwright/test';
import { garmentJpeg } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { shootBoth } from './screens';

/** The model's first run loads it (seconds), then a 600 px photo takes a few seconds more. */
const CUTOUT_TIMEOUT = 120_000;

interface WireItem {
  id: string;
  image: string;
  thumbnail?: string;
  original?: string;
  cutout?: 'pending' | 'done' | 'failed';
}

async function api(page: Page, path: string): Promise<unknown> {
  const origin = new URL(page.url()).origin;
  const token = await page.request.get('/api/auth/token', { headers: { origin } });
  expect(token.ok()).toBe(true);
  const { token: bearer } = (await token.json()) as { token: string };
  const res = await page.request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

const onlyItem = async (page: Page): Promise<WireItem> => {
  const { clothes } = (await api(page, '/users')) as { clothes: Record<string, WireItem> };
  const items = Object.values(clothes);
  expect(items).toHaveLength(1);
  return items[0]!;
};

/** Uploads one top through the upload screen and answers its tile. */
async function uploadTop(page: Page): Promise<Locator> {
  const settings = (await api(page, '/users/settings')) as Record<string, unknown>;
  expect(
    settings.cutouts_available,
    'This spec needs a server that cuts out photos (docs/cutouts.md: CUTOUT not off, the model loads)',
  ).toBe(true);
  expect(settings.cut_out_new_photos).toBe(true);

  await page.goto('/items/upload');
  await page.getByLabel('Choose photos').setInputFiles({
    name: 'top.jpg',
    mimeType: 'image/jpeg',
    buffer: await garmentJpeg('top', '#2f3e5c'),
  });
  await expect(page.getByRole('img', { name: /Preview of/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Top', exact: true }).check();
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page).toHaveURL(/\/items$/);
  return page.getByRole('list', { name: 'Items' }).getByRole('listitem').first();
}

/** The alpha (0–255) of the touch-up canvas at a fraction of its width and height. */
function alphaAt(canvas: Locator, fx: number, fy: number): Promise<number> {
  return canvas.evaluate(
    (el: HTMLCanvasElement, [x, y]) =>
      el.getContext('2d')!.getImageData(Math.round(el.width * x), Math.round(el.height * y), 1, 1)
        .data[3]!,
    [fx, fy] as const,
  );
}

/** One horizontal stroke across the canvas at height `fy`, by finger or by mouse. */
async function paintAcross(page: Page, canvas: Locator, fy: number, touch: boolean) {
  const box = (await canvas.boundingBox())!;
  const points = Array.from({ length: 12 }, (_, k) => ({
    x: box.x + box.width * (0.35 + k * 0.025),
    y: box.y + box.height * fy,
  }));
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const touchAt = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [],
      });
    await touchAt('touchStart', points[0]);
    for (const p of points.slice(1)) await touchAt('touchMove', p);
    await touchAt('touchEnd');
    await cdp.detach();
  } else {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const p of points.slice(1)) await page.mouse.move(p.x, p.y);
    await page.mouse.up();
  }
}

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
]) {
  test.describe(`cut-out photos at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('an upload is cut out, touched up with the brush, and restored', async ({ page }) => {
      test.setTimeout(CUTOUT_TIMEOUT + 120_000);
      await signUpByApi(page);

      // Upload: the item shows at once with its photo and a quiet "Cutting out…" mark.
      const tile = await uploadTop(page);
      await expect(tile.getByText('Cutting out…')).toBeVisible();
      const photo = tile.getByRole('img');
      const originalSrc = await photo.getAttribute('src');
      expect((await onlyItem(page)).cutout).toBe('pending');
      if (size.name === 'phone') await shootBoth(page, 'cutout-grid-pending');

      // The cut-out replaces it without a reload (the app revalidates while one is pending).
      await expect(tile.getByText('Cutting out…')).toHaveCount(0, { timeout: CUTOUT_TIMEOUT });
      await expect(photo).not.toHaveAttribute('src', originalSrc ?? '');
      const done = await onlyItem(page);
      expect(done.cutout).toBe('done');
      expect(done.original).toBeTruthy();
      await expect(photo).toHaveClass(/object-contain/);
      if (size.name === 'phone') await shootBoth(page, 'cutout-grid-done');

      // Touch-up: erase a band across the garment, then undo it.
      await tile.getByRole('link').click();
      await page.getByRole('link', { name: 'Edit image' }).click();
      await expect(page).toHaveURL(/\/edit-image$/);
      await page.getByRole('radio', { name: 'Touch up' }).click();
      await expect(page.getByRole('radio', { name: 'Erase' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      const canvas = page.locator('canvas[data-touch-up]');
      await expect(canvas).toBeVisible();
      // The garment (garmentJpeg's top) covers the middle of the photo at 60 % of its height.
      await expect.poll(() => alphaAt(canvas, 0.5, 0.6)).toBeGreaterThan(200);
      const scrollBefore = await page.evaluate(() => window.scrollY);
      await paintAcross(page, canvas, 0.6, size.touch);
      await expect.poll(() => alphaAt(canvas, 0.5, 0.6)).toBeLessThan(20);
      // Painting with a finger never scrolled the page.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
      await shootBoth(page, 'cutout-touch-up');

      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => alphaAt(canvas, 0.5, 0.6)).toBeGreaterThan(200);
      await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
      if (!size.touch) {
        // The keyboard redoes and undoes as well.
        await page.keyboard.press('Control+Shift+Z');
        await expect.poll(() => alphaAt(canvas, 0.5, 0.6)).toBeLessThan(20);
        await page.keyboard.press('Control+Z');
        await expect.poll(() => alphaAt(canvas, 0.5, 0.6)).toBeGreaterThan(200);
      }

      // A kept stroke is saved as the edited cut-out; the original stays.
      await paintAcross(page, canvas, 0.6, size.touch);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByRole('status', { name: 'Clothing image updated successfully' }).first(),
      ).toBeVisible();
      const touched = await onlyItem(page);
      expect(touched.cutout).toBe('done');
      expect(touched.image).not.toBe(done.image);
      expect(touched.original).toBe(done.original);

      // Restore original: asked first, then the photo as it was taken, with no cut-out.
      await page.goto(`/items/${encodeURIComponent(touched.id)}/edit-image`);
      await page.getByRole('button', { name: 'Restore original' }).click();
      const dialog = page.getByRole('dialog', { name: 'Restore the original photo?' });
      await dialog.getByRole('button', { name: 'Restore original' }).click();
      await expect(
        page.getByRole('status', { name: 'Clothing image updated successfully' }).first(),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove background' })).toBeVisible();
      const restored = await onlyItem(page);
      expect(restored.cutout).toBeUndefined();
      expect(restored.original).toBeUndefined();
      await page.goto('/items');
      await expect(page.getByRole('list', { name: 'Items' }).getByRole('img').first()).toHaveClass(
        /object-cover/,
      );
    });
  });
}
