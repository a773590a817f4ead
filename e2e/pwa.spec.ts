import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { addItems, garmentJpeg, reloadWardrobe } from './api-seed';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, signUpByApi, test } from './fixtures';
import { serviceWorkerActive as swActive } from './offline-helpers';
import { settled, SIZES } from './screens';

/**
 * The installable app (README, Install and offline): manifest, service worker, offline shell and
 * photos, the share target and the update prompt, in Debian's Chromium against the built app.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const controlled = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const grid = (page: Page) => page.getByRole('list', { name: 'Items' });

/**
 * A deploy of a changed worker script: sw.js rewritten, and its precompressed copies (.br, .gz,
 * written by the build) removed so the server sends the new bytes to every client.
 */
async function deployServiceWorker(webDir: string, change: (script: string) => string) {
  const path = join(webDir, 'sw.js');
  await writeFile(path, change(await readFile(path, 'utf8')));
  await rm(`${path}.br`, { force: true });
  await rm(`${path}.gz`, { force: true });
}

const ROOT = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
  });
}

/**
 * A server of this test's own over a copy of the built web app, so the test can deploy a "new
 * version" (change sw.js on disk) without touching the shared server's files.
 */
async function serverWithOwnWebDir(): Promise<{
  url: string;
  webDir: string;
  stop: () => Promise<void>;
}> {
  const work = await mkdtemp(join(tmpdir(), 'hanger-pwa-'));
  const webDir = join(work, 'web');
  await cp(process.env.WEB_DIR ?? join(ROOT, 'packages/web/dist'), webDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('node', ['packages/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: join(work, 'data'),
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      // The global setup's mail receiver, so accounts can be confirmed (fixtures.signUpByApi).
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      MAIL_FROM: 'Hanger <no-reply@hanger.test>',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the test server did not start');
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    webDir,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      await rm(work, { recursive: true, force: true });
    },
  };
}

test.describe('installable app', () => {
  test('the manifest is linked, served as application/manifest+json and complete, its icons load', async ({
    page,
  }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: ManifestIcon[];
      shortcuts: { name: string; url: string }[];
      share_target: { action: string; method: string; enctype: string; params: unknown };
    };
    expect(manifest).toMatchObject({
      name: 'Hanger',
      short_name: 'Hanger',
      start_url: '/items',
      scope: '/',
      display: 'standalone',
      theme_color: '#faf9f7',
      background_color: '#faf9f7',
    });
    expect(typeof manifest.description).toBe('string');
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Add item', '/items/upload'],
      ['Log today', '/calendar/today'],
    ]);
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'photos', accept: ['image/*'] }] },
    });

    const wanted = [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ];
    for (const [sizes, purpose] of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${sizes} ${purpose} icon`).toBeDefined();
      const png = await page.request.get(icon!.src);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const [w, h] = sizes.split('x').map(Number);
      expect(pngSize(await png.body())).toEqual({ width: w, height: h });
    }
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const touchPng = await page.request.get(touch!);
    expect(pngSize(await touchPng.body())).toEqual({ width: 180, height: 180 });

    // The worker script: JavaScript, revalidated on every visit, never the single-page fallback.
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['content-type']).toMatch(/^(text|application)\/javascript(;|$)/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(await sw.text()).not.toContain('<!doctype html>');
  });

  test('the service worker registers, controls the page after a reload, and Chromium finds the app installable', async ({
    baseURL,
    browserName,
  }, testInfo) => {
    expect(browserName).toBe('chromium');
    // Chromium never offers to install from an incognito profile, which is what a Playwright
    // context is: this test uses a profile on disk, as a person's browser does.
    const profile = await mkdtemp(join(tmpdir(), 'hanger-profile-'));
    const launch = testInfo.project.use.launchOptions ?? {};
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: launch.executablePath,
      args: launch.args,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await swActive(page);
      await page.reload();
      await expect.poll(() => controlled(page)).toMatch(/\/sw\.js$/);

      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
      };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});

/** A new account with two items, its wardrobe loaded on /items. */
async function twoItems(page: Page): Promise<void> {
  await signUpByApi(page);
  await addItems(page, [
    { category: 'top', color: '#2f3e5c', brand: 'Uniqlo' },
    { category: 'shoes', color: '#1f1f1f', brand: 'Veja' },
  ]);
  await reloadWardrobe(page);
}

/** Both items' photos are in the worker's photo cache, and /items shows them with the network cut. */
async function photosOpenOffline(page: Page, context: BrowserContext): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('hanger-photos-v1');
        return (await cache.keys()).length;
      }),
    )
    .toBeGreaterThanOrEqual(2);

  await context.setOffline(true);
  await page.goto('/items');
  await expect(grid(page).getByRole('link')).toHaveCount(2);
  await settled(page);
  const loaded = await grid(page)
    .locator('img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => img.complete && img.naturalWidth > 0),
    );
  expect(loaded).toEqual([true, true]);
}

test.describe('offline', () => {
  test('the photos of the first visit are kept, though the worker installs after them', async ({
    page,
    context,
  }) => {
    await twoItems(page);
    await expect(grid(page).getByRole('link')).toHaveCount(2);
    await settled(page);
    // Shown before the worker controlled the page (it registers a few seconds after the first
    // screen), and no reload since: the page hands them over when the worker claims it.
    await swActive(page);
    await photosOpenOffline(page, context);
    await context.setOffline(false);
  });

  test('with the network cut, the items screen opens from cold with its photos', async ({
    page,
    context,
  }) => {
    await twoItems(page);
    await swActive(page);
    // Online and controlled by the worker: the thumbnails go through its photo cache.
    await reloadWardrobe(page);
    expect(await controlled(page)).toMatch(/\/sw\.js$/);
    await expect(grid(page).getByRole('link')).toHaveCount(2);
    await settled(page);
    await photosOpenOffline(page, context);

    // A lazy screen opens offline too (its chunk is precached).
    await page.goto('/stats');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);

    // The photo index on disk: one record per cached photo, under the stable key.
    const lruKeys = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const open = indexedDB.open('hanger-photo-lru');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('entries')) {
                db.close();
                resolve([]);
                return;
              }
              const keys = db.transaction('entries').objectStore('entries').getAllKeys();
              keys.onsuccess = () => {
                db.close();
                resolve(keys.result.map(String));
              };
            };
          }),
      );
    await expect.poll(lruKeys).toHaveLength(2);
    for (const key of await lruKeys()) {
      expect(new URL(key).pathname).toMatch(/^\/media\/[^?]+$/);
      expect(key).not.toContain('m1.');
    }

    const shellCache = (await page.evaluate(() => caches.keys())).find((n) =>
      n.startsWith('hanger-precache-v2-'),
    )!;
    const shellSize = () =>
      page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, shellCache);
    const shellEntries = await shellSize();
    expect(shellEntries).toBeGreaterThan(20);

    // Sign-out's clearing (clearOfflineCaches asks the worker): every cache and the index go, the
    // public app shell comes back for the next sign-in, and deleting the index database is not
    // blocked by the worker's connection.
    const result = await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active!;
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        worker.postMessage({ type: 'HANGER_CLEAR_CACHES' }, [channel.port2]);
      });
      const afterClear = await caches.keys();
      const deletion = await new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase('hanger-photo-lru');
        request.onblocked = () => resolve('blocked');
        request.onsuccess = () => resolve('deleted');
      });
      return { afterClear, deletion };
    });
    // (The worker starts downloading the shell again as soon as it has answered.)
    expect(result.afterClear.filter((name) => !name.startsWith('hanger-precache-'))).toEqual([]);
    expect(result.deletion).toBe('deleted');
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual([shellCache]);
    await expect.poll(() => shellSize()).toBe(shellEntries);
  });
});

/** What Android does on "Share to Hanger": a multipart POST navigation to the share target. */
async function share(page: Page): Promise<void> {
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'photos';
    input.multiple = true;
    input.id = 'share-input';
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles('#share-input', [
    { name: 'shared-top.jpg', mimeType: 'image/jpeg', buffer: await garmentJpeg('top', '#b5651d') },
    { name: 'shared-bag.jpg', mimeType: 'image/jpeg', buffer: await garmentJpeg('bag', '#333') },
  ]);
  await page.evaluate(() =>
    (document.querySelector('form[action="/share-target"]') as HTMLFormElement).submit(),
  );
}

test.describe('share target', () => {
  test('a photo shared to Hanger opens the upload page with the photo queued', async ({ page }) => {
    await signUpByApi(page);
    await swActive(page);
    await page.reload();
    await expect.poll(() => controlled(page)).toMatch(/\/sw\.js$/);

    await share(page);

    await expect(page).toHaveURL(/\/items\/upload\?shared=1$/);
    const chosen = page.getByRole('list', { name: 'Chosen photos' });
    await expect(chosen.getByRole('button', { name: /^Show photo \d+$/ })).toHaveCount(2);
    // Taken from the store: a second visit does not add them again.
    const left = await page.evaluate(async () => {
      const cache = await caches.open('hanger-share-target-v1');
      return (await cache.keys()).length;
    });
    expect(left).toBe(0);
  });

  test('a photo shared while signed out waits for the sign-in, then joins the upload queue', async ({
    page,
  }) => {
    await page.goto('/login');
    await swActive(page);
    await page.reload();
    await expect.poll(() => controlled(page)).toMatch(/\/sw\.js$/);
    await share(page);
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(
        async () => (await (await caches.open('hanger-share-target-v1')).keys()).length,
      ),
    ).toBe(2);

    await signUpByApi(page);
    await page.goto('/items/upload');
    const chosen = page.getByRole('list', { name: 'Chosen photos' });
    await expect(chosen.getByRole('button', { name: /^Show photo \d+$/ })).toHaveCount(2);
  });
});

test.describe('photo cache budget', () => {
  test('past its byte budget the photo cache evicts photos and its index stays within it', async ({
    browser,
  }) => {
    const server = await serverWithOwnWebDir();
    try {
      // 1. An account with six photographed items, seen without a service worker.
      const first = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
      const setup = await first.newPage();
      await signUpByApi(setup);
      const items = await addItems(setup, [
        { category: 'top', color: '#2f3e5c' },
        { category: 'bottom', color: '#3d5a80' },
        { category: 'shoes', color: '#1f1f1f' },
        { category: 'bag', color: '#7a3b2e' },
        { category: 'outerwear', color: '#556b2f' },
        { category: 'accessory', color: '#b08d57' },
      ]);
      const sizes: number[] = [];
      for (const item of items)
        sizes.push((await (await setup.request.get(item.thumbnail)).body()).length);
      const state = await first.storageState();
      await first.close();

      // 2. This deploy's worker gets a budget that holds about half of the thumbnails.
      const budget = Math.round(sizes.reduce((a, b) => a + b, 0) / 2);
      await deployServiceWorker(server.webDir, (script) => {
        expect(script.split('62914560').length, 'the 60 MB default appears once in sw.js').toBe(2);
        return script.replace('62914560', String(budget));
      });

      // 3. The same user with the worker: every thumbnail goes through the photo cache.
      const second = await browser.newContext({ baseURL: server.url, storageState: state });
      const page = await second.newPage();
      await page.goto('/items');
      await swActive(page);
      await reloadWardrobe(page);
      await expect(grid(page).getByRole('link')).toHaveCount(6);
      await settled(page);

      const read = () =>
        page.evaluate(async () => {
          const cache = await caches.open('hanger-photos-v1');
          const cached = (await cache.keys()).map((r) => r.url).sort();
          const records = await new Promise<{ key: string; bytes: number }[]>((resolve) => {
            const open = indexedDB.open('hanger-photo-lru');
            open.onsuccess = () => {
              const db = open.result;
              const store = db.transaction('entries').objectStore('entries');
              const keys = store.getAllKeys();
              const values = store.getAll();
              values.onsuccess = () => {
                db.close();
                resolve(
                  keys.result.map((k, i) => ({
                    key: String(k),
                    bytes: (values.result[i] as { bytes: number }).bytes,
                  })),
                );
              };
            };
          });
          return { cached, records };
        });
      // The index is written a second after the last change.
      await expect
        .poll(async () => {
          const { cached, records } = await read();
          return (
            cached.length > 0 &&
            cached.join() ===
              records
                .map((r) => r.key)
                .sort()
                .join()
          );
        })
        .toBe(true);
      const { cached, records } = await read();
      const total = records.reduce((sum, r) => sum + r.bytes, 0);
      expect(total).toBeLessThanOrEqual(budget);
      expect(cached.length).toBeGreaterThan(0);
      expect(cached.length).toBeLessThan(6);
      await second.close();
    } finally {
      await server.stop();
    }
  });
});

test.describe('updates', () => {
  test('a new version waits for "Update available — reload" and takes over only on Reload', async ({
    page,
  }) => {
    const server = await serverWithOwnWebDir();
    try {
      await page.goto(`${server.url}/login`);
      await swActive(page);
      await page.reload();
      await expect.poll(() => controlled(page)).toMatch(/\/sw\.js$/);
      const banner = page.getByRole('status', { name: 'Update available' });
      await expect(banner).toBeHidden();

      // A new deploy: the worker script changes; the open page looks for updates.
      await deployServiceWorker(server.webDir, (script) => `${script}\n// the next version\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('Update available — reload');
      // Installed but never activated on its own: the page keeps its version until Reload.
      expect(
        await page.evaluate(
          async () => !!(await navigator.serviceWorker.getRegistration())?.waiting,
        ),
      ).toBe(true);

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.waitForTimeout(200);
          await page.screenshot({
            path: `${process.env.E2E_ARTIFACTS ?? 'e2e/artifacts'}/screenshots/update-prompt-${size.name}-${scheme}.png`,
          });
        }
      }

      const reloaded = page.waitForEvent('load');
      await banner.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('heading', { name: 'Welcome to Hanger' })).toBeVisible();
      await expect(banner).toBeHidden();
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: !!registration?.waiting,
            controlled: !!navigator.serviceWorker.controller,
          };
        }),
      ).toEqual({ waiting: false, controlled: true });
    } finally {
      await server.stop();
    }
  });
});
