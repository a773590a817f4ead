import { expect, newAccount, signInLinkFor, signOut, signUp, test } from './fixtures';

test.describe('signing up and in', () => {
  test('a new person signs up through the form and lands on their items', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    const account = await signUp(page);
    await expect(page.getByRole('navigation', { name: 'Wardrobe' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Items/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'Your closet is empty' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test('the sign-up form explains what is missing before sending', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter your name.')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('signing up twice with one e-mail says the account exists', async ({ page }) => {
    const account = await signUp(page);
    await signOut(page);
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('another long password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'An account with this e-mail already exists. Sign in instead.',
    );
  });

  test('signing out and back in with the password', async ({ page }) => {
    const account = await signUp(page);
    await signOut(page);
    await expect(page.getByRole('heading', { name: 'Welcome to Hanger' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign in with e-mail' }).click();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "That e-mail and password don't match. Check them and try again.",
    );

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/items$/);
    await expect(page.getByRole('navigation', { name: 'Wardrobe' })).toBeVisible();
  });

  test('signing in with a link from an e-mail', async ({ page }) => {
    const account = await signUp(page, newAccount('link'));
    await signOut(page);

    await page.goto('/signin');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    const link = await signInLinkFor(account.email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/items$/);
    await expect(page.getByRole('navigation', { name: 'Wardrobe' })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test('a used sign-in link is refused with a clear message', async ({ page, context }) => {
    const account = await signUp(page, newAccount('reuse'));
    await signOut(page);
    await page.goto('/signin');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    const link = await signInLinkFor(account.email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/items$/);

    await signOut(page);
    await context.clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/signin\?error=/);
    await expect(page.getByRole('alert')).toContainText('sign-in link');
  });

  test('a reload keeps the session', async ({ page }) => {
    await signUp(page);
    await page.goto('/groups');
    await page.reload();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(page.getByRole('heading', { name: 'Custom Collections' })).toBeVisible();
  });
});

test.describe('while signed out', () => {
  test('a guarded page sends the visitor to /login and back after signing in', async ({ page }) => {
    const account = await signUp(page);
    await signOut(page);
    await page.goto('/stats');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Sign in with e-mail' }).click();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/stats$/);
  });

  test('an unknown path goes to / and, signed out, on to /login', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Hanger' })).toBeVisible();
  });
});
