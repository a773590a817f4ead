import type { Page } from '@playwright/test';
import { addItems, reloadWardrobe, type SeedItem } from './api-seed';
import { expect, signUpByApi, snapshot, test } from './fixtures';
import { SIZES, settled } from './screens';

const year = new Date().getFullYear();

/** A small closet: four priced pieces, one without a price, obtained in different years. */
const CLOSET: SeedItem[] = [
  {
    category: 'top',
    brand: 'Uniqlo',
    price: 19.9,
    dateObtained: '2021-03-10',
    color: '#2f3e5c',
    source: 'bought new',
  },
  {
    category: 'outerwear',
    brand: 'Toast',
    price: 240,
    dateObtained: `${year}-01-01`,
    color: '#7a5c3e',
  },
  { category: 'bottom', brand: "Levi's", price: 98, color: '#3d5a80', source: 'preloved' },
  { category: 'shoes', brand: 'Vans', price: 65, dateObtained: `${year}-01-02`, color: '#1f1f1f' },
  { category: 'accessory', color: '#b5838d', source: 'gifted' },
];

const grid = (page: Page) => page.getByRole('list', { name: 'Items' });
const tileNames = (page: Page) =>
  grid(page)
    .getByRole('link')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('aria-label')));
const itemsTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Wardrobe' }).getByRole('link', { name: /^Items/ });

async function openFilters(page: Page) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  return page.getByRole('dialog', { name: 'Filters' });
}

async function seeded(page: Page, items = CLOSET) {
  await signUpByApi(page);
  const created = await addItems(page, items);
  await reloadWardrobe(page);
  await expect(grid(page).getByRole('link')).toHaveCount(
    items.filter((i) => !i.status || i.status === 'clothes').length,
  );
  return created;
}

test.describe('the Items grid', () => {
  test('sorts by price both ways, with the price under each tile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await seeded(page);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price');
    await expect
      .poll(() => tileNames(page))
      .toEqual([
        'Toast Outerwear, $240.00',
        "Levi's Bottom, $98.00",
        'Vans Shoes, $65.00',
        'Uniqlo Top, $19.90',
        'Accessory, —',
      ]);
    // The captions are what a sighted user reads under the photos.
    await expect(grid(page).getByRole('listitem').first()).toHaveText('$240.00');

    await page.getByRole('button', { name: 'Sort direction: descending' }).click();
    await expect
      .poll(() => tileNames(page))
      .toEqual([
        'Uniqlo Top, $19.90',
        'Vans Shoes, $65.00',
        "Levi's Bottom, $98.00",
        'Toast Outerwear, $240.00',
        // Items without a price stay last whichever the direction.
        'Accessory, —',
      ]);
    await expect(grid(page).getByRole('listitem').first()).toHaveText('$19.90');

    // Sort and direction are preferences: they survive a reload.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Price');
    await expect(page.getByRole('button', { name: 'Sort direction: ascending' })).toBeVisible();
    await expect.poll(async () => (await tileNames(page))[0]).toBe('Uniqlo Top, $19.90');

    // Tapping a tile opens that item.
    await grid(page).getByRole('link', { name: 'Uniqlo Top, $19.90' }).click();
    await expect(page).toHaveURL(/\/items\/[^/]+$/);
  });

  test('filters by category and by this year, with the red dot and Clear All', async ({ page }) => {
    await seeded(page);
    await expect(itemsTab(page)).toContainText('5');
    await expect(page.getByTestId('filter-dot')).toHaveCount(0);

    let panel = await openFilters(page);
    await panel.getByRole('group', { name: 'Category' }).getByText('Top', { exact: true }).click();
    await expect(panel.getByRole('button', { name: 'Show 1 item' })).toBeVisible();
    await panel.getByRole('button', { name: 'Show 1 item' }).click();
    await expect.poll(() => tileNames(page)).toEqual(['Uniqlo Top']);
    await expect(page.getByTestId('filter-dot')).toBeVisible();
    // The tab count follows the filters.
    await expect(itemsTab(page)).toContainText('1');

    panel = await openFilters(page);
    await panel.getByRole('group', { name: 'Category' }).getByText('All', { exact: true }).click();
    await panel
      .getByRole('group', { name: 'Date obtained' })
      .getByText('This year', { exact: true })
      .click();
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => (await tileNames(page)).sort())
      .toEqual(['Toast Outerwear', 'Vans Shoes']);
    await expect(itemsTab(page)).toContainText('2');
    await expect(page.getByTestId('filter-dot')).toBeVisible();

    // Filters last for the session: still there after a reload.
    await page.reload();
    await expect(page.getByTestId('filter-dot')).toBeVisible();
    await expect.poll(async () => (await tileNames(page)).length).toBe(2);

    panel = await openFilters(page);
    await panel.getByRole('button', { name: 'Clear All' }).click();
    await expect(panel.getByRole('button', { name: 'Show 5 items' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('filter-dot')).toHaveCount(0);
    await expect(itemsTab(page)).toContainText('5');
    await expect.poll(async () => (await tileNames(page)).length).toBe(5);
  });

  test('grid columns go to 7 and back to auto', async ({ page }) => {
    const created = await seeded(page, [...CLOSET, ...CLOSET.slice(0, 3)]);
    // The grid loads thumbnails, never the full photos.
    const thumbnails = created.map((c) => new URL(c.thumbnail, page.url()).href);
    const sources = await grid(page)
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(sources).toHaveLength(8);
    for (const src of sources) expect(thumbnails).toContain(src);
    expect(created.every((c) => c.thumbnail !== c.image)).toBe(true);
    // Tiles in the first row: those level with the first one.
    const columns = () =>
      grid(page)
        .getByRole('listitem')
        .evaluateAll((tiles) => {
          // Right after a reload the grid may not have its tiles yet (the start-up draws them in a
          // deferred render): none in a row then, and the poll asks again.
          if (tiles.length === 0) return 0;
          const top = tiles[0]!.getBoundingClientRect().top;
          return tiles.filter((t) => Math.abs(t.getBoundingClientRect().top - top) < 1).length;
        });

    // 1440 px wide: the responsive default is 5 columns, too many for captions.
    expect(await columns()).toBe(5);
    await expect(grid(page).getByRole('listitem').first()).toHaveText('');

    await page.getByRole('button', { name: 'More options' }).click();
    const menu = page.getByRole('dialog', { name: 'View options' });
    await expect(menu.getByText('Columns: Auto')).toBeVisible();
    await menu.getByRole('slider', { name: 'Grid Columns' }).fill('7');
    await expect(menu.getByText('Columns: 7')).toBeVisible();
    await expect.poll(columns).toBe(7);

    await page.reload();
    await expect.poll(columns).toBe(7);
    await page.getByRole('button', { name: 'More options' }).click();
    await expect(menu.getByText('Columns: 7')).toBeVisible();
    await menu.getByRole('button', { name: 'Reset' }).click();
    await expect(menu.getByText('Columns: Auto')).toBeVisible();
    await expect.poll(columns).toBe(5);
  });

  test('an archived item is found under the archived filter', async ({ page }) => {
    await seeded(page, [
      ...CLOSET.slice(0, 2),
      {
        category: 'full_body',
        brand: 'Ganni',
        status: 'archived',
        dateArchived: `${year}-01-03`,
        color: '#6d597a',
      },
    ]);
    await expect.poll(() => tileNames(page)).not.toContain('Ganni Full body');

    const panel = await openFilters(page);
    await panel
      .getByRole('group', { name: 'Status' })
      .getByText('Archived', { exact: true })
      .click();
    await page.keyboard.press('Escape');
    await expect.poll(() => tileNames(page)).toEqual(['Ganni Full body']);
    await expect(page.getByTestId('filter-dot')).toBeVisible();
  });

  test('a new user is told to add their first item', async ({ page }) => {
    await signUpByApi(page);
    await expect(page.getByRole('heading', { name: 'Your closet is empty' })).toBeVisible();
    await page.getByRole('link', { name: 'Add your first item' }).click();
    await expect(page).toHaveURL(/\/items\/upload$/);
  });
});

