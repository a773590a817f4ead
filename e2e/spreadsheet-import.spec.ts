import { expect, newAccount, signUpByApi, test } from './fixtures';
import { SIZES, settled } from './screens';

/** A sheet as people keep them: semicolons, a decimal comma, a quoted line break, a bad row. */
const SHEET = [
  'Item name;Type;Colour;Price paid;Currency;Purchase date',
  'Linen shirt;Tops;white;39,90;EUR;2024-03-05',
  '"Wool coat\nlong";coat;navy;120;EUR;',
  'Kimono;robes;;;;',
].join('\r\n');

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
      await importButton.click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('2 items added.')).toBeVisible();

      await page.goto('/items');
      await expect(page.getByRole('list', { name: 'Items' }).getByRole('link')).toHaveCount(2, {
        timeout: 60_000,
      });
    });
  }
});
