import type { Page } from '@playwright/test';
import { addItems, addOutfit, logWear, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, snapshot, test } from './fixtures';
import { SIZES, settled } from './screens';

const grid = (page: Page) => page.getByRole('list', { name: 'Outfits' });
const tileNames = (page: Page) =>
  grid(page)
    .getByRole('link')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('aria-label')));
const outfitsTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Wardrobe' }).getByRole('link', { name: /^Outfits/ });

/** Three outfits: a $20 one worn twice, a $55.50 one never worn, a $113.50 one worn once. */
async function seedOutfits(page: Page) {
  await signUpByApi(page);
  const [tee, jeans, coat, bag] = await addItems(page, [
    { category: 'top', brand: 'COS', price: 20, color: '#d9c5a0' },
    { category: 'bottom', brand: 'Levi’s', price: 35.5, color: '#3d5a80' },
    { category: 'outerwear', brand: 'Arket', price: 58, color: '#556b2f' },
    { category: 'bag', brand: 'Polène', color: '#8c2f39' },
  ]);
  const solo = await addOutfit(page, [tee!.id], ['#d9c5a0']);
  const pair = await addOutfit(page, [tee!.id, jeans!.id], ['#d9c5a0', '#3d5a80']);
  const layered = await addOutfit(
    page,
    [tee!.id, jeans!.id, coat!.id, bag!.id],
    ['#d9c5a0', '#3d5a80', '#556b2f', '#8c2f39'],
  );
  await logWear(page, '2024-06-01', { outfits: [solo] });
  await logWear(page, '2024-06-02', { outfits: [solo, layered] });
  await page.goto('/outfits');
  await reloadWardrobe(page);
  await expect(grid(page).getByRole('link')).toHaveCount(3);
  return { solo, pair, layered };
}

test.describe('the Outfits grid', () => {
  test('sorts by total cost and times worn, with the value under each card', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { solo } = await seedOutfits(page);

    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await expect(sort.getByRole('option')).toHaveText([
      'Date Created',
      'Last Worn',
      'Times Worn',
      'Number of Items',
      'Total Cost',
    ]);
    await sort.selectOption('Total Cost');
    await expect
      .poll(() => tileNames(page))
      .toEqual([
        'Outfit with 4 items, $113.50',
        'Outfit with 2 items, $55.50',
        'Outfit with 1 item, $20.00',
      ]);
    await expect(grid(page).getByRole('listitem').first()).toHaveText('$113.50');

    await page.getByRole('button', { name: 'Sort direction: descending' }).click();
    await expect
      .poll(() => tileNames(page))
      .toEqual([
        'Outfit with 1 item, $20.00',
        'Outfit with 2 items, $55.50',
        'Outfit with 4 items, $113.50',
      ]);

    await sort.selectOption('Times Worn');
    await expect
      .poll(() => tileNames(page))
      .toEqual([
        'Outfit with 2 items, 0 wears',
        'Outfit with 4 items, 1 wear',
        'Outfit with 1 item, 2 wears',
      ]);

    // Cards are 2:3, and tapping one opens it.
    const box = (await grid(page).getByRole('img').first().boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(1.5, 1);
    await grid(page).getByRole('link', { name: 'Outfit with 1 item, 2 wears' }).click();
    await expect(page).toHaveURL(new RegExp(`/outfits/${solo}$`));
  });

  test('filters by times worn with the red dot, and Clear All', async ({ page }) => {
    await seedOutfits(page);
    await expect(outfitsTab(page)).toContainText('3');

    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel
      .getByRole('group', { name: 'Times worn' })
      .getByText('Never Worn', { exact: true })
      .click();
    await panel.getByRole('button', { name: 'Show 1 outfit' }).click();
    await expect.poll(() => tileNames(page)).toEqual(['Outfit with 2 items']);
    await expect(page.getByTestId('filter-dot')).toBeVisible();
    await expect(outfitsTab(page)).toContainText('1');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await panel.getByRole('button', { name: 'Clear All' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('filter-dot')).toHaveCount(0);
    await expect(outfitsTab(page)).toContainText('3');
  });

  test('someone with items but no outfits is invited to create one', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/outfits');
    await expect(page.getByRole('heading', { name: 'No outfits yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add your first item' })).toHaveAttribute(
      'href',
      '/items/upload',
    );

    await addItems(page, [{ category: 'top', brand: 'COS', color: '#d9c5a0' }]);
    await reloadWardrobe(page);
    await page.getByRole('link', { name: 'Create an outfit' }).click();
    await expect(page).toHaveURL(/\/outfits\/upload$/);
  });
});

test('screenshots of the Outfits grid', async ({ page }) => {
  test.setTimeout(120_000);
  await seedOutfits(page);
  for (const size of SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: scheme });
      // Past the colour transitions the scheme change sets off.
      await page.waitForTimeout(300);
      await settled(page);
      await snapshot(page, `wardrobe-outfits-${size.name}-${scheme}`);
    }
  }
});
