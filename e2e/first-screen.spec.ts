import type { BrowserContext, Page } from '@playwright/test';
import { addItems, type SeedItem } from './api-seed';
import { expect, signUpByApi, snapshot, test } from './fixtures';

/**
 * The server-drawn first screen of /items (docs/first-screen.md): a browser with nothing stored (no
 * service worker, no IndexedDB copy, no local storage) but a session cookie gets index.html with
 * its first tiles drawn in the static shell, which stays until the app's own grid has its records.
 */

/** Five pieces in the closet and one archived (never on the first screen), oldest first. */
const CLOSET: SeedItem[] = [
  { category: 'top', brand: 'Uniqlo', color: '#2f3e5c' },
  { category: 'bottom', brand: "Levi's", color: '#3d5a80' },
  { category: 'shoes', brand: 'Vans & Co', color: '#1f1f1f' },
  { category: 'outerwear', brand: 'Toast', color: '#7a5c3e' },
  {
    category: 'bag',
    brand: 'Archived',
    color: '#999999',
    status: 'archived',
    dateArchived: '2025-01-02',
  },
  { category: 'accessory', color: '#b5838d' },
];

const PHONE = { width: 390, height: 844 };
const VIEW_COOKIE = 'hanger-custom-view';

const grid = (page: Page) => page.getByRole('list', { name: 'Items' });

/** The item links of the shell's tiles in a page's HTML, in order. */
function shellTileHrefs(html: string): string[] {
  const start = html.indexOf('<!--boot-tiles-->');
  const end = html.indexOf('<!--/boot-tiles-->');
  if (start < 0 || end < start) return [];
  return [...html.slice(start, end).matchAll(/href="(\/items\/[^"]+)"/g)].map((m) => m[1]!);
}

async function viewCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === VIEW_COOKIE)?.value;
}

