import type { Page } from '@playwright/test';
import { addItems, addOutfit, bearer, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { settled, wearDay } from './screens';

/**
 * Custom collections (docs/collections.md) in the built app: create a packing list, add pieces
 * through the item picker, tick Packed, plan the trip, Unpack all; a capsule's figures; the item
 * picker limited to one collection. At 1280x800 and 390x844, screenshots in light and dark.
 */

async function shoot(page: Page, name: string, size: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e/artifacts/screenshots/${name}-${size}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const plusDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function serverCollections(page: Page) {
  const res = await page.request.get('/api/collections', { headers: await bearer(page) });
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as {
      collections: { name: string; item_ids: string[]; packed_ids: string[] }[];
    }
  ).collections;
}

async function walkThrough(page: Page, size: string) {
  await signUpByApi(page);
  const [tee, jeans, shoes, shirt] = await addItems(page, [
    { category: 'top', color: '#2f3e5c', brand: 'Uniqlo', price: 40 },
    { category: 'bottom', color: '#3d5a80', brand: 'Levi', price: 98 },
    { category: 'shoes', color: '#1f1f1f', brand: 'Vans', price: 70 },
    { category: 'top', color: '#e8e2d4', brand: 'Cos', price: 35 },
  ]);
  await addOutfit(page, [tee!.id, jeans!.id, shoes!.id], ['#2f3e5c', '#3d5a80', '#1f1f1f']);
  await reloadWardrobe(page);
  const today = await wearDay(page);
  const start = plusDays(today, 1);

  // Groups → "+ Add packing or capsule": a packing list with trip dates.
  await page.goto('/groups');
  await page.getByRole('button', { name: '+ Add packing or capsule' }).click();
  const form = page.getByRole('dialog', { name: 'New collection' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Lisbon');
  await form.getByRole('textbox', { name: 'From', exact: true }).fill(start);
  await form.getByRole('textbox', { name: 'To', exact: true }).fill(plusDays(today, 3));
  await form.getByRole('textbox', { name: 'Destination (optional)' }).fill('Portugal');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/groups\/collections\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Lisbon' })).toBeVisible();
  await expect(page.getByText('Nothing packed yet')).toBeVisible();

  // Pieces through the item picker.
  await page.getByRole('button', { name: 'Add items' }).first().click();
  const picker = page.getByRole('region', { name: 'Add items' });
  for (const brand of ['Uniqlo', 'Levi', 'Vans'])
    await picker
      .getByRole('button', { name: new RegExp(brand) })
      .first()
      .click();
  await picker.getByRole('button', { name: 'Add 3' }).click();
  await expect(page.getByText('0 of 3 packed')).toBeVisible();
  // The saved outfit is made of these three.
  await expect(page.getByRole('heading', { name: /Outfits you can make/ })).toContainText('1');

  // Tick one Packed.
  await page.getByRole('checkbox', { name: /Packed: .*Uniqlo/ }).check();
  await expect(page.getByText('1 of 3 packed')).toBeVisible();
  await shoot(page, 'collection-packing', size);

  // Plan the trip: the outfit goes on the trip's days.
  await page.getByRole('button', { name: 'Plan the trip' }).click();
  await page
    .getByRole('dialog', { name: 'Plan the trip' })
    .getByRole('button', { name: 'Add to calendar' })
    .click();
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/users', { headers: await bearer(page) });
      const body = (await res.json()) as { calendar: Record<string, { outfits?: string[] }> };
      return body.calendar[start]?.outfits?.length ?? 0;
    })
    .toBe(1);

  // The server has the tick; Unpack all clears it.
  await expect.poll(async () => (await serverCollections(page))[0]?.packed_ids.length).toBe(1);
  await page.getByRole('button', { name: 'Unpack all' }).click();
  await expect(page.getByText('0 of 3 packed')).toBeVisible();
  await expect.poll(async () => (await serverCollections(page))[0]?.packed_ids.length).toBe(0);

  // A capsule and its figures.
  await page.goto('/groups');
  await expect(page.getByRole('link', { name: /Lisbon/ })).toBeVisible();
  await page.getByRole('button', { name: '+ Add packing or capsule' }).click();
  const capsuleForm = page.getByRole('dialog', { name: 'New collection' });
  await capsuleForm.getByRole('radio', { name: /^Capsule/ }).check({ force: true });
  await capsuleForm.getByRole('textbox', { name: 'Name' }).fill('Work week');
  await capsuleForm.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Work week' })).toBeVisible();

  // The picker limited to one collection: only Lisbon's three pieces.
  await page.getByRole('button', { name: 'Add items' }).first().click();
  const limited = page.getByRole('region', { name: 'Add items' });
  await limited.getByRole('radio', { name: 'Lisbon' }).check({ force: true });
  await expect(limited.getByRole('button', { name: /Cos/ })).toHaveCount(0);
  await limited
    .getByRole('button', { name: /Uniqlo/ })
    .first()
    .click();
  await limited.getByRole('radio', { name: 'Any collection' }).check({ force: true });
  await limited.getByRole('button', { name: /Cos/ }).first().click();
  await limited.getByRole('button', { name: 'Add 2' }).click();

  const figures = page.getByRole('region', { name: 'Capsule figures' });
  await expect(figures.locator('div', { hasText: 'Pieces' }).locator('dd').first()).toHaveText('2');
  await expect(figures.getByText('Spend')).toBeVisible();
  await shoot(page, 'collection-capsule', size);

  await page.goto('/groups');
  await expect(page.getByRole('link', { name: /Work week/ })).toBeVisible();
  await shoot(page, 'collections-groups', size);

  // The item page lists its collections.
  await page.goto(`/items/${shirt!.id}`);
  await expect(
    page.getByRole('region', { name: /Collections/ }).getByRole('link', { name: /Work week/ }),
  ).toBeVisible();
  const names = (await serverCollections(page)).map((c) => c.name);
  expect(names).toEqual(['Lisbon', 'Work week']);
}

test.describe('collections', () => {
  test.describe.configure({ timeout: 240_000 });

  test('desktop: packing list, Packed ticks, plan the trip, capsule figures, picker filter', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await walkThrough(page, 'desktop');
  });

  test('phone: packing list, Packed ticks, plan the trip, capsule figures, picker filter', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await walkThrough(page, 'phone');
  });
});
