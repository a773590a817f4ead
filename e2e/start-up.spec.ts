import type { Page, Request } from '@playwright/test';
import { addItems, reloadWardrobe, type SeedItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';

/**
 * Start-up (README, Install and offline; docs/performance.md): one round trip for session, token
 * and settings (GET /api/start), then GET users revalidating the stored copy; a returning user's
 * grid paints from IndexedDB before any answer arrives.
 */

const CLOSET: SeedItem[] = [
  { category: 'top', brand: 'Uniqlo', color: '#2f3e5c' },
  { category: 'bottom', brand: "Levi's", color: '#3d5a80' },
  { category: 'shoes', brand: 'Vans', color: '#1f1f1f' },
];

const tiles = (page: Page) => page.getByRole('list', { name: 'Items' }).getByRole('link');
const isApi = (r: Request, path: string) => new URL(r.url()).pathname === path;

/** Resolves once the stored wardrobe copy carries an ETag (the IndexedDB write has landed). */
async function storedEtag(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('hanger');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) return resolve(null);
          const get = db.transaction('state').objectStore('state').get('hanger-wardrobe');
          get.onsuccess = () => {
            const value = get.result as { state?: { etag?: string | null } } | undefined;
            resolve(value?.state?.etag ?? null);
            db.close();
          };
          get.onerror = () => resolve(null);
        };
      }),
  );
}

/**
 * The stored copy's parts (docs/performance.md: its records are kept in parts, each read in a task
 * of its own).
 */
async function storedParts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('hanger');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          const range = IDBKeyRange.bound('hanger-wardrobe#', 'hanger-wardrobe#\uffff');
          const count = db.transaction('state').objectStore('state').count(range);
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => resolve(0);
        };
      }),
  );
}

test('a second start costs one 304 for the wardrobe, and the items show', async ({ page }) => {
  await signUpByApi(page);
  await addItems(page, CLOSET);
  await reloadWardrobe(page);
  await expect(tiles(page)).toHaveCount(CLOSET.length);
  await expect.poll(() => storedEtag(page)).not.toBeNull();
  // The records are kept beside the copy's head, in parts.
  expect(await storedParts(page)).toBeGreaterThan(0);

  const users: number[] = [];
  const requests: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) requests.push(`${r.method()} ${path}`);
  });
  page.on('response', (r) => {
    if (isApi(r.request(), '/api/users') && r.request().method() === 'GET') users.push(r.status());
  });
  await page.reload();
  await expect(tiles(page)).toHaveCount(CLOSET.length);
  await expect.poll(() => users).toEqual([304]);
  await expect(page.getByRole('progressbar', { name: 'Syncing your wardrobe' })).toHaveCount(0);
  await expect(tiles(page)).toHaveCount(CLOSET.length);
  // One round trip before the wardrobe: no get-session, token or settings chain (the preload in
  // index.html and the app's own request are one).
  expect(requests.filter((r) => r !== 'GET /api/users')).toEqual(['GET /api/start']);
});

test('a returning user sees their grid before any request has answered', async ({ page }) => {
  await signUpByApi(page);
  await addItems(page, CLOSET);
  await reloadWardrobe(page);
  await expect(tiles(page)).toHaveCount(CLOSET.length);
  await expect.poll(() => storedEtag(page)).not.toBeNull();

  // Hold every API answer until the grid has been checked.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/**', async (route) => {
    await gate;
    await route.continue();
  });
  await page.reload();
  await expect(tiles(page)).toHaveCount(CLOSET.length);
  await expect(tiles(page).first().locator('img')).toBeVisible();
  release();
  await expect(page.getByRole('progressbar', { name: 'Syncing your wardrobe' })).toHaveCount(0);
  await expect(tiles(page)).toHaveCount(CLOSET.length);
});

test('a change made elsewhere is fetched in full: the ETag no longer matches', async ({ page }) => {
  await signUpByApi(page);
  await addItems(page, CLOSET.slice(0, 2));
  await reloadWardrobe(page);
  await expect(tiles(page)).toHaveCount(2);
  await expect.poll(() => storedEtag(page)).not.toBeNull();

  // Another device adds a piece.
  await addItems(page, CLOSET.slice(2));
  const answer = page.waitForResponse(
    (r) => isApi(r.request(), '/api/users') && r.request().method() === 'GET',
  );
  await page.reload();
  expect((await answer).status()).toBe(200);
  await expect(tiles(page)).toHaveCount(3);
});
