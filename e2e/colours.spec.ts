import type { Locator, Page } from '@playwright/test';
import { addItems, logWear, reloadWardrobe, type SeedItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { settled, wearDay } from './screens';

/** Pieces whose colours the server finds from their photos (README, "Colours"). */
const CLOSET: SeedItem[] = [
  { category: 'top', brand: 'Navy tee', color: '#1f2d4f' },
  { category: 'bottom', brand: 'Red skirt', color: '#c62f2f' },
  { category: 'outerwear', brand: 'Green coat', color: '#2e7d32' },
  { category: 'shoes', brand: 'Black boots', color: '#141414' },
];

/** The colour screens at a phone and a 1280 x 800 laptop, light and dark. */
async function shootColours(
  page: Page,
  name: string,
  { fullPage = false, focus }: { fullPage?: boolean; focus?: Locator } = {},
): Promise<void> {
  const before = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 800 },
    ]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await settled(page);
      // A resize moves what the shot is of: bring it back into view at each size.
      if (focus) await focus.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/${name}-${size.name}-${scheme}.png`,
        fullPage,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
}

const grid = (page: Page) => page.getByRole('list', { name: 'Items' });
const tileNames = (page: Page) =>
  grid(page)
    .getByRole('link')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('aria-label')));

async function seeded(page: Page) {
  await signUpByApi(page);
  const items = await addItems(page, CLOSET);
  await reloadWardrobe(page);
  await expect(grid(page).getByRole('link')).toHaveCount(CLOSET.length);
  return items;
}

test.describe('colours', () => {
  test('filter by colour, with the red dot, and sort by colour with captions', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await seeded(page);

    const filters = page.getByRole('button', { name: /^Filters/ });
    await filters.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    const colour = dialog.getByRole('group', { name: 'Colour' });
    // The chips are drawn over visually hidden checkboxes, as every chip row of the app.
    await colour.getByRole('checkbox', { name: 'Navy' }).check({ force: true });
    await colour.getByRole('checkbox', { name: 'Red' }).check({ force: true });
    await expect(dialog.getByRole('button', { name: 'Show 2 items' })).toBeVisible();
    await shootColours(page, 'colours-filter-panel');
    await dialog.getByRole('button', { name: 'Show 2 items' }).click();
    await expect(grid(page).getByRole('link')).toHaveCount(2);
    await expect(filters).toHaveAccessibleName(/active/i);

    await filters.click();
    await dialog.getByRole('button', { name: 'Clear All' }).click();
    await dialog.getByRole('button', { name: /^Show 4 items/ }).click();

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Colour');
    // The direction stays the default's, descending: the palette's hue order backwards.
    await expect
      .poll(() => tileNames(page))
      .toEqual([
        'Black boots Shoes, Black',
        'Navy tee Top, Navy',
        'Green coat Outerwear, Green',
        'Red skirt Bottom, Red',
      ]);
    await page.getByRole('button', { name: 'Sort direction: descending' }).click();
    await expect
      .poll(() => tileNames(page))
      .toEqual([
        'Red skirt Bottom, Red',
        'Green coat Outerwear, Green',
        'Navy tee Top, Navy',
        'Black boots Shoes, Black',
      ]);
    await expect(grid(page).getByRole('listitem').first()).toHaveText('Red');
  });

  test('edit colours on the detail page: add, make main, remove', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [navy] = await seeded(page);
    await page.goto(`/items/${navy!.id}`);
    const colours = page.getByRole('list', { name: 'Colours' });
    await expect(colours.getByRole('listitem').first()).toContainText('Navy');

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Add White' }).click();
    await expect(colours).toContainText('White');
    await page.getByRole('button', { name: 'Make White the main colour' }).click();
    await expect(colours.getByRole('listitem').first()).toContainText('White');
    await expect(colours.getByRole('listitem').first()).toContainText('Main');
    await shootColours(page, 'colours-detail-chips', { fullPage: true });

    // Kept after a reload: the server holds the user's choice.
    await reloadWardrobe(page);
    await expect(
      page.getByRole('list', { name: 'Colours' }).getByRole('listitem').first(),
    ).toContainText('White');
    await page.getByRole('button', { name: 'Remove Navy' }).click();
    await expect(page.getByRole('list', { name: 'Colours' })).not.toContainText('Navy');
  });

  test('the stats colour chart opens Items filtered to a colour', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const items = await seeded(page);
    await logWear(page, await wearDay(page), { clothes: [items[0]!.id, items[1]!.id] });
    await page.goto('/stats');
    const card = page.getByRole('region', { name: 'Colours', exact: true });
    // The stats screen loads its charts lazily.
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.scrollIntoViewIfNeeded();
    await shootColours(page, 'colours-stats-chart', { focus: card });
    await card.getByRole('button', { name: /Green/ }).first().click();
    await expect(page).toHaveURL(/\/items$/);
    await expect(grid(page).getByRole('link')).toHaveCount(1);
    await expect(grid(page).getByRole('link').first()).toHaveAccessibleName(/Green coat/);
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAccessibleName(/active/i);
  });
});
