import type { Page } from '@playwright/test';
import { addItems, reloadWardrobe, type SeededItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { settled, wearDay } from './screens';

/**
 * What to wear (README, "What to wear") in the built app: the calendar's card, the suggestions
 * screen and its actions, Style this from an item, and Open in composer; at 1440x900 and 390x844,
 * with screenshots in light and dark.
 */

const toast = (page: Page, title: string) =>
  page
    .getByRole('status', { name: title })
    .or(page.getByRole('alert', { name: title }))
    .last();

const cards = (page: Page) =>
  page.getByRole('list', { name: 'Suggestions' }).getByRole('listitem', { name: /^Suggestion:/ });

const dayPath = (day: string) =>
  `/calendar/${day.slice(0, 4)}/${day.slice(5, 7)}/${day.slice(8, 10)}`;

/** The seeded pieces each card shows, by the ids in its photos' links, card by card. */
async function shownSets(page: Page, items: readonly SeededItem[]): Promise<string[]> {
  const sets: string[] = [];
  for (const card of await cards(page).all()) {
    const srcs = await card
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    const ids = items.filter((it) => srcs.some((src) => src.includes(it.id))).map((it) => it.id);
    sets.push(ids.sort().join(','));
  }
  return sets;
}

async function seedCloset(page: Page): Promise<SeededItem[]> {
  const items = await addItems(page, [
    { category: 'top', color: '#2f3e5c', brand: 'Uniqlo', price: 40 },
    { category: 'top', color: '#e8e2d4', brand: 'Cos', price: 35 },
    { category: 'bottom', color: '#3d5a80', brand: 'Levi', price: 98 },
    { category: 'bottom', color: '#5b5349', brand: 'Arket', price: 80 },
    { category: 'shoes', color: '#1f1f1f', brand: 'Vans', price: 70 },
    { category: 'shoes', color: '#b08d57', brand: 'Clarks', price: 120 },
    // Not in the closet: never suggested.
    { category: 'outerwear', color: '#a4472a', brand: 'Wish', status: 'wishlist' },
  ]);
  await reloadWardrobe(page);
  return items;
}

/** Screenshots of the current screen in light and dark at its size. */
async function shoot(page: Page, name: string, size: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e/artifacts/screenshots/${name}-${size}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function walkThrough(page: Page, size: string) {
  await signUpByApi(page);
  const items = await seedCloset(page);
  const wishId = items[6]!.id;
  const today = await wearDay(page);

  // The card at the top of the month, with today's first suggestion.
  await page.goto('/calendar');
  const card = page.getByRole('region', { name: 'What to wear today' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img')).not.toHaveCount(0);
  await shoot(page, 'suggestions-calendar-card', size);

  await card.getByRole('link', { name: 'See suggestions' }).click();
  await expect(page).toHaveURL(new RegExp(`/suggestions\\?date=${today}$`));
  await expect(page.getByRole('heading', { name: 'What to wear' })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  // Never a piece that is not in the closet.
  await expect(page.locator(`img[src*="${wishId}"]`)).toHaveCount(0);
  await shoot(page, 'suggestions', size);
  // The same day and wardrobe give the same three, after a reload too.
  const shown = await shownSets(page, items);
  expect(shown.every((set) => set.split(',').length === 3)).toBe(true);
  await page.reload();
  await expect(cards(page)).toHaveCount(3, { timeout: 30_000 });
  expect(await shownSets(page, items)).toEqual(shown);

  // Wear this: the first card's pieces go on today.
  const first = cards(page).first();
  const wornCount = await first.getByRole('img').count();
  await first.getByRole('button', { name: 'Wear this' }).click();
  await expect(toast(page, 'Calendar updated successfully')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Logged' })).toBeDisabled();

  // Not this: the second card leaves with a note, and stays away after a reload.
  const refused = (await shownSets(page, items))[1]!;
  await cards(page).nth(1).getByRole('button', { name: 'Not this' }).click();
  await expect(page.getByText('Got it: not suggested again for 30 days.')).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await page.reload();
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  expect(await shownSets(page, items)).not.toContain(refused);

  // Shuffle shows three more.
  await page.getByRole('button', { name: 'Shuffle' }).click();
  await expect(page).toHaveURL(/offset=\d+/);
  await expect(cards(page).first()).toBeVisible();

  // The day has the pieces.
  await page.goto(dayPath(today));
  await expect(
    page.getByRole('list', { name: /^Worn on / }).locator('button[aria-expanded]'),
  ).toHaveCount(wornCount);
  return items;
}

test.describe('what to wear', () => {
  test.describe.configure({ timeout: 120_000 });

  test('desktop: the calendar card, Wear this, Not this, Style this and Open in composer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const items = await walkThrough(page, 'desktop');
    const shoes = items[5]!;

    // Style this: every suggestion holds the piece.
    await page.goto(`/items/${shoes.id}`);
    await page.getByRole('link', { name: 'Style this' }).click();
    await expect(page).toHaveURL(new RegExp(`/suggestions\\?pin=${shoes.id}$`));
    await expect(cards(page).first()).toBeVisible();
    const n = await cards(page).count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      await expect(cards(page).nth(i).locator(`img[src*="${shoes.id}"]`)).toHaveCount(1);
    }

    // Open in composer: the pieces are on the canvas.
    const pieces = await cards(page).first().getByRole('img').count();
    await cards(page).first().getByRole('button', { name: 'Open in composer' }).click();
    await expect(page).toHaveURL(/\/outfits\/upload\?selected=/);
    await expect(
      page.getByRole('list', { name: 'Pieces on the canvas' }).getByRole('button'),
    ).toHaveCount(pieces);

    // A future day opened from the calendar links to its suggestions.
    const today = await wearDay(page);
    const future = new Date(`${today}T12:00:00Z`);
    future.setUTCDate(future.getUTCDate() + 3);
    const day = future.toISOString().slice(0, 10);
    // An empty day opens its picker at once: the link is there too.
    await page.goto(dayPath(day));
    await page
      .getByRole('dialog', { name: /^Add to / })
      .getByRole('link', { name: 'What to wear' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/suggestions\\?date=${day}$`));
    await expect(cards(page)).toHaveCount(3);

    // Wear this on a day ahead plans it; the day, opened again, carries its own card.
    await cards(page).first().getByRole('button', { name: 'Wear this' }).click();
    await expect(toast(page, 'Calendar updated successfully')).toBeVisible();
    await page.goto(dayPath(day));
    await expect(page.getByRole('list', { name: /^Worn on / })).toBeVisible();
    const planCard = page.getByRole('region', { name: /^What to wear on / });
    await expect(planCard.getByRole('img')).not.toHaveCount(0);
    await shoot(page, 'suggestions-day-card', 'desktop');
    await planCard.getByRole('link', { name: 'See suggestions' }).click();
    await expect(page).toHaveURL(new RegExp(`/suggestions\\?date=${day}$`));
  });

  test('phone: the calendar card, Wear this and Not this', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await walkThrough(page, 'phone');
  });

  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    test(`${size}: a wardrobe that makes no outfit says what to add`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUpByApi(page);
      await page.goto('/calendar');
      const card = page.getByRole('region', { name: 'What to wear today' });
      await expect(
        card.getByText('Add a full-body piece and a pair of shoes to get suggestions'),
      ).toBeVisible({ timeout: 30_000 });
      await shoot(page, 'suggestions-card-empty', size);
      await addItems(page, [{ category: 'top', color: '#2f3e5c', brand: 'Uniqlo' }]);
      await reloadWardrobe(page);
      await page.goto('/suggestions');
      await expect(page.getByRole('heading', { name: 'Nothing to suggest yet' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        page.getByText('Add a bottom and a pair of shoes to get suggestions'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add an item' })).toBeVisible();
      await shoot(page, 'suggestions-empty', size);
    });
  }
});
