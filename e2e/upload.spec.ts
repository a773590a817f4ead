import type { Page } from '@playwright/test';
import { garmentJpeg } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { shootBoth } from './screens';

const itemsTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Wardrobe' }).getByRole('link', { name: /^Items/ });

type Category = Parameters<typeof garmentJpeg>[0];

async function photo(category: Category, color: string, name = `${category}.jpg`) {
  return { name, mimeType: 'image/jpeg', buffer: await garmentJpeg(category, color) };
}

test.describe('adding clothes', () => {
  test('three photographed items in different categories raise the Items count', async ({
    page,
  }) => {
    await signUpByApi(page);
    await expect(itemsTab(page)).toContainText('0');

    const pieces: { category: Category; label: string; color: string; brand?: string }[] = [
      { category: 'top', label: 'Top', color: '#2f3e5c', brand: 'Uniqlo' },
      { category: 'bottom', label: 'Bottom', color: '#3d5a80' },
      { category: 'shoes', label: 'Shoes', color: '#1f1f1f', brand: 'Veja' },
    ];
    for (const [i, piece] of pieces.entries()) {
      await page.locator('a[href="/items/upload"]').first().click();
      await expect(page).toHaveURL(/\/items\/upload$/);
      await expect(page.getByRole('heading', { name: 'Add to closet' })).toBeVisible();
      await page
        .getByLabel('Choose photos')
        .setInputFiles(await photo(piece.category, piece.color));
      await expect(page.getByRole('img', { name: /Preview of/ })).toBeVisible();
      await page.getByRole('radio', { name: piece.label, exact: true }).check();
      if (piece.brand) await page.getByLabel('Brand').fill(piece.brand);
      if (i === 0) {
        await page.getByLabel('Price', { exact: true }).fill('29,90');
        await page.getByLabel('Date obtained').fill('2024-05-01');
        await shootBoth(page, 'upload-filled');
      }
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect(page.getByRole('status', { name: 'Clothing item added' }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/items$/);
      await expect(itemsTab(page)).toContainText(String(i + 1));
    }
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('link')).toHaveCount(3);
  });

  test('several photos at once become several items, each with its progress', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/items/upload');
    await page
      .getByLabel('Choose photos')
      .setInputFiles([
        await photo('bag', '#7a5c3e', 'bag-1.jpg'),
        await photo('bag', '#b5838d', 'bag-2.jpg'),
      ]);
    await expect(page.getByRole('button', { name: /^Show photo/ })).toHaveCount(2);
    await page
      .getByLabel('Add more photos')
      .setInputFiles(await photo('bag', '#1f1f1f', 'bag-3.jpg'));
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect(page.getByRole('button', { name: /^Show photo/ })).toHaveCount(2);
    await page.getByRole('radio', { name: 'Bag' }).check();
    await shootBoth(page, 'upload-several');
    await page.getByRole('button', { name: 'Add 2 items' }).click();
    await expect(page.getByRole('status', { name: 'Clothing item added' })).toContainText(
      '2 items added.',
    );
    await expect(page).toHaveURL(/\/items$/);
    await expect(itemsTab(page)).toContainText('2');
  });

  test('a missing photo or category is refused before anything is sent', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/items/upload');
    await shootBoth(page, 'upload-empty');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/clothes')) posted = true;
    });
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText('Add a photo of the item.')).toBeVisible();
    await expect(page.getByText('Choose a category.')).toBeVisible();
    await shootBoth(page, 'upload-refused');
    expect(posted).toBe(false);
  });

  test('the wishlist and loaned groups have their own upload pages', async ({ page }) => {
    await signUpByApi(page);
    for (const group of [
      {
        path: '/groups/wishlist',
        title: 'Add to wishlist',
        status: 'Wishlist',
        category: 'outerwear' as const,
        label: 'Outerwear',
      },
      {
        path: '/groups/loaned',
        title: 'Add loaned items',
        status: 'Loaned',
        category: 'full_body' as const,
        label: 'Full body',
      },
    ]) {
      await page.goto(group.path);
      await page.locator(`a[href="${group.path}/upload"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${group.path}/upload$`));
      await expect(page.getByRole('heading', { name: group.title })).toBeVisible();
      await expect(page.getByRole('radio', { name: group.status })).toBeChecked();
      await page.getByLabel('Choose photos').setInputFiles(await photo(group.category, '#8a6f5a'));
      await page.getByRole('radio', { name: group.label }).check();
      await page.getByRole('button', { name: 'Add item' }).click();
      await expect(page).toHaveURL(new RegExp(`${group.path}$`));
      await expect(page.locator('main img')).toHaveCount(1);
    }
    // Neither went into the closet.
    await page.goto('/items');
    await expect(itemsTab(page)).toContainText('0');
  });
});
