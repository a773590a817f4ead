import type { Locator, Page } from '@playwright/test';
import { addItems, addOutfit, logWear, reloadWardrobe, type SeedItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { SIZES, settled, shootBoth, wearDay } from './screens';

/** The day `n` days before `day` (YYYY-MM-DD), by the calendar. */
function daysBefore(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

/** A stat's value: the definition beside its term. */
function figure(page: Page, label: string): Locator {
  return page
    .locator('dt')
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd[1]');
}

function card(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) =>
        Array.from(r.querySelectorAll('th, td'), (c) =>
          (c.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      ),
    );
}

/**
 * Four pieces relative to today, so the ranges are known whatever the date:
 * tee 20 days old, coat 200, jeans 500, boots 40 (never worn). Wears: tee 1, 2, 3 days ago and
 * (in an outfit with the jeans) 4 days ago = 4; coat 1 day ago = 1; jeans 5 and 2 days ago + the
 * outfit = 3; boots 0.
 *
 * All time: 4 pieces, 20 + 300 + 90 + 120 = $530; average wears (4 + 1 + 3 + 0) / 4 = 2;
 * one pairing (tee–jeans) of 6 possible = 16.7%; cost per wear (20/4 + 300/1 + 90/3) / 3 =
 * (5 + 300 + 30) / 3 = $111.67. Last 3 months: tee and boots, $140.
 */
async function seedWardrobe(page: Page) {
  await signUpByApi(page);
  const today = await wearDay(page);
  const ago = (n: number) => daysBefore(today, n);
  const items: SeedItem[] = [
    {
      category: 'top',
      brand: 'Uniqlo',
      price: 20,
      source: 'bought new',
      dateObtained: ago(20),
      color: '#c9a227',
    },
    {
      category: 'outerwear',
      brand: 'Toast',
      price: 300,
      source: 'preloved',
      dateObtained: ago(200),
      color: '#7a5c3e',
    },
    {
      category: 'bottom',
      brand: "Levi's",
      price: 90,
      source: 'bought new',
      dateObtained: ago(500),
      color: '#3d5a80',
    },
    { category: 'shoes', price: 120, source: 'gifted', dateObtained: ago(40), color: '#1f1f1f' },
  ];
  const [tee, coat, jeans] = await addItems(page, items);
  const outfit = await addOutfit(page, [tee!.id, jeans!.id], ['#c9a227', '#3d5a80']);
  await logWear(page, ago(1), { clothes: [tee!.id, coat!.id] });
  await logWear(page, ago(2), { clothes: [tee!.id, jeans!.id] });
  await logWear(page, ago(3), { clothes: [tee!.id] });
  await logWear(page, ago(4), { outfits: [outfit] });
  await logWear(page, ago(5), { clothes: [jeans!.id] });
  await reloadWardrobe(page);
  // Spend this year: the pieces obtained in the current year.
  const year = today.slice(0, 4);
  const thisYear = items
    .filter((i) => i.dateObtained?.startsWith(year))
    .reduce((sum, i) => sum + (i.price ?? 0), 0);
  return { thisYear };
}

/** Clicks the middle of a pie slice: the donut starts at 12 o'clock and runs clockwise. */
async function clickSlice(pie: Locator, shares: readonly number[], index: number) {
  const box = await pie.boundingBox();
  if (!box) throw new Error('pie not visible');
  const before = shares.slice(0, index).reduce((a, b) => a + b, 0);
  const middle = before + shares[index]! / 2;
  const angle = (90 - middle * 360) * (Math.PI / 180);
  const r = (box.width / 2) * 0.81;
  await pie.click({
    position: { x: box.width / 2 + r * Math.cos(angle), y: box.height / 2 - r * Math.sin(angle) },
  });
}

const money = (n: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(n);

for (const size of SIZES) {
  test(`stats journey at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { thisYear } = await seedWardrobe(page);

    await page.getByRole('link', { name: 'Stats', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/stats$/);
    await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'All time' })).toBeChecked();

    await expect(figure(page, 'Total items')).toHaveText('4');
    await expect(figure(page, 'All-time spend')).toHaveText('$530.00');
    await expect(figure(page, 'Spent on items in closet')).toHaveText('$530.00');
    await expect(figure(page, 'Spend this year')).toHaveText(money(thisYear));
    await expect(figure(page, 'Average times worn')).toHaveText('2');
    await expect(figure(page, 'Total pairings')).toHaveText('1');
    await expect(figure(page, 'Max pairings')).toHaveText('6');
    await expect(figure(page, 'Percentage of max pairings')).toHaveText('16.7%');
    await expect(figure(page, 'Average pairings per item')).toHaveText('0.5');
    await expect(figure(page, 'Average outfits per item')).toHaveText('0.5');
    await expect(figure(page, 'Average cost per wear')).toHaveText('$111.67');
    // Days since last worn: tee 1, coat 1, jeans 2 → 4 / 3.
    await expect(figure(page, 'Average days since last worn')).toHaveText('1.3');

    // The wear chart is drawn, and its numbers are in a table on request.
    const wear = card(page, 'How often pieces are worn');
    // x runs 1 to 5; the bar at 5 wears is 0% high, so four bars are drawn.
    await expect(wear.locator('.recharts-bar-rectangle')).toHaveCount(4);
    await wear.getByText('Show as a table').click();
    // Wears 4, 1, 3, 0: ≥1 three pieces, ≥2 and ≥3 two, ≥4 one, ≥5 none.
    expect(await tableRows(wear.getByRole('table', { name: 'Pieces by times worn' }))).toEqual([
      ['1 time or more', '3', '75%'],
      ['2 times or more', '2', '50%'],
      ['3 times or more', '2', '50%'],
      ['4 times or more', '1', '25%'],
      ['5 times or more', '0', '0%'],
    ]);

    const brands = card(page, 'Brands');
    expect(await tableRows(brands.getByRole('table'))).toEqual([
      ["Levi's", '1', '25%'],
      ['Toast', '1', '25%'],
      ['Uniqlo', '1', '25%'],
      ['None specified', '1', '25%'],
    ]);
    const sources = card(page, 'Sources');
    expect(await tableRows(sources.getByRole('table'))).toEqual([
      ['Bought new', '2', '50%'],
      ['Preloved', '1', '25%'],
      ['Gifted', '1', '25%'],
    ]);

    // The lists lead to the pieces.
    await expect(
      page.getByRole('list', { name: 'Most worn' }).getByRole('link').first(),
    ).toHaveAccessibleName(/^1\. Uniqlo Top, 4 wears/);
    await expect(
      page.getByRole('list', { name: 'Yet to earn their price' }).getByRole('link').first(),
    ).toHaveAccessibleName(/^Toast Outerwear, \$300\.00 a wear/);

    // shootBoth takes both sizes, so one journey's pictures are enough.
    if (size.name === 'desktop') {
      await shootBoth(page, 'stats-light', { fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await shootBoth(page, 'stats-dark', { fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: size.width, height: size.height });
    }

    // A narrower range: only the tee (20 days) and the boots (40 days).
    await page.getByRole('radio', { name: 'Last 3 months' }).check({ force: true });
    await expect(figure(page, 'Total items')).toHaveText('2');
    await expect(figure(page, 'All-time spend')).toHaveText('$140.00');
    await expect(figure(page, 'Total pairings')).toHaveText('0');
    // The same scope in the leader list: the tee's partner (the jeans) is older, so no piece
    // pairs with another here.
    await expect(page.getByRole('list', { name: 'Most versatile' })).toHaveCount(0);
    // Neither piece has been in the closet for 90 days.
    await expect(
      card(page, 'Not worn in 90 days').getByText(
        'No piece has been in your closet for 90 days yet.',
      ),
    ).toBeVisible();
    // Remembered for the session.
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Last 3 months' })).toBeChecked();
    await expect(figure(page, 'Total items')).toHaveText('2');

    // Back to all time, then a tap on the "bought new" slice opens Items filtered to it.
    await page.getByRole('radio', { name: 'All time' }).check({ force: true });
    await expect(figure(page, 'Total items')).toHaveText('4');
    const pie = card(page, 'Sources').getByRole('img');
    await pie.scrollIntoViewIfNeeded();
    await clickSlice(pie, [0.5, 0.25, 0.25], 0);
    await expect(page).toHaveURL(/\/items$/);
    await expect(page.getByRole('button', { name: 'Filters (active)' })).toBeVisible();
    const grid = page.getByRole('list', { name: 'Items' });
    await expect(grid.getByRole('link')).toHaveCount(2);
    await expect(grid.getByRole('link', { name: /^Uniqlo Top/ })).toBeVisible();
    await expect(grid.getByRole('link', { name: /^Levi's Bottom/ })).toBeVisible();
  });
}

test('empty states: nothing owned, an empty range, no wears; no brands is None specified', async ({
  page,
}) => {
  await signUpByApi(page);
  await page.goto('/stats');
  await expect(
    page.getByRole('heading', { name: 'Your numbers start with your clothes' }),
  ).toBeVisible();
  await shootBoth(page, 'stats-empty-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shootBoth(page, 'stats-empty-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await addItems(page, [{ category: 'bag', dateObtained: '2015-05-05', color: '#6b4f3a' }]);
  await reloadWardrobe(page);
  await expect(figure(page, 'Total items')).toHaveText('1');
  await expect(page.getByText('No wear data available.')).toBeVisible();
  // An unbranded piece is 'None specified' (docs/spec.md §9), as its source is 'Not specified'.
  expect(await tableRows(card(page, 'Brands').getByRole('table'))).toEqual([
    ['None specified', '1', '100%'],
  ]);
  await page.getByRole('radio', { name: 'Last 6 months' }).check({ force: true });
  await expect(page.getByText('No items match the selected time range.')).toBeVisible();
  await settled(page);
  await shootBoth(page, 'stats-empty-range');
  await page.getByRole('button', { name: 'Show all time' }).click();
  await expect(page.getByRole('radio', { name: 'All time' })).toBeChecked();
});