/** Each colour scheme at each size, past the colour transitions a scheme change sets off. */
const LOOKS = SIZES.flatMap((size) =>
  (['light', 'dark'] as const).map((scheme) => ({ size, scheme })),
);

async function look(page: Page, { size, scheme }: (typeof LOOKS)[number]) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForTimeout(300);
}

test('screenshots of the empty and loading Items screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpByApi(page);
  for (const l of LOOKS) {
    await look(page, l);
    await expect(page.getByRole('heading', { name: 'Your closet is empty' })).toBeVisible();
    await settled(page);
    await snapshot(page, `wardrobe-items-empty-${l.size.name}-${l.scheme}`);
  }

  // A device that has no local copy yet shows placeholder tiles until the wardrobe arrives.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/users', async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => indexedDB.deleteDatabase('hanger'));
  for (const l of LOOKS) {
    await look(page, l);
    await page.reload();
    await expect(page.getByRole('status', { name: 'Loading your items' })).toBeVisible();
    await snapshot(page, `wardrobe-items-loading-${l.size.name}-${l.scheme}`);
  }
  release();
  await expect(page.getByRole('heading', { name: 'Your closet is empty' })).toBeVisible();
});

test('screenshots of the Items grid', async ({ page }) => {
  test.setTimeout(120_000);
  await seeded(page, [
    ...CLOSET,
    { category: 'top', brand: 'COS', price: 45, color: '#d9c5a0' },
    { category: 'bag', brand: 'Polène', price: 390, color: '#8c2f39' },
    { category: 'full_body', brand: 'Ganni', price: 180, color: '#6d597a' },
    { category: 'shoes', brand: 'Veja', price: 120, color: '#e9e4da' },
    { category: 'outerwear', brand: 'Arket', price: 150, color: '#556b2f' },
    { category: 'bottom', brand: 'Toteme', price: 260, color: '#c2b280' },
    { category: 'top', brand: 'Sézane', price: 85, color: '#f4a261' },
  ]);
  for (const l of LOOKS) {
    const name = `${l.size.name}-${l.scheme}`;
    await look(page, l);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price');
    await settled(page);
    await snapshot(page, `wardrobe-items-${name}`);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByText('Top', { exact: true }).click();
    await page.waitForTimeout(300);
    await snapshot(page, `wardrobe-items-filters-${name}`);
    await page
      .getByRole('dialog', { name: 'Filters' })
      .getByRole('button', { name: 'Clear All' })
      .click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'More options' }).click();
    // Past the popover's fade-in.
    await page.waitForTimeout(300);
    await snapshot(page, `wardrobe-items-columns-${name}`);
    await page.keyboard.press('Escape');

    const panel = await openFilters(page);
    await panel.getByRole('group', { name: 'Category' }).getByText('Bag', { exact: true }).click();
    await panel
      .getByRole('group', { name: 'Date obtained' })
      .getByText('This year', { exact: true })
      .click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'No items match these filters' })).toBeVisible();
    await snapshot(page, `wardrobe-items-no-match-${name}`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
  }
});
