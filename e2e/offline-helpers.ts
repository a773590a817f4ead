import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Helpers of the offline specs (README, Install and offline): the service worker, the outbox pill,
 * the server's view.
 */

/** Waits until the service worker is active (it registers after load, when the page is idle). */
export async function serviceWorkerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((done) => {
        registration.active?.addEventListener('statechange', () => {
          if (registration.active?.state === 'activated') done();
        });
      });
    }
  });
}

/** Waits until the service worker is active, then reloads so that it controls the page. */
export async function underServiceWorker(page: Page): Promise<void> {
  await serviceWorkerActive(page);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** The product API with the page's session (minted token), as the app and api-seed do. */
export async function serverApi(page: Page, method: 'GET' | 'DELETE', path: string) {
  const origin = new URL(page.url()).origin;
  const tokenRes = await page.request.get('/api/auth/token', { headers: { origin } });
  expect(tokenRes.ok()).toBe(true);
  const { token } = (await tokenRes.json()) as { token: string };
  return page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
}

export interface ServerWardrobe {
  clothes: Record<string, { id: string; brand?: string; category: string; image: string }>;
  calendar: Record<string, { clothes: string[]; outfits: string[] }>;
}

/** What the server holds for the signed-in user (GET /api/users). */
export async function serverWardrobe(page: Page): Promise<ServerWardrobe> {
  const res = await serverApi(page, 'GET', '/users');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ServerWardrobe;
}

/** The shell's quiet pill: Offline, N changes waiting, Syncing N changes… */
export const offlineIndicator = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Offline|waiting|Syncing/ });

/**
 * Cuts the network once the page has loaded the connection pill's code, and waits until the app
 * says so. That code loads just after the first screen (app-shell.tsx); on a first visit without
 * a service worker, cutting the network while it is still on its way (the app starts after a
 * server-drawn screen's photos) leaves nothing that could say "Offline". Requests still on their
 * way are given a few seconds to finish, but a page that never goes quiet (a fresh service worker
 * still filling its cache on a busy machine) is not waited on until the test's time is up.
 */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) =>
        /\/assets\/offline-indicator-[\w-]+\.js$/.test(new URL(entry.name).pathname),
      ),
  );
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await context.setOffline(true);
  await expect(offlineIndicator(page)).toContainText('Offline');
}

/** Edits the brand in place on an item's detail page. */
export async function editBrand(page: Page, value: string): Promise<void> {
  await page.getByRole('button', { name: /^Brand: / }).click();
  const input = page.getByRole('textbox', { name: 'Brand', exact: true });
  await input.fill(value);
  await input.press('Enter');
}