/** The document /items as a navigation would fetch it, with the context's cookies. */
async function documentHtml(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/items', {
    headers: { accept: 'text/html,application/xhtml+xml' },
  });
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe('the server-drawn first screen of /items', () => {
  test.use({ serviceWorkers: 'block' });

  test('draws the first tiles into the HTML, keeps them until the grid has the same records, and steps aside for a custom view', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpByApi(page);
    const created = await addItems(page, CLOSET);
    const closet = created.filter((i) => i.brand !== 'Archived');
    const newestFirst = [...closet].reverse().map((i) => `/items/${i.id}`);

    // A new device: the session cookie only (no service worker, no stored wardrobe or prefs).
    const cookies = (await page.context().cookies()).filter((c) => c.name.includes('session'));
    expect(cookies.length).toBeGreaterThan(0);
    const context = await browser.newContext({
      baseURL,
      serviceWorkers: 'block',
      viewport: PHONE,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    await context.addCookies(cookies);
    try {
      // Watch, from before any script of the page runs, when the shell goes and what the app's
      // grid holds at that moment.
      await context.addInitScript(() => {
        const w = window as unknown as { __shellGone?: object };
        let seen = false;
        new MutationObserver((_records, observer) => {
          if (document.getElementById('boot-shell')) seen = true;
          if (!seen || document.getElementById('boot-shell')) return;
          const root = document.getElementById('root');
          w.__shellGone = {
            gridLinks: root?.querySelectorAll('[role="list"][aria-label="Items"] a').length ?? 0,
            loading: root?.querySelector('[aria-label="Loading your items"]') !== null,
            at: Math.round(performance.now()),
          };
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });

      // The app's code arrives 2 s late, as on a slow phone network: the first paint is the
      // server's alone, whatever this machine's speed.
      await context.route(/\/assets\/.*\.js$/, async (route) => {
        await new Promise((done) => setTimeout(done, 2_000));
        await route.continue();
      });
      const app = await context.newPage();
      // The filled page keeps the static page's inline script, which the CSP allows by its hash.
      const refused: string[] = [];
      app.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      // What the page asked for, in order: the app's code only once the photos it waits for
      // have arrived (public/start-app.js), so the two never share a phone's link.
      const order: string[] = [];
      app.on('request', (r) => {
        if (/^\/assets\/.*\.js$/.test(new URL(r.url()).pathname)) order.push('code');
      });
      app.on('requestfinished', (r) => {
        if (new URL(r.url()).pathname.startsWith('/media/')) order.push('photo');
      });
      const documentResponse = app.waitForResponse(
        (r) => r.request().resourceType() === 'document' && new URL(r.url()).pathname === '/items',
      );
      await app.goto('/items', { waitUntil: 'commit' });
      const html = await (await documentResponse).text();
      expect(html).toContain('<div id="boot-shell" data-filled=""');
      expect(shellTileHrefs(html)).toEqual(newestFirst);
      expect(html).not.toContain('Archived');
      expect(html).toContain('alt="Vans &amp; Co Shoes"');
      // The tabs carry their counts, as the app will: the labels do not move when it takes over.
      expect(html).toMatch(/href="\/items">Items<span [^>]*>5<\/span><\/a>/);
      expect(html).toMatch(/href="\/outfits">Outfits<span [^>]*>0<\/span><\/a>/);

      // The first paint, at phone width: the drawn tiles with their photos, before any of the
      // app's code has run (kept as an artifact to look at).
      await app.waitForTimeout(300);
      await app
        .waitForFunction(
          () =>
            Array.from(document.querySelectorAll<HTMLImageElement>('#boot-shell img'))
              .slice(0, 4)
              .every((img) => img.complete),
          undefined,
          { timeout: 1_000 },
        )
        .catch(() => undefined);
      await expect(app.locator('#boot-shell[data-filled]')).toHaveCount(1);
      await expect(app.locator('#root')).toBeEmpty();
      await snapshot(app, 'first-screen-phone-first-paint');
      const drawnTab = await app.locator('#boot-shell a[href="/outfits"]').first().boundingBox();
      // The sort dropdown is drawn as a picture of itself (no <select> in the first layout), as
      // wide as the app's: the direction button beside it does not move either.
      await expect(app.locator('#boot-shell select')).toHaveCount(0);
      const drawnSort = await app
        .locator('#boot-shell [data-sort-bar] .relative')
        .first()
        .boundingBox();
      const drawnDirection = await app
        .locator('#boot-shell button[aria-label^="Sort direction"]')
        .boundingBox();
      await expect(app.locator('#boot-shell img')).toHaveCount(closet.length);

      // The app's grid: the same items, in the same order, and then the shell is gone.
      await expect(grid(app).getByRole('link')).toHaveCount(closet.length);
      const appHrefs = await grid(app)
        .getByRole('link')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(appHrefs.slice(0, newestFirst.length)).toEqual(newestFirst);
      const waitedFor = html.match(/<img [^>]*fetchpriority="high"/g)?.length ?? 0;
      expect(waitedFor).toBeGreaterThan(0);
      expect(order.indexOf('code'), order.join(' ')).toBeGreaterThanOrEqual(waitedFor);
      expect(order.slice(0, waitedFor)).toEqual(Array(waitedFor).fill('photo'));
      await expect(app.locator('#boot-shell')).toHaveCount(0);
      const appTab = app.locator('#root nav[aria-label="Wardrobe"] a[href="/outfits"]');
      await expect(appTab).toHaveText('Outfits0');
      const tabNow = await appTab.boundingBox();
      expect(drawnTab).not.toBeNull();
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(tabNow![side], side).toBeCloseTo(drawnTab![side], 0);
      const sortNow = await app.getByRole('combobox', { name: 'Sort by' }).boundingBox();
      const directionNow = await app.getByRole('button', { name: /^Sort direction/ }).boundingBox();
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(sortNow![side], `sort ${side}`).toBeCloseTo(drawnSort![side], 0);
        expect(directionNow![side], `direction ${side}`).toBeCloseTo(drawnDirection![side], 0);
      }
      await context.unrouteAll({ behavior: 'wait' });
      // It went when the grid had its records, never for the "Loading your items" skeleton.
      const gone = await app.evaluate(
        () => (window as unknown as { __shellGone?: object }).__shellGone,
      );
      test.info().annotations.push({ type: 'shell gone', description: JSON.stringify(gone) });
      expect(gone).toMatchObject({ loading: false });
      expect((gone as { gridLinks: number }).gridLinks).toBeGreaterThan(0);
      expect(await viewCookie(context)).toBeUndefined();

      // Another sort: the app says so with the cookie, and the next load is the plain skeleton.
      await app.getByRole('combobox', { name: 'Sort by' }).selectOption('Brand');
      await expect.poll(() => viewCookie(context)).toBe('1');
      const custom = await documentHtml(context);
      expect(custom).not.toContain('data-filled');
      expect(shellTileHrefs(custom)).toEqual([]);
      const reload = app.waitForResponse(
        (r) => r.request().resourceType() === 'document' && new URL(r.url()).pathname === '/items',
      );
      await app.reload();
      expect(await (await reload).text()).not.toContain('data-filled');
      await expect(grid(app).getByRole('link')).toHaveCount(closet.length);

      // Back to Date Created, newest first: the cookie is cleared and the tiles are drawn again.
      await app.getByRole('combobox', { name: 'Sort by' }).selectOption('Date Created');
      await expect(app.getByRole('button', { name: 'Sort direction: descending' })).toBeVisible();
      await expect.poll(() => viewCookie(context)).toBeUndefined();
      expect(shellTileHrefs(await documentHtml(context))).toEqual(newestFirst);
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
