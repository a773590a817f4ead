import type { Locator, Page, Request } from '@playwright/test';
import { addItems, addOutfit, bearer, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { SIZES, settled } from './screens';

/** Select many (docs/select-many.md) on the Items, Outfits and group screens. */

const grid = (page: Page) => page.getByRole('list', { name: 'Items' });
const tiles = (page: Page) => grid(page).getByRole('listitem');
const bar = (page: Page) => page.locator('[data-select-bar]');
const itemsTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Wardrobe' }).getByRole('link', { name: /^Items/ });

async function seed(page: Page) {
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  await signUpByApi(page);
  const items = await addItems(page, [
    { category: 'top', brand: 'COS', color: '#d9c5a0' },
    { category: 'bottom', brand: 'Levi’s', color: '#3d5a80' },
    { category: 'shoes', brand: 'Veja', color: '#e9e4da' },
    { category: 'bag', brand: 'Polène', color: '#8c2f39' },
    { category: 'top', brand: 'Uniqlo', color: '#2f3e5c' },
  ]);
  await reloadWardrobe(page);
  // Five photos on a shared two-core machine: the first load may take a while.
  await expect(tiles(page)).toHaveCount(5, { timeout: 30_000 });
  return items;
}

/** The batch calls the page makes, as "METHOD path". */
function batchCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/(clothes|outfits)$/.test(path)) calls.push(`${r.method()} ${path}`);
  });
  return calls;
}

/**
 * A finger resting on a tile's link for 650 ms, then lifted: the touch screen's own events. The
 * tile is a toggle by the time the finger lifts; the lift neither opens nor toggles it.
 */
