import { expect, signUpByApi, snapshot, test } from './fixtures';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screenshots at ${size.width}x${size.height} (${scheme})`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome to Hanger' })).toBeVisible();
      await snapshot(page, `login-${size.name}-${scheme}`);
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await snapshot(page, `signup-${size.name}-${scheme}`);
      await signUpByApi(page);
      await expect(page.getByRole('navigation', { name: 'Wardrobe' })).toBeVisible();
      // Let the empty state and fonts settle before the picture is taken.
      await page.evaluate(() => document.fonts.ready);
      await snapshot(page, `items-${size.name}-${scheme}`);
    });
  }
}
