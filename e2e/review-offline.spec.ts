import type { Page } from '@playwright/test';
import { addItem, garmentJpeg, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import {
  editBrand,
  goOffline,
  offlineIndicator as indicator,
  serverWardrobe,
  underServiceWorker,
  type ServerWardrobe as WireWardrobe,
} from './offline-helpers';

/**
 * Black-box checks of the offline outbox (README, Install and offline): what a user with a flaky
 * connection or two windows of the app does. Each test states what the user must see; a test
 * marked test.fail reproduces a known bug (remove the mark with the fix).
 */

async function addBagOffline(page: Page) {
  await page.goto('/items/upload');
  await page.getByLabel('Choose photos').setInputFiles({
    name: 'bag.jpg',
    mimeType: 'image/jpeg',
    buffer: await garmentJpeg('bag', '#7a5c3e'),
  });
  await page.getByRole('radio', { name: 'Bag' }).check();
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page).toHaveURL(/\/items$/);
}

const bagsOn = (w: WireWardrobe) => Object.values(w.clothes).filter((c) => c.category === 'bag');

test.describe('review: offline outbox', () => {
  // Two windows, a service worker and replays: slow on a loaded machine, and a timeout would hide
  // the expected failure of the test.fail cases.
  test.describe.configure({ timeout: 150_000 });

  test('a new item whose answer is lost on the way back is created once, not twice', async ({
    page,
    context,
  }) => {
    await signUpByApi(page);
    await addItem(page, { category: 'top', brand: 'Cos' });
    await reloadWardrobe(page);
    await underServiceWorker(page);
    await goOffline(context, page);
    await addBagOffline(page);
    await expect(indicator(page)).toHaveText('Offline · 1 change waiting');

    // Back online, the upload reaches the server but the connection drops before its answer
    // arrives (a phone leaving the shop's Wi-Fi): the client sees a network failure.
    let posts = 0;
    await page.route('**/api/clothes', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await context.setOffline(false);
    await expect(indicator(page)).toHaveCount(0, { timeout: 30_000 });
    expect(bagsOn(await serverWardrobe(page))).toHaveLength(1);
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('link')).toHaveCount(2);
  });

  test('two open windows send a waiting new item once', async ({ page, context }) => {
    await signUpByApi(page);
    await addItem(page, { category: 'top', brand: 'Cos' });
    await reloadWardrobe(page);
    await underServiceWorker(page);
    await goOffline(context, page);
    await addBagOffline(page);
    await expect(indicator(page)).toHaveText('Offline · 1 change waiting');
    // A second window of the app, opened offline (both see the waiting change).
    const second = await context.newPage();
    await second.goto('/items');
    await expect(indicator(second)).toHaveText('Offline · 1 change waiting');

    await context.setOffline(false);
    await expect(indicator(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(indicator(second)).toHaveCount(0, { timeout: 30_000 });
    expect(bagsOn(await serverWardrobe(page))).toHaveLength(1);
  });

  test('changes made offline in two windows are both kept', async ({ page, context }) => {
    await signUpByApi(page);
    const tee = await addItem(page, { category: 'top', brand: 'Cos' });
    const skirt = await addItem(page, { category: 'bottom', brand: 'Arket' });
    await reloadWardrobe(page);
    await underServiceWorker(page);
    const second = await context.newPage();
    await second.goto(`/items/${skirt.id}`);
    await page.goto(`/items/${tee.id}`);
    await goOffline(context, page);
    await editBrand(page, 'Uniqlo');
    await expect(indicator(page)).toHaveText('Offline · 1 change waiting');
    await expect(indicator(second)).toContainText('Offline');
    await editBrand(second, 'Toast');

    // The first window is reloaded (the phone closed it): its change must still be waiting.
    await page.reload();
    await expect(indicator(page)).toContainText('waiting');
    await second.close();
    await context.setOffline(false);
    await expect(indicator(page)).toHaveCount(0, { timeout: 30_000 });
    const server = await serverWardrobe(page);
    expect(server.clothes[tee.id]?.brand).toBe('Uniqlo');
    expect(server.clothes[skirt.id]?.brand).toBe('Toast');
  });

  test('an item created, edited and deleted offline sends nothing and shows no error', async ({
    page,
    context,
  }) => {
    await signUpByApi(page);
    await addItem(page, { category: 'top', brand: 'Cos' });
    await reloadWardrobe(page);
    await underServiceWorker(page);
    await goOffline(context, page);
    await addBagOffline(page);
    const grid = page.getByRole('list', { name: 'Items' });
    const bag = grid.locator('a[href^="/items/local-"]');
    await bag.click();
    await editBrand(page, 'Loewe');
    await page
      .getByRole('button', { name: /Delete/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) {
      await dialog.getByRole('button', { name: /Delete/ }).click();
    }
    await expect(page).toHaveURL(/\/items$/);
    await expect(grid.getByRole('link')).toHaveCount(1);
    const sent: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() !== 'GET' && path.startsWith('/api/') && !path.startsWith('/api/auth/'))
        sent.push(`${r.method()} ${path}`);
    });
    await context.setOffline(false);
    await expect(indicator(page)).toHaveCount(0, { timeout: 30_000 });
    await page.waitForTimeout(1000);
    expect(sent).toEqual([]);
    expect(bagsOn(await serverWardrobe(page))).toHaveLength(0);
    await expect(page.getByRole('button', { name: /not saved/ })).toHaveCount(0);
  });
});
