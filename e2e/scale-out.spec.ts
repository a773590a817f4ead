/**
 * Scaling out (README "Scaling out", docs/architecture.md): two server processes on one
 * PostgreSQL database, one Redis and one S3 store (s3rver), behind a round-robin proxy
 * (e2e/cluster.ts), each with a DATA_DIR of its own. The page drives the app through the proxy,
 * so consecutive requests reach different processes: sign-up, upload, composing an outfit,
 * logging a wear, export, and an import into a second account. In the middle of a cut-out job
 * and of the import, the process running it is killed with SIGKILL; the other takes the job over
 * (docs/jobs.md) and finishes it, once, and the page sees no server error.
 *
 * Jobs are given a 90 s time limit here (JOB_TIMEOUT_SECONDS), so that a dead process's job is
 * taken over within about 90 s instead of the default limit (10 minutes for an import), and
 * a cut-out in the survivor (the model at the lowest CPU priority, on a busy two-core machine:
 * over 60 s seen) finishes inside one attempt.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addItems, bearer, garmentJpeg, reloadWardrobe } from './api-seed';
import { childPids, startCluster, type Backend, type Cluster } from './cluster';
import { test as base, expect, newAccount, signOut, signUpByApi } from './fixtures';

const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const cluster = await startCluster({
        processes: 2,
        env: {
          JOB_TIMEOUT_SECONDS: '90',
          LOG_LEVEL: 'info',
          JOB_RECOVERY_SECONDS: '3',
          JOB_POLL_SECONDS: '1',
          JOB_RETRY_DELAY_SECONDS: '1',
          COLOUR_BACKFILL: 'off',
        },
        logDir: `${process.env.E2E_ARTIFACTS ?? 'e2e/artifacts'}/scale-out`,
      });
      await use(cluster);
      await cluster.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.url);
  },
});

/** Polls `find` until it answers something (every 10 ms), or fails after `timeoutMs`. */
async function waitFor<T>(what: string, find: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

async function wardrobe(page: Page) {
  const res = await page.request.get('/api/users', {
    headers: { ...(await bearer(page)), accept: 'application/json' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as {
    clothes: Record<string, { id: string; cutout?: string; original?: string }>;
    outfits: Record<string, { id: string; canvas_data: unknown[] }>;
    calendar: Record<string, unknown>;
  };
}

async function userId(cluster: Cluster, email: string): Promise<string> {
  const { rows } = await cluster.db.query<{ id: string }>(
    'SELECT id FROM "user" WHERE email = $1',
    [email],
  );
  return rows[0]!.id;
}

test('two processes behind a round-robin proxy survive SIGKILL mid-job and mid-import', async ({
  page,
  cluster,
}) => {
  test.setTimeout(720_000);
  // What the page would show as an error: a server error answer, or an uncaught exception.
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

  // Sign-up (the mailed link opens through the proxy) and a wardrobe, request by request across
  // both processes.
  const ada = await signUpByApi(page, newAccount('scale'));
  const seeded = await addItems(page, [
    { category: 'top', brand: 'COS', color: '#d9c5a0' },
    { category: 'bottom', brand: 'Levi’s', color: '#3d5a80' },
    { category: 'shoes', brand: 'Veja', color: '#8c2f39' },
    { category: 'outerwear', brand: 'Toast', color: '#7a5c3e' },
    { category: 'top', brand: 'Arket', color: '#c4a484' },
    { category: 'bottom', brand: 'Uniqlo', color: '#222222' },
    { category: 'accessory', brand: 'Hermès', color: '#e07a5f' },
    { category: 'top', brand: 'Sézane', color: '#f2cc8f' },
  ]);
  // addItems turned cut-outs off for the seeded photos; the upload below is cut out.
  const on = await page.request.put('/api/users/settings', {
    headers: await bearer(page),
    multipart: { settings: JSON.stringify({ cut_out_new_photos: true }) },
  });
  expect(on.ok()).toBe(true);

  // An upload through the upload screen queues a cut-out job.
  await page.goto('/items/upload');
  await page.getByLabel('Choose photos').setInputFiles({
    name: 'top.jpg',
    mimeType: 'image/jpeg',
    buffer: await garmentJpeg('top', '#2f3e5c'),
  });
  await expect(page.getByRole('img', { name: /Preview of/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Top', exact: true }).check();
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page).toHaveURL(/\/items$/);
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('link')).toHaveCount(9);
  const tile = items.getByRole('listitem').first();
  await expect(tile.getByText('Cutting out…')).toBeVisible();
  const uploaded = Object.values((await wardrobe(page)).clothes).find(
    (i) => !seeded.some((s) => s.id === i.id),
  )!;

  // Mid-job: the process whose model is cutting the photo out is killed.
  const cutter = await waitFor(
    'a process starting the cut-out',
    async () => {
      for (const b of cluster.backends) if ((await childPids(b.child.pid!)).length > 0) return b;
      return undefined;
    },
    60_000,
  );
  await cluster.kill(cutter);
  const { rows: pending } = await cluster.db.query<{ cutout_state: string }>(
    'SELECT cutout_state FROM clothes WHERE id = $1',
    [uploaded.id],
  );
  expect(pending[0]!.cutout_state, 'killed before the cut-out was done').toBe('pending');

  // The other process carries on alone: compose an outfit and log a wear meanwhile.
  await page.goto('/outfits');
  await reloadWardrobe(page);
  await page.getByRole('link', { name: 'New outfit' }).click();
  await page.getByRole('button', { name: 'Add Clothes' }).click();
  const picker = page.getByRole('list', { name: 'Items to choose from' });
  for (const name of ['Levi’s Bottom', 'Veja Shoes', 'COS Top'])
    await picker.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Add 3' }).click();
  await page.getByRole('button', { name: 'Save Outfit' }).click();
  await expect(page.getByText('Outfit created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/outfits$/);
  await page.getByRole('list', { name: 'Outfits' }).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Wore it today' }).click();
  await expect(page.getByText('Calendar updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Worn today' })).toBeDisabled();

  // The killed process comes back (a new DATA_DIR: nothing of the old one), and the cut-out the
  // survivor took over lands on the tile without a reload.
  await cluster.restart(cutter.name);
  await expect
    .poll(async () => (await wardrobe(page)).clothes[uploaded.id]!.cutout, { timeout: 300_000 })
    .toBe('done');
  expect((await wardrobe(page)).clothes[uploaded.id]!.original).toBeTruthy();
  // A full page load on a busy machine: the grid may take more than the default 10 s.
  await page.goto('/items');
  await expect(items.getByRole('link')).toHaveCount(9, { timeout: 60_000 });
  await expect(items.getByText('Cutting out…')).toHaveCount(0);

  // Export: the zip streams from the object store through whichever process.
  const before = await wardrobe(page);
  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const zipPath = await (await downloading).path();
  expect(zipPath).toBeTruthy();

  // Import into a second account; mid-import, the process running it is killed.
  await signOut(page);
  const bea = await signUpByApi(page, newAccount('scale-import'));
  await page.goto('/profile');
  const choosing = page.waitForEvent('filechooser');
  await yourData.getByRole('button', { name: 'Import…' }).click();
  await (await choosing).setFiles(zipPath);
  const confirm = page.getByRole('dialog', { name: 'Import this export?' });
  await expect(confirm).toContainText('9 items, 1 outfit, 1 calendar day — import?');
  await confirm.getByRole('button', { name: 'Import' }).click();
  // The process running the import copies the zip from the store into its DATA_DIR/imports.
  const runner = await waitFor<Backend>(
    'a process starting the import',
    async () => {
      for (const b of cluster.backends) {
        const names = await readdir(join(b.dataDir, 'imports')).catch(() => [] as string[]);
        if (names.some((n) => n.endsWith('.zip'))) return b;
      }
      return undefined;
    },
    30_000,
  );
  await cluster.kill(runner);
  const beaId = await userId(cluster, bea.email);
  const { rows: running } = await cluster.db.query<{ state: string }>(
    'SELECT state FROM data_imports WHERE user_id = $1',
    [beaId],
  );
  expect(
    running.map((r) => r.state),
    'killed before the import was done',
  ).toEqual(['running']);

  // The survivor takes the job over and finishes; the page says so.
  await expect(page.getByRole('status', { name: 'Import complete' })).toBeVisible({
    timeout: 240_000,
  });
  const after = await wardrobe(page);
  expect(Object.keys(after.clothes)).toHaveLength(Object.keys(before.clothes).length);
  expect(Object.keys(after.outfits)).toHaveLength(1);
  expect(Object.keys(after.calendar)).toHaveLength(Object.keys(before.calendar).length);
  // Nothing twice: each row once in the database too.
  const { rows: counts } = await cluster.db.query<{ clothes: string; outfits: string }>(
    `SELECT (SELECT count(*) FROM clothes WHERE user_id = $1) AS clothes,
            (SELECT count(*) FROM outfits WHERE user_id = $1) AS outfits`,
    [beaId],
  );
  expect(counts[0]).toEqual({ clothes: '9', outfits: '1' });
  const adaId = await userId(cluster, ada.email);
  expect(adaId).not.toBe(beaId);

  await page.goto('/items');
  await expect(items.getByRole('link')).toHaveCount(9, { timeout: 60_000 });
  expect(problems).toEqual([]);
  // Both processes answered the page's requests.
  expect([...cluster.proxy.served.keys()].length).toBeGreaterThanOrEqual(2);
});
