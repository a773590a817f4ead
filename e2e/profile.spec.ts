import { addItem, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { shootBoth } from './screens';

test.describe('the profile', () => {
  test('changing the currency re-converts prices', async ({ page }) => {
    await signUpByApi(page);
    const coat = await addItem(page, {
      category: 'outerwear',
      color: '#7a5c3e',
      brand: 'Toast',
      price: 100,
      currency: 'EUR',
    });
    await reloadWardrobe(page);
    await page.goto(`/items/${coat.id}`);
    const price = page.getByRole('button', { name: /^Price: €100\.00/ });
    await expect(price).toBeVisible();
    const note = page.locator('dd', { has: price }).getByText(/^≈/);
    await expect(note).toHaveText(/^≈ \$\d+\.\d\d$/);
    const inDollars = await note.textContent();

    await page.goto('/profile');
    await page.getByRole('button', { name: /^Currency: USD/ }).click();
    const search = page.getByRole('combobox', { name: 'Search currencies' });
    await expect(search).toBeFocused();
    await shootBoth(page, 'currency-selector');
    await search.fill('british');
    await expect(
      page.getByRole('listbox', { name: 'Currencies' }).getByRole('option').first(),
    ).toContainText('GBP');
    // Keyboard only: the first match is highlighted; Enter picks it.
    await search.press('Enter');
    await expect(page.getByRole('status', { name: 'Settings Saved' }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Currency: GBP/ })).toBeVisible();

    await page.goto(`/items/${coat.id}`);
    await expect(note).toHaveText(/^≈ £\d+\.\d\d$/);
    expect(await note.textContent()).not.toBe(inDollars);
    await page.reload();
    await expect(note).toHaveText(/^≈ £\d+\.\d\d$/);
  });

  test('preferences are saved and kept', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    await shootBoth(page, 'profile', { fullPage: true });

    await page.getByLabel('Week starts on').selectOption({ label: 'Monday' });
    await expect(page.getByRole('status', { name: 'Settings Saved' }).first()).toBeVisible();
    await page.getByLabel('Language and region').selectOption('en-GB');
    await page.getByRole('switch', { name: 'Data consent' }).click();
    await expect(page.getByRole('switch', { name: 'Data consent' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    const tracking = page.getByLabel('Tracking start date');
    await tracking.fill('2024-01-15');
    await tracking.blur();
    await expect(
      page.getByText(/^How dates and prices look: \d{1,2} [A-Z][a-z]{2} \d{4}/),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Week starts on')).toHaveValue('1');
    await expect(page.getByLabel('Language and region')).toHaveValue('en-GB');
    await expect(page.getByRole('switch', { name: 'Data consent' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(page.getByLabel('Tracking start date')).toHaveValue('2024-01-15');
  });

  test('subcategories are added, renamed and removed', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/profile');
    await page.getByText('Shoes', { exact: true }).click();
    const input = page.getByRole('textbox', { name: 'New shoes subcategory' });
    await input.fill('Sneakers');
    await input.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove Sneakers' })).toBeVisible();
    await input.fill('sneakers');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      '“sneakers” is already a subcategory of shoes.',
    );

    await page.getByRole('button', { name: 'Rename Sneakers' }).click();
    const rename = page.getByRole('textbox', { name: 'New name for Sneakers' });
    await rename.fill('Trainers');
    await rename.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove Trainers' })).toBeVisible();
    await shootBoth(page, 'profile-subcategories');

    await page.getByRole('button', { name: 'Remove Trainers' }).click();
    await expect(page.getByRole('dialog', { name: 'Remove “Trainers”?' })).toContainText(
      'No items use it.',
    );
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove Trainers' })).toHaveCount(0);
    await page.reload();
    await page.getByText('Shoes', { exact: true }).click();
    await expect(page.getByRole('list', { name: 'Shoes subcategories' })).toHaveCount(0);
  });

  test('the privacy policy and terms open from the profile, and for signed-out visitors', async ({
    page,
  }) => {
    await signUpByApi(page);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
    await shootBoth(page, 'privacy');
    await page.getByRole('link', { name: 'Terms of service' }).click();
    await expect(page.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible();
    await shootBoth(page, 'terms');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/privacy$/);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible();
  });
});
