import type { Page } from '@playwright/test';
import { expect, newAccount, signUpByApi, test } from './fixtures';
import { SIZES, settled } from './screens';

/** A sheet as people keep them: semicolons, a decimal comma, a quoted line break, a bad row. */
const SHEET = [
  'Item name;Type;Colour;Price paid;Currency;Purchase date',
  'Linen shirt;Tops;white;39,90;EUR;2024-03-05',
  '"Wool coat\nlong";coat;navy;120;EUR;',
  'Kimono;robes;;;;',
].join('\r\n');

/** The dialog's entrance (a sheet sliding up on a phone) has ended: no animation is running. */
async function dialogShown(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

test.describe('Import a spreadsheet', () => {
  for (const size of SIZES) {
    test(`mapping step, refused rows and import at ${size.name} size`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signUpByApi(page, newAccount(`sheet-${size.name}`));
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Import a spreadsheet…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import a spreadsheet' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Spreadsheet to import').setInputFiles({
        name: 'wardrobe.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(SHEET),
      });

      // The mapping step: columns guessed from the headers.
      await expect(dialog.getByLabel('Name / brand')).toHaveValue('0');
      await expect(dialog.getByLabel('Category', { exact: true })).toHaveValue('1');
      await expect(dialog.getByLabel('Price', { exact: true })).toHaveValue('3');
      await expect(dialog.getByText('Linen shirt')).toBeVisible();
      await expect(dialog.getByText('1 row is refused')).toBeVisible();
      await expect(dialog.getByText(/Row 4:.*unknown category “robes”/)).toBeVisible();
      const importButton = dialog.getByRole('button', { name: /^Import/ });
      await expect(importButton).toBeDisabled();

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await settled(page);
        await page.screenshot({
          path: `e2e/artifacts/screenshots/spreadsheet-mapping-${scheme}-${size.name}.png`,
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // Remapping a field re-reads the sheet: brand from "Type" makes every row lose its name.
      await dialog.getByLabel('Name / brand').selectOption('');
      await expect(dialog.getByText('Unnamed').first()).toBeVisible();
      await dialog.getByLabel('Name / brand').selectOption('0');
      await expect(dialog.getByText('Linen shirt')).toBeVisible();

      await dialog.getByLabel('Skip the refused rows and import the rest').check();
      await expect(importButton).toHaveText('Import 2 items');

      // The import runs as a job (202, then GET /api/imports/{id}). Two rows take the server well
      // under a progress report's interval, so its status answers are held at "1 of 2" until the
      // progress state has been looked at; then they pass through as the server gives them.
      let hold = true;
      await page.route('**/api/imports/*', async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const response = await route.fetch();
        const status = (await response.json()) as { state: string };
        const body = hold ? { ...status, state: 'running', done: 1, total: 2 } : status;
        await route.fulfill({ response, json: body });
      });
      await importButton.click();
      const running = page.getByRole('dialog', { name: 'Importing your spreadsheet' });
      await expect(running).toBeVisible();
      await expect(running).toHaveAccessibleDescription('2 items from wardrobe.csv');
      await expect(running.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      );
      await expect(running.getByText('1 of 2 · 50%')).toBeVisible();
      await settled(page);
      await dialogShown(page);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/spreadsheet-progress-${size.name}.png`,
      });

      // Hidden, it goes on: its row shows the progress and opens it again.
      await running.getByRole('button', { name: 'Hide' }).click();
      await expect(running).toBeHidden();
      const row = page.getByRole('progressbar', { name: 'Spreadsheet import progress' });
      await expect(row).toHaveAttribute('aria-valuenow', '50');
      await expect(page.getByText('Importing… 1 of 2')).toBeVisible();
      await row.scrollIntoViewIfNeeded();
      await settled(page);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/spreadsheet-hidden-${size.name}.png`,
      });
      await page.getByRole('button', { name: 'Show progress' }).click();
      await expect(running).toBeVisible();
      hold = false;

      const done = page.getByRole('dialog', { name: 'Imported 2 items' });
      await expect(done).toBeVisible({ timeout: 60_000 });
      await expect(done.getByRole('status')).toContainText('2 items added to your wardrobe.');
      await expect(done.getByRole('status')).toContainText('1 refused row was skipped.');
      await settled(page);
      await dialogShown(page);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/spreadsheet-done-${size.name}.png`,
      });
      await page.unroute('**/api/imports/*');
      await done.getByRole('button', { name: 'Done' }).click();
      await expect(done).toBeHidden();

      await page.goto('/items');
      await expect(page.getByRole('list', { name: 'Items' }).getByRole('link')).toHaveCount(2, {
        timeout: 60_000,
      });
    });
  }
});
