import type { Page } from '@playwright/test';
import { addItem, addOutfit, logWear, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { shootBoth, stat, wearDay } from './screens';

/** The newest toast with this title (earlier ones may still be on screen). */
const toast = (page: Page, title: string) =>
  page
    .getByRole('status', { name: title })
    .or(page.getByRole('alert', { name: title }))
    .last();

async function editText(page: Page, label: string, value: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}: `) }).click();
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Enter');
}

test.describe('the clothing detail screen', () => {
  test('edit brand and price, see cost per wear follow a logged wear, then archive', async ({
    page,
  }) => {
    await signUpByApi(page);
    const tee = await addItem(page, {
      category: 'top',
      color: '#2f3e5c',
      dateObtained: '2024-03-01',
    });
    await reloadWardrobe(page);
    await page.locator(`a[href="/items/${tee.id}"]`).click();
    await expect(page.getByRole('heading', { name: 'Top', level: 1 })).toBeVisible();
    await expect(stat(page, 'Cost per wear')).toHaveText('—');

    await editText(page, 'Brand', 'Uniqlo');
    await expect(page.getByText('Uniqlo', { exact: true }).first()).toBeVisible();
    await expect(toast(page, 'Item updated successfully')).toBeVisible();
    await editText(page, 'Price', '40');
    await expect(page.getByRole('button', { name: /^Price: \$40\.00/ })).toBeVisible();
    await expect(stat(page, 'Times worn')).toHaveText('0');

    // A wear logged elsewhere (the calendar) reaches this screen with the wardrobe.
    const today = await wearDay(page);
    await logWear(page, today, { clothes: [tee.id] });
    await reloadWardrobe(page);
    await expect(stat(page, 'Times worn')).toHaveText('1');
    await expect(stat(page, 'Cost per wear')).toHaveText('$40.00');
    await expect(page.getByRole('button', { name: 'Worn today' })).toBeDisabled();
    await expect(page.getByRole('region', { name: /Worn on/ }).getByRole('link')).toHaveCount(1);

    // A second wear halves it.
    await page.getByRole('button', { name: 'Earlier wears: Add' }).click();
    await page.getByRole('textbox', { name: 'Earlier wears' }).fill('1');
    await page.getByRole('textbox', { name: 'Earlier wears' }).press('Enter');
    await expect(stat(page, 'Cost per wear')).toHaveText('$20.00');

    await page.getByRole('radio', { name: 'Archived' }).check();
    await expect(page.getByRole('button', { name: /^Date archived: / })).toBeVisible();
    await expect(toast(page, 'Item updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Archived' })).toBeChecked();
    await expect(page.getByRole('button', { name: /^Brand: Uniqlo/ })).toBeVisible();
    await expect(stat(page, 'Cost per wear')).toHaveText('$20.00');
  });

  test('a removed subcategory is cleared on the item', async ({ page }) => {
    await signUpByApi(page);
    const tee = await addItem(page, { category: 'top', color: '#b5838d' });
    await page.goto('/profile#subcategories');
    await page.getByText('Top', { exact: true }).click();
    await page.getByRole('textbox', { name: 'New top subcategory' }).fill('T-shirt');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove T-shirt' })).toBeVisible();

    await page.goto(`/items/${tee.id}`);
    await page.getByRole('combobox', { name: 'Subcategory' }).selectOption({ label: 'T-shirt' });
    await expect(page.getByRole('heading', { name: 'T-shirt', level: 1 })).toBeVisible();
    await expect(toast(page, 'Item updated successfully')).toBeVisible();

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByText('Top', { exact: true }).click();
    await page.getByRole('button', { name: 'Remove T-shirt' }).click();
    await expect(page.getByRole('dialog', { name: 'Remove “T-shirt”?' })).toContainText(
      '1 item uses it',
    );
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(toast(page, 'Settings Saved')).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Subcategory' })).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Top', level: 1 })).toBeVisible();
    // The server cleared it too.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Subcategory' })).toHaveValue('');
  });

  test('moves between closet, wishlist and loaned, and is marked sold', async ({ page }) => {
    await signUpByApi(page);
    const coat = await addItem(page, {
      category: 'outerwear',
      color: '#7a5c3e',
      brand: 'Toast',
      price: 240,
    });
    await page.goto(`/items/${coat.id}`);
    await page.getByRole('radio', { name: 'Wishlist' }).check();
    await page.goto('/groups/wishlist');
    await expect(page.locator(`a[href$="${coat.id}"]`)).toBeVisible();
    await page.locator(`a[href$="${coat.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/groups/wishlist/${coat.id}$`));
    await page.getByRole('radio', { name: 'Loaned' }).check();
    await page.getByRole('radio', { name: 'In closet' }).check();
    await expect(page.getByRole('radio', { name: 'In closet' })).toBeChecked();

    await page.getByRole('button', { name: 'Mark sold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as sold' });
    await dialog.getByLabel('Sold for').fill('120');
    await dialog.getByRole('button', { name: 'Mark sold' }).click();
    await expect(page.getByRole('radio', { name: 'Archived' })).toBeChecked();
    await expect(page.getByRole('button', { name: /^Sold for: \$120\.00/ })).toBeVisible();
  });

  test('the photo is rotated, flipped and cropped in the image editor', async ({ page }) => {
    await signUpByApi(page);
    const shoes = await addItem(page, { category: 'shoes', color: '#1f1f1f', brand: 'Vans' });
    await page.goto(`/items/${shoes.id}`);
    const before = await page.getByRole('img', { name: /Vans/ }).getAttribute('src');
    await page.getByRole('link', { name: 'Edit image' }).click();
    await expect(page).toHaveURL(new RegExp(`/items/${shoes.id}/edit-image$`));
    await expect(page.getByRole('img', { name: 'The photo as it will be saved' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await page.getByRole('button', { name: 'Flip horizontal' }).click();
    await page.getByRole('radio', { name: 'Square' }).click();
    // Keyboard cropping: Shift+Left narrows the square frame by 1% a step, keeping it square.
    await page.getByRole('group', { name: /^Crop area/ }).focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await shootBoth(page, 'image-editor');

    const upload = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`/api/clothes/${shoes.id}/image`),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data/);
    await expect(toast(page, 'Clothing image updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/items/${shoes.id}$`));
    const photo = page.getByRole('img', { name: /Vans/ });
    await expect(photo).not.toHaveAttribute('src', before ?? '');
    // The 600 px square photo, cropped to 90% of its width and kept square.
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([540, 540]);
  });

  test('shows the outfits that use it, and deletes it after confirmation', async ({ page }) => {
    await signUpByApi(page);
    const tee = await addItem(page, {
      category: 'top',
      color: '#2f3e5c',
      brand: 'Uniqlo',
      price: 19.9,
    });
    const jeans = await addItem(page, {
      category: 'bottom',
      color: '#3d5a80',
      brand: "Levi's",
      price: 98,
    });
    const look = await addOutfit(page, [tee.id, jeans.id], ['#2f3e5c', '#3d5a80']);
    await logWear(page, '2024-06-01', { outfits: [look] });
    await logWear(page, '2024-06-03', { clothes: [tee.id] });
    await reloadWardrobe(page);
    await page.goto(`/items/${tee.id}`);
    await expect(stat(page, 'Outfits')).toHaveText('1');
    await expect(stat(page, 'Pairings')).toHaveText('1');
    await expect(stat(page, 'Times worn')).toHaveText('2');
    await expect(page.getByRole('link', { name: 'Outfit 1' })).toHaveAttribute(
      'href',
      `/outfits/${look}`,
    );
    await shootBoth(page, 'item-detail', { fullPage: true });

    await page.getByRole('button', { name: 'Brand: Uniqlo' }).click();
    await shootBoth(page, 'item-detail-editing');
    await page.keyboard.press('Escape');

    await page.goto('/items');
    await page.locator(`a[href="/items/${tee.id}"]`).click();
    await page.getByRole('button', { name: 'Delete item' }).last().click();
    await expect(page.getByRole('dialog', { name: 'Delete this item?' })).toBeVisible();
    await shootBoth(page, 'item-detail-delete');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/items$/);
    await expect(toast(page, 'Delete successful')).toBeVisible();
    await expect(page.locator(`a[href="/items/${tee.id}"]`)).toHaveCount(0);
    await page.reload();
    await expect(page.locator(`a[href="/items/${jeans.id}"]`)).toBeVisible();
    await expect(page.locator(`a[href="/items/${tee.id}"]`)).toHaveCount(0);
  });

  test('an unknown id shows a friendly not-found screen', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/items/does-not-exist');
    await expect(
      page.getByRole('heading', { name: "This item isn't in your wardrobe" }),
    ).toBeVisible();
    await shootBoth(page, 'item-not-found');
  });
});