async function longPress(page: Page, link: Locator) {
  await link.scrollIntoViewIfNeeded();
  const box = (await link.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, id: 1 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await page.waitForTimeout(650);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

for (const size of SIZES) {
  test.describe(`select many at ${size.name} size`, () => {
    const touch = size.name === 'phone';
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: touch,
      isMobile: touch,
    });

    test('selects a range, moves it to the wishlist in one call, and it stays there', async ({
      page,
    }) => {
      await seed(page);
      const calls = batchCalls(page);
      if (size.name === 'phone') {
        // A long press starts Select mode with that tile, and does not open it.
        await longPress(page, tiles(page).nth(0).getByRole('link'));
        await expect(page).toHaveURL(/\/items$/);
        await expect(bar(page).getByRole('status')).toHaveText('1 selected');
        await tiles(page).nth(1).getByRole('button').click();
        await tiles(page).nth(2).getByRole('button').click();
      } else {
        // The checkbox a tile shows under the pointer starts it; shift-click takes a range.
        await tiles(page).first().hover();
        await tiles(page)
          .first()
          .getByRole('button', { name: /^Select / })
          .click();
        await tiles(page)
          .nth(2)
          .getByRole('button')
          .click({ modifiers: ['Shift'] });
      }
      await expect(bar(page).getByRole('status')).toHaveText('3 selected');
      await expect(grid(page).getByTestId('tile-check')).toHaveCount(3);
      await shootSelect(page, `select-many-${size.name}`);

      await bar(page).getByRole('button', { name: 'Status' }).click();
      const dialog = page.getByRole('dialog', { name: 'Status of 3 items' });
      await dialog.getByText('Wishlist', { exact: true }).click();
      await expect(page.getByRole('status', { name: 'Moved 3 items to Wishlist' })).toBeVisible();
      await expect(tiles(page)).toHaveCount(2);
      expect(calls).toEqual(['PATCH /api/clothes']);

      await reloadWardrobe(page);
      await expect(itemsTab(page)).toContainText('2');
      await page.goto('/groups/wishlist');
      await expect(tiles(page)).toHaveCount(3);
    });

    test('deletes many with Undo for 10 seconds, then for good in one call', async ({ page }) => {
      // The Undo's 10 seconds come on top of the seeding.
      test.slow();
      await seed(page);
      const calls = batchCalls(page);
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await bar(page).getByRole('button', { name: 'Select all (5)' }).click();
      await expect(bar(page).getByRole('status')).toHaveText('5 selected');
      await bar(page).getByRole('button', { name: 'Delete' }).click();
      const toast = page.getByRole('status', { name: 'Deleted 5 items' });
      await expect(toast).toBeVisible();
      await expect(tiles(page)).toHaveCount(0);
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect(tiles(page)).toHaveCount(5);
      expect(calls).toEqual([]);

      // Two of them, then the toast runs out: one DELETE for both.
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await tiles(page).nth(0).getByRole('button').click();
      await tiles(page).nth(1).getByRole('button').click();
      await bar(page).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('status', { name: 'Deleted 2 items' })).toBeVisible();
      await expect(tiles(page)).toHaveCount(3);
      await expect.poll(() => calls, { timeout: 15_000 }).toEqual(['DELETE /api/clothes']);
      await expect(page.getByRole('status', { name: 'Deleted 2 items' })).toHaveCount(0);
      await reloadWardrobe(page);
      await expect(tiles(page)).toHaveCount(3, { timeout: 30_000 });
    });

    test('archives outfits in one call', async ({ page }) => {
      const items = await seed(page);
      await addOutfit(page, [items[0]!.id, items[1]!.id], ['#d9c5a0', '#3d5a80']);
      await addOutfit(page, [items[2]!.id], ['#e9e4da']);
      await page.goto('/outfits');
      await reloadWardrobe(page);
      const outfits = page.getByRole('list', { name: 'Outfits' }).getByRole('listitem');
      await expect(outfits).toHaveCount(2);
      const calls = batchCalls(page);
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await bar(page).getByRole('button', { name: 'Select all (2)' }).click();
      await bar(page).getByRole('button', { name: 'Status' }).click();
      await page
        .getByRole('dialog', { name: 'Status of 2 outfits' })
        .getByText('Archived', { exact: true })
        .click();
      await expect(page.getByRole('status', { name: 'Moved 2 outfits to Archived' })).toBeVisible();
      await expect(outfits).toHaveCount(0);
      expect(calls).toEqual(['PATCH /api/outfits']);
    });

    test('adds items to a collection, then selects on the collection and on the wishlist', async ({
      page,
    }) => {
      const items = await seed(page);
      const res = await page.request.post('/api/collections', {
        headers: await bearer(page),
        data: {
          id: crypto.randomUUID(),
          kind: 'capsule',
          name: 'Autumn',
          item_ids: [],
          outfit_ids: [],
        },
      });
      expect(res.ok(), `collection: ${res.status()}`).toBe(true);
      const calls = batchCalls(page);
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await tiles(page).nth(0).getByRole('button').click();
      await tiles(page).nth(1).getByRole('button').click();
      await bar(page).getByRole('button', { name: 'Collection' }).click();
      await page
        .getByRole('dialog', { name: 'Add 2 items to a collection' })
        .getByText('Autumn', { exact: true })
        .click();
      await expect(page.getByRole('status', { name: 'Added 2 items to Autumn' })).toBeVisible();

      await page.goto('/groups');
      await page.getByRole('link', { name: /Autumn/ }).click();
      const pieces = page.getByRole('region', { name: /Pieces/ });
      await expect(pieces.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
      if (touch) {
        // A long press on a piece starts Select mode with it chosen, and does not open it.
        await longPress(page, pieces.getByRole('listitem').nth(0).getByRole('link'));
        await expect(page).toHaveURL(/\/groups\/collections\//);
        await expect(bar(page).getByRole('status')).toHaveText('1 selected');
        await expect(pieces.getByRole('button', { pressed: true })).toHaveCount(1);
        await pieces.getByRole('listitem').nth(1).locator('[aria-pressed]').tap();
      } else {
        await pieces.getByRole('button', { name: 'Select', exact: true }).click();
        await bar(page).getByRole('button', { name: 'Select all (2)' }).click();
      }
      await expect(bar(page).getByRole('status')).toHaveText('2 selected');
      await expect(pieces.getByTestId('tile-check')).toHaveCount(2);
      await settled(page);
      // The check marks' colour transition (150 ms) has ended.
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/select-many-collection-${size.name}.png`,
      });
      await bar(page).getByRole('button', { name: 'Status' }).click();
      await page
        .getByRole('dialog', { name: 'Status of 2 items' })
        .getByText('Wishlist', { exact: true })
        .click();
      await expect(page.getByRole('status', { name: 'Moved 2 items to Wishlist' })).toBeVisible();

      // The wishlist has Select mode too.
      await page.goto('/groups/wishlist');
      await expect(tiles(page)).toHaveCount(2, { timeout: 15_000 });
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      await bar(page).getByRole('button', { name: 'Select all (2)' }).click();
      await bar(page).getByRole('button', { name: 'Status' }).click();
      await page
        .getByRole('dialog', { name: 'Status of 2 items' })
        .getByText('In closet', { exact: true })
        .click();
      await expect(tiles(page)).toHaveCount(0);
      expect(calls).toEqual(['PATCH /api/clothes', 'PATCH /api/clothes']);
      expect(items).toHaveLength(5);
    });
  });
}

/** The select bar in light and dark, and the status dialog over it. */
async function shootSelect(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    await page.screenshot({ path: `e2e/artifacts/screenshots/${name}-${scheme}.png` });
  }
  await bar(page).getByRole('button', { name: 'Category' }).click();
  await page.waitForTimeout(200);
  await page.screenshot({ path: `e2e/artifacts/screenshots/${name}-category-dark.png` });
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'light' });
}
