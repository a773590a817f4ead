import { expect, signUpByApi, test } from './fixtures';

test.describe('the app shell', () => {
  test('the navigation highlights the section of the current page', async ({ page }) => {
    await signUpByApi(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const current = nav.locator('[aria-current="page"]');

    for (const path of ['/items', '/outfits', '/groups']) {
      await page.goto(path);
      await expect(current).toHaveText('Wardrobe');
    }
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar\/\d{4}\/\d{2}$/);
    await expect(current).toHaveText('Calendar');
    await nav.getByRole('link', { name: 'Stats' }).click();
    await expect(current).toHaveText('Stats');
    await nav.getByRole('link', { name: 'Graph' }).click();
    await expect(current).toHaveText('Graph');
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Wardrobe' }).click();
    await expect(page).toHaveURL(/\/items$/);
  });

  test('the tabs switch between items, outfits and groups', async ({ page }) => {
    await signUpByApi(page);
    const tabs = page.getByRole('navigation', { name: 'Wardrobe' });
    await expect(tabs.getByRole('link', { name: /^Items/ })).toContainText('0');
    await tabs.getByRole('link', { name: /^Outfits/ }).click();
    await expect(page).toHaveURL(/\/outfits$/);
    await tabs.getByRole('link', { name: /^Groups/ }).click();
    await expect(page.getByRole('heading', { name: 'Custom Collections' })).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add packing or capsule' })).toBeVisible();
    await page.getByRole('link', { name: /Wishlist/ }).click();
    await expect(page).toHaveURL(/\/groups\/wishlist$/);
  });

  test('on a phone the navigation sits at the bottom, within thumb reach', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpByApi(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const box = await nav.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThan(800);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Wardrobe');
  });

  test('forward navigation starts at the top of the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 320 });
    await signUpByApi(page);
    await page.goto('/groups');
    await expect(page.getByRole('heading', { name: 'Custom Collections' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stats' })
      .click();
    await expect(page).toHaveURL(/\/stats$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a failed request shows the catalogue's toast", async ({ page }) => {
    await page.route('**/api/users', (route) => route.abort('internetdisconnected'));
    await signUpByApi(page);
    const toast = page.getByRole('alert').filter({ hasText: 'Failed to load wardrobe data' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(
      'Unable to connect to the server. Please check your internet connection.',
    );
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(toast).toBeHidden();
  });
});
