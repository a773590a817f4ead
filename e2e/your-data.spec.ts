import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import yauzl from 'yauzl';
import { addItem, addOutfit, logWear, reloadWardrobe } from './api-seed';
import { expect, newAccount, signOut, signUpByApi, test } from './fixtures';
import { SIZES, settled, shootBoth } from './screens';

/** Every entry of a zip file, by name. */
function readZip(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function savedPath(download: Download): Promise<string> {
  const path = await download.path();
  expect(path, `download failed: ${await download.failure()}`).toBeTruthy();
  return path;
}

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });
const itemsGrid = (page: Page) => page.getByRole('list', { name: 'Items' });

/**
 * The screen scrolled so that `target` starts just under the top bar, at phone and desktop sizes
 * in light and dark (e2e/artifacts/screenshots/<name>-<scheme>-<size>.png).
 */
async function shootAt(
  page: Page,
  name: string,
  target: Locator,
  schemes: readonly ('light' | 'dark')[] = ['light', 'dark'],
) {
  const before = page.viewportSize();
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await settled(page);
      // Desktop has a sticky top bar; phones have theirs at the bottom.
      await target.evaluate(
        (el, offset) => {
          el.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -offset);
        },
        size.name === 'phone' ? 16 : 88,
      );
      await page.waitForTimeout(150);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/${name}-${scheme}-${size.name}.png`,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
}

test.describe('your data', () => {
  // Three accounts of their own: the tests may run side by side.
  test.describe.configure({ mode: 'parallel' });

  test('export downloads a zip of JSON and photos that imports into a fresh account', async ({
    page,
  }) => {
    // Two sign-ups, four photos out and back in through the photo pipeline.
    test.setTimeout(150_000);
    await signUpByApi(page);
    const coat = await addItem(page, { category: 'outerwear', color: '#7a5c3e', brand: 'Toast' });
    const jeans = await addItem(page, { category: 'bottom', color: '#3d5a80', brand: "Levi's" });
    await addItem(page, { category: 'shoes', color: '#1f1f1f', brand: 'Vans' });
    const outfit = await addOutfit(page, [coat.id, jeans.id], ['#7a5c3e', '#3d5a80']);
    await logWear(page, '2026-11-02', { outfits: [outfit] });
    await logWear(page, '2026-11-03', { clothes: [coat.id] });
    await reloadWardrobe(page);

    await page.goto('/profile');
    const section = yourData(page);
    await expect(section.getByText(/as JSON, and every photo at display size/)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    await expect(section.getByText(/^Your download has started/)).toBeVisible();
    const zipPath = await savedPath(download);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);

    const entries = await readZip(zipPath);
    const json = [...entries.keys()].find((name) => name.endsWith('.json'));
    expect(json, [...entries.keys()].join(', ')).toBeTruthy();
    const document = JSON.parse(entries.get(json!)!.toString('utf8')) as {
      items: unknown[];
      outfits: unknown[];
    };
    expect(document.items).toHaveLength(3);
    expect(document.outfits).toHaveLength(1);
    const photos = [...entries.keys()].filter((name) =>
      /^photos\/.+\.(webp|jpe?g|png)$/.test(name),
    );
    expect(photos).toHaveLength(4);
    for (const name of photos) expect(entries.get(name)!.byteLength).toBeGreaterThan(100);

    // Into a brand-new account, through the file chooser.
    await signOut(page);
    await signUpByApi(page, newAccount('import'));
    await expect(itemsGrid(page).getByRole('link')).toHaveCount(0);
    await page.goto('/profile');
    const choosing = page.waitForEvent('filechooser');
    await yourData(page).getByRole('button', { name: 'Import…' }).click();
    await (await choosing).setFiles(zipPath);

    const confirm = page.getByRole('dialog', { name: 'Import this export?' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('3 items, 1 outfit, 2 calendar days — import?');
    await expect(confirm).toContainText('4 photos will be checked and added with them.');
    await shootBoth(page, 'import-preview');
    await confirm.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('status', { name: 'Import complete' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/items');
    await expect(itemsGrid(page).getByRole('link')).toHaveCount(3);
    await expect(page.getByRole('link', { name: /Toast/ })).toBeVisible();
  });

  test('items CSV and the calendar feed', async ({ page, context }) => {
    test.setTimeout(120_000);
    await signUpByApi(page);
    await addItem(page, { category: 'top', brand: 'Acne Studios', price: 120, currency: 'EUR' });
    await reloadWardrobe(page);
    await page.goto('/profile');
    const section = yourData(page);

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download items as CSV' }).click();
    const csvDownload = await downloading;
    expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await readFile(await savedPath(csvDownload), 'utf8')).replace(/^\uFEFF/, '');
    const rows = csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/brand/i);
    expect(rows[1]).toContain('Acne Studios');

    // The calendar feed: create, copy, fetch, turn off.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const card = page.getByRole('region', { name: 'Subscribe in your calendar app' });
    await expect(
      card.getByText(/Anyone with the link can see what you wore \(no photos\)/),
    ).toBeVisible();
    await card.getByRole('button', { name: 'Create link' }).click();
    const field = card.getByRole('textbox', { name: 'Your calendar link' });
    await expect(field).toHaveValue(/^https?:\/\/.+/);
    const url = await field.inputValue();
    await card.getByRole('button', { name: 'Copy' }).click();
    await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await shootAt(page, 'your-data', section, ['light']);
    await shootAt(page, 'calendar-feed', card);

    const live = await page.request.get(url);
    expect(live.status()).toBe(200);
    expect(await live.text()).toContain('BEGIN:VCALENDAR');

    await card.getByRole('button', { name: 'Turn off' }).click();
    const confirm = page.getByRole('dialog', { name: 'Turn off the calendar feed?' });
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByRole('button', { name: 'Create link' })).toBeVisible();
    expect((await page.request.get(url)).status()).toBe(404);
  });

  test('deleting the account needs the e-mail typed, then signing in fails', async ({ page }) => {
    const account = await signUpByApi(page);
    await addItem(page, { category: 'top' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByRole('button', { name: 'Download my data' })).toBeVisible();
    const confirmField = dialog.getByLabel('Type your e-mail address to confirm');
    await expect(confirmField).toBeFocused();
    const remove = dialog.getByRole('button', { name: 'Delete account permanently' });
    await expect(remove).toBeDisabled();
    await confirmField.fill('someone-else@hanger.test');
    await expect(remove).toBeDisabled();
    await confirmField.fill(account.email);
    await expect(remove).toBeEnabled();
    await shootBoth(page, 'delete-account');
    // Escape closes it without deleting; the field starts empty next time.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    await expect(confirmField).toHaveValue('');
    await confirmField.fill(account.email.toUpperCase());
    await confirmField.press('Enter');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status', { name: 'Account deleted' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign in with e-mail' }).click();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).not.toHaveURL(/\/items$/);
  });
});
