import { addItems, addOutfit, logWear, reloadWardrobe } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { shootBoth, stat } from './screens';

test.describe('the outfit detail screen', () => {
  test('shows the outfit, its pieces, what it cost and when it was worn', async ({ page }) => {
    await signUpByApi(page);
    const [tee, jeans, shoes] = await addItems(page, [
      { category: 'top', color: '#2f3e5c', brand: 'Uniqlo', price: 19.9 },
      { category: 'bottom', color: '#3d5a80', brand: "Levi's", price: 98 },
      { category: 'shoes', color: '#1f1f1f', brand: 'Vans' },
    ]);
    const look = await addOutfit(
      page,
      [tee!.id, jeans!.id, shoes!.id],
      ['#2f3e5c', '#3d5a80', '#1f1f1f'],
    );
    await logWear(page, '2024-05-04', { outfits: [look] });
    await logWear(page, '2024-06-12', { outfits: [look] });
    await reloadWardrobe(page);

    await page.goto('/outfits');
    await page.locator(`a[href="/outfits/${look}"]`).click();
    await expect(page.getByRole('heading', { name: 'Outfit', level: 1 })).toBeVisible();
    // Pieces without a price add nothing to the total.
    await expect(stat(page, 'Total cost')).toHaveText('$117.90');
    await expect(stat(page, 'Times worn')).toHaveText('2');
    // Dates follow the user's locale (the default 'en' writes them month first).
    await expect(stat(page, 'Last worn')).toHaveText(/^(12 Jun 2024|Jun 12, 2024)$/);
    await expect(stat(page, 'Pieces')).toHaveText('3');
    const worn = page.getByRole('region', { name: /Worn on/ }).getByRole('link');
    await expect(worn).toHaveText([/12 Jun|Jun 12/, /4 May|May 4/]);
    await expect(worn.first()).toHaveAttribute('href', '/calendar/2024/06/12');
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/outfits/${look}/edit`,
    );
    await shootBoth(page, 'outfit-detail', { fullPage: true });

    await page.getByRole('link', { name: "Levi's Bottom" }).click();
    await expect(page).toHaveURL(new RegExp(`/items/${jeans!.id}$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/outfits/${look}$`));

    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
    await page.reload();
    await expect(page.getByText('Archived', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();
  });

  test('deletes the outfit after confirmation, keeping its pieces', async ({ page }) => {
    await signUpByApi(page);
    const [tee, jeans] = await addItems(page, [
      { category: 'top', color: '#b5838d' },
      { category: 'bottom', color: '#3d5a80' },
    ]);
    const look = await addOutfit(page, [tee!.id, jeans!.id], ['#b5838d', '#3d5a80']);
    await reloadWardrobe(page);
    await page.goto('/outfits');
    await page.locator(`a[href="/outfits/${look}"]`).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this outfit?' })).toBeVisible();
    await shootBoth(page, 'outfit-detail-delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/outfits$/);
    await expect(page.locator(`a[href="/outfits/${look}"]`)).toHaveCount(0);
    await page.reload();
    await expect(page.locator(`a[href="/outfits/${look}"]`)).toHaveCount(0);
    await page.goto('/items');
    await expect(page.locator(`a[href="/items/${tee!.id}"]`)).toBeVisible();
  });

  test('an unknown outfit shows a friendly not-found screen', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/outfits/nope');
    await expect(
      page.getByRole('heading', { name: "This outfit isn't in your wardrobe" }),
    ).toBeVisible();
  });
});
