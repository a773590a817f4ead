import type { Page } from '@playwright/test';
import { addItems, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, snapshot, test } from './fixtures';
import { SIZES, settled } from './screens';

const grid = (page: Page) => page.getByRole('list', { name: 'Items' });
const tileNames = (page: Page) =>
  grid(page)
    .getByRole('link')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('aria-label')?.split(',')[0]));

async function seedGroups(page: Page) {
  await signUpByApi(page);
  const items = await addItems(page, [
    { category: 'top', brand: 'COS', color: '#d9c5a0' },
    { category: 'bag', brand: 'Polène', price: 390, status: 'wishlist', color: '#8c2f39' },
    { category: 'shoes', brand: 'Veja', price: 120, status: 'wishlist', color: '#e9e4da' },
    { category: 'full_body', brand: 'Ganni', status: 'loaned', color: '#6d597a' },
  ]);
  await page.goto('/groups');
  await reloadWardrobe(page);
  return items;
}

test.describe('groups', () => {
  test('the wishlist shows its items, has no status filter, and goes one step back', async ({
    page,
  }) => {
    const [, bag] = await seedGroups(page);
    await page.getByRole('link', { name: 'Wishlist, 2 items' }).click();
    await expect(page).toHaveURL(/\/groups\/wishlist$/);
    await expect(page.getByRole('heading', { name: 'Wishlist' })).toBeVisible();
    await expect
      .poll(async () => (await tileNames(page)).sort())
      .toEqual(['Polène Bag', 'Veja Shoes']);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel.getByRole('group', { name: 'Category' })).toBeVisible();
    await expect(panel.getByRole('group', { name: 'Status' })).toHaveCount(0);
    await panel.getByRole('group', { name: 'Category' }).getByText('Bag', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => tileNames(page)).toEqual(['Polène Bag']);
    await expect(page.getByTestId('filter-dot')).toBeVisible();
    // Filtering a group leaves the Items tab alone.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(
      page.getByRole('navigation', { name: 'Wardrobe' }).getByRole('link', { name: /^Items/ }),
    ).toContainText('1');

    await page.getByRole('link', { name: /^Wishlist/ }).click();
    await expect(page.getByRole('link', { name: 'Add to wishlist' })).toHaveAttribute(
      'href',
      '/groups/wishlist/upload',
    );
    await grid(page)
      .getByRole('link', { name: /^Polène Bag/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/groups/wishlist/${bag!.id}$`));
  });

  test('the loaned screen shows loaned items with a back button to Groups', async ({ page }) => {
    const [, , , dress] = await seedGroups(page);
    await page.getByRole('link', { name: 'Loaned, 1 item' }).click();
    await expect(page).toHaveURL(/\/groups\/loaned$/);
    await expect.poll(() => tileNames(page)).toEqual(['Ganni Full body']);
    await expect(page.getByRole('link', { name: 'Add loaned item' })).toHaveAttribute(
      'href',
      '/groups/loaned/upload',
    );

    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: 'Status' }),
    ).toHaveCount(0);
    await page.keyboard.press('Escape');

    await grid(page)
      .getByRole('link', { name: /^Ganni/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/groups/loaned/${dress!.id}$`));
    await page.goto('/groups/loaned');
    await page.getByRole('button', { name: 'Back to groups' }).click();
    await expect(page).toHaveURL(/\/groups$/);
  });

  test('an empty wishlist says how to add to it', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/groups/wishlist');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a piece you want' }).click();
    await expect(page).toHaveURL(/\/groups\/wishlist\/upload$/);
  });
});

test('screenshots of the groups screens', async ({ page }) => {
  test.setTimeout(120_000);
  await seedGroups(page);
  for (const size of SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: scheme });
      // Past the colour transitions the scheme change sets off.
      await page.waitForTimeout(300);
      await page.goto('/groups');
      await expect(page.getByRole('heading', { name: 'Custom Collections' })).toBeVisible();
      await settled(page);
      await snapshot(page, `wardrobe-groups-${size.name}-${scheme}`);
      await page.goto('/groups/wishlist');
      await expect(grid(page).getByRole('link')).toHaveCount(2);
      await settled(page);
      await snapshot(page, `wardrobe-wishlist-${size.name}-${scheme}`);
      await page.goto('/groups/loaned');
      await expect(grid(page).getByRole('link')).toHaveCount(1);
      await settled(page);
      await snapshot(page, `wardrobe-loaned-${size.name}-${scheme}`);
    }
  }
});
