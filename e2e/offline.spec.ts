import type { Page } from '@playwright/test';
import { addItem, garmentJpeg, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import {
  editBrand,
  goOffline,
  offlineIndicator as indicator,
  serverApi as api,
  serverWardrobe,
  underServiceWorker,
} from './offline-helpers';
import { settled, SIZES, wearDay } from './screens';

/**
 * Offline use (README, Install and offline): the shell and wardrobe open without a network, changes
 * made offline wait in the outbox (surviving a reload) and reach the server in order when the
 * connection returns, a refusal during replay is shown, and sign-out warns about unsent changes and
 * then leaves nothing of the user on the device.
 */

const SHOTS = `${process.env.E2E_ARTIFACTS ?? 'e2e/artifacts'}/screenshots`;

/** Screenshots at phone and desktop widths into the artifacts folder. */
async function shoot(page: Page, name: string) {
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await settled(page);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png` });
  }
  if (before) await page.setViewportSize(before);
}

test.describe('offline', () => {
  // Each test signs up, seeds, waits for the service worker and replays: slow on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('a cold start without a network shows the wardrobe and says Offline', async ({
    page,
    context,
  }) => {
    await signUpByApi(page);
    const tee = await addItem(page, { category: 'top', brand: 'Cos', color: '#2f3e5c' });
    await reloadWardrobe(page);
    await underServiceWorker(page);
    await context.setOffline(true);
    // From cold: a new tab, as when the app is opened from the home screen.
    const cold = await context.newPage();
    await cold.goto('/items');
    await expect(cold.locator(`a[href="/items/${tee.id}"]`)).toBeVisible();
    await expect(indicator(cold)).toHaveText('Offline');
    await shoot(cold, 'offline-indicator');
    await context.setOffline(false);
  });

  test('an edit, a calendar log and a new item made offline survive a reload and reach the server in order', async ({
    page,
    context,
  }) => {
    await signUpByApi(page);
    const tee = await addItem(page, { category: 'top', brand: 'Cos', color: '#2f3e5c' });
    await reloadWardrobe(page);
    await underServiceWorker(page);
    const today = await wearDay(page);
    await goOffline(context, page);

    // 1. An edit.
    await page.locator(`a[href="/items/${tee.id}"]`).click();
    await editBrand(page, 'Uniqlo');
    await expect(page.getByText('Pending sync')).toBeVisible();
    await expect(indicator(page)).toHaveText('Offline · 1 change waiting');
    // 2. Logged on today's calendar.
    await page.getByRole('button', { name: 'Wore it today' }).click();
    await expect(page.getByRole('button', { name: 'Worn today' })).toBeVisible();
    await expect(indicator(page)).toHaveText('Offline · 2 changes waiting');
    // 3. A new item with a photo.
    await page.goto('/items/upload');
    await page.getByLabel('Choose photos').setInputFiles({
      name: 'bag.jpg',
      mimeType: 'image/jpeg',
      buffer: await garmentJpeg('bag', '#7a5c3e'),
    });
    await page.getByRole('radio', { name: 'Bag' }).check();
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page).toHaveURL(/\/items$/);
    await expect(indicator(page)).toHaveText('Offline · 3 changes waiting');
    const grid = page.getByRole('list', { name: 'Items' });
    await expect(grid.getByRole('link')).toHaveCount(2);
    await expect(grid.getByRole('img', { name: 'Pending sync' })).toHaveCount(2);
    await shoot(page, 'offline-pending-tiles');

    // Still offline after a reload: the changes, the new photo and the count are all there.
    await page.reload();
    await expect(indicator(page)).toHaveText('Offline · 3 changes waiting');
    await expect(grid.getByRole('link')).toHaveCount(2);
    await expect(grid.getByRole('img', { name: 'Pending sync' })).toHaveCount(2);
    const photosShown = await grid
      .locator('img[src^="blob:"]')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => img.complete && img.naturalWidth > 0),
      );
    expect(photosShown).toEqual([true]);

    // Back online: the three go out in the order they were made, one at a time.
    const sent: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() !== 'GET' && path.startsWith('/api/') && !path.startsWith('/api/auth/'))
        sent.push(`${r.method()} ${path}`);
    });
    // The first one held back a moment, to see the indicator while the queue is sent.
    await page.route(`**/api/clothes/${tee.id}`, async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue();
    });
    await context.setOffline(false);
    await expect(indicator(page)).toHaveText('Syncing 3 changes…');
    await shoot(page, 'offline-syncing');
    await expect(indicator(page)).toHaveCount(0, { timeout: 20_000 });
    expect(sent).toEqual([
      `PATCH /api/clothes/${tee.id}`,
      `PUT /api/calendar/${today}`,
      'POST /api/clothes',
    ]);
    const server = await serverWardrobe(page);
    expect(server.clothes[tee.id]?.brand).toBe('Uniqlo');
    expect(server.calendar[today]?.clothes).toEqual([tee.id]);
    const bags = Object.values(server.clothes).filter((c) => c.category === 'bag');
    expect(bags).toHaveLength(1);
    const photo = await page.request.get(bags[0]!.image);
    expect(photo.ok()).toBe(true);
    // The local copy is the server's again: no pending marks, the bag under its server id.
    await expect(grid.getByRole('img', { name: 'Pending sync' })).toHaveCount(0);
    await expect(page.locator(`a[href="/items/${bags[0]!.id}"]`)).toBeVisible();
  });

  test('a change the server refuses during replay is shown and listed as not saved', async ({
    page,
    context,
  }) => {
    await signUpByApi(page);
    const tee = await addItem(page, { category: 'top', brand: 'Cos', color: '#2f3e5c' });
    await reloadWardrobe(page);
    await page.locator(`a[href="/items/${tee.id}"]`).click();
    // The detail page is up (a click before the app took over the static shell is a full page
    // load, which going offline would cut short).
    await expect(page.getByRole('button', { name: /^Brand: / })).toBeVisible();
    await goOffline(context, page);
    await editBrand(page, 'Uniqlo');
    await expect(indicator(page)).toHaveText('Offline · 1 change waiting');
    await shoot(page, 'offline-pending-detail');

    // Another device deletes the item meanwhile (the test's own request, not the page's).
    const res = await api(page, 'DELETE', `/clothes/${tee.id}`);
    expect(res.ok()).toBe(true);

    await context.setOffline(false);
    const refusal = page
      .getByRole('alert', { name: 'Failed to update item' })
      .or(page.getByRole('status', { name: 'Failed to update item' }));
    await expect(refusal).toBeVisible({ timeout: 20_000 });
    await expect(refusal).toContainText("Couldn't save your change to “Cos Top”:");
    await shoot(page, 'offline-refusal-toast');
    await page.getByRole('button', { name: '1 not saved' }).click();
    const list = page.getByRole('dialog', { name: 'Not saved' });
    await expect(list).toContainText('Failed to update item');
    await shoot(page, 'offline-not-saved-list');
    await list.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await expect(page.getByRole('button', { name: '1 not saved' })).toHaveCount(0);
  });

  test('sign-out with a change waiting warns, then leaves no data on the device', async ({
    page,
    context,
  }) => {
    await signUpByApi(page);
    const tee = await addItem(page, { category: 'top', brand: 'Cos', color: '#2f3e5c' });
    await reloadWardrobe(page);
    await underServiceWorker(page);
    await page.locator(`a[href="/items/${tee.id}"]`).click();
    // The detail page is up (a click before the app took over the static shell is a full page
    // load, which going offline would cut short).
    await expect(page.getByRole('button', { name: /^Brand: / })).toBeVisible();
    await goOffline(context, page);
    await editBrand(page, 'Uniqlo');
    await expect(indicator(page)).toHaveText('Offline · 1 change waiting');

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const warning = page.getByRole('dialog', { name: 'Sign out?' });
    await expect(warning).toContainText(
      "You have 1 change that hasn't been sent. Signing out deletes it.",
    );
    await shoot(page, 'offline-sign-out-warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(indicator(page)).toHaveText('Offline · 1 change waiting');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await warning.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in screen shows at once; the clearing finishes behind it.
    const left = () =>
      page.evaluate(async () => {
        const databases = await indexedDB.databases();
        const cached: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) cached.push(new URL(request.url).pathname);
        }
        return {
          databases: databases.map((d) => d.name),
          personal: cached.filter((p) => p.startsWith('/media/') || p.startsWith('/api/')),
          localStorage: localStorage.length,
          sessionStorage: sessionStorage.length,
        };
      });
    await expect
      .poll(left, { timeout: 15_000 })
      .toEqual({ databases: [], personal: [], localStorage: 0, sessionStorage: 0 });
    await context.setOffline(false);
  });
});
