import {
  confirmationLinkFor,
  expect,
  mailsTo,
  newAccount,
  passwordResetLinkFor,
  signInLinkFor,
  signOut,
  signUp,
  submitSignUp,
  test,
} from './fixtures';
import { shootBoth } from './screens';

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
    await expect(
      page.getByRole('region', { name: 'Account' }).getByText(account.email),
    ).toBeVisible();
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

  test('a new account is confirmed by the mailed link, which opens the app', async ({ page }) => {
    const account = await submitSignUp(page, newAccount('confirm'));
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(account.email);

    // Before confirming, the password does not open the account.
    await page.goto('/signin');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "Please confirm your e-mail address first. We've sent you a new link: open it to sign in.",
    );
    await expect(page).toHaveURL(/\/signin$/);

    await page.goto(await confirmationLinkFor(account.email));
    await expect(page).toHaveURL(/\/items$/);
    await expect(page.getByRole('navigation', { name: 'Wardrobe' })).toBeVisible();
    await page.goto('/profile');
    await expect(
      page.getByRole('region', { name: 'Account' }).getByText(account.email),
    ).toBeVisible();
  });

  test('a used or altered confirmation link says so on the sign-in page', async ({
    page,
    context,
  }) => {
    const spent =
      'That confirmation link has expired or has already been used. Sign in, or ask for a new link.';
    const account = await submitSignUp(page, newAccount('confirm-twice'));
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    const link = await confirmationLinkFor(account.email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/items$/);

    // Opened a second time, signed out: the identity service returns without an error and without
    // a session, and the sign-in page says the link is spent, with both ways in.
    await signOut(page);
    await context.clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/signin\?from=confirmation$/);
    await expect(page.getByRole('alert')).toHaveText(spent);
    await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
    await shootBoth(page, 'signup-confirmation-used');

    // A link changed in transit is refused by the identity service (?error=): the same words.
    const url = new URL(link);
    const token = url.searchParams.get('token')!;
    const at = token.length - 10;
    url.searchParams.set(
      'token',
      `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`,
    );
    await page.goto(url.toString());
    await expect(page).toHaveURL(/\/signin\?from=confirmation&error=INVALID_TOKEN$/);
    await expect(page.getByRole('alert')).toHaveText(spent);

    // The address is confirmed: the password opens the account from here.
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/items$/);
  });

  test('signing up with a registered e-mail looks like any sign-up, and mails the owner', async ({
    page,
  }) => {
    const account = await signUp(page);
    await signOut(page);

    const fresh = await submitSignUp(page, newAccount('fresh'));
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    const freshScreen = await page.getByRole('status').innerText();

    await submitSignUp(page, {
      name: 'Someone Else',
      email: account.email,
      password: 'another long password',
    });
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The same words as for a free address, but for the address itself.
    expect((await page.getByRole('status').innerText()).replace(account.email, fresh.email)).toBe(
      freshScreen,
    );

    // The owner is told, and nobody else got a way into the account.
    await expect
      .poll(async () => (await mailsTo(account.email)).length, { timeout: 15_000 })
      .toBe(2);
    const [notice] = await mailsTo(account.email);
    expect(notice).toContain('Someone tried to sign up with your address');
    expect(notice).not.toMatch(/\/api\/auth\/(verify-email|magic-link)/);
  });

  test('the check-your-inbox screen at phone and desktop widths', async ({ page }) => {
    const dir = process.env.E2E_ARTIFACTS ?? 'e2e/artifacts';
    for (const [name, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1440, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await submitSignUp(page, newAccount(`inbox-${name}`));
      await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
      await page.screenshot({ path: `${dir}/screenshots/signup-check-inbox-${name}.png` });
    }
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
    await expect(
      page.getByRole('region', { name: 'Account' }).getByText(account.email),
    ).toBeVisible();
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

  test('a forgotten password is reset through a mailed link, which works once', async ({
    page,
    context,
  }) => {
    const account = await signUp(page, newAccount('reset'));
    await signOut(page);
    await page.goto('/signin');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address typed on the sign-in form comes along.
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
    await shootBoth(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      `If ${account.email} has a Hanger account`,
    );

    const link = await passwordResetLinkFor(account.email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Choose a password.')).toBeVisible();
    await shootBoth(page, 'reset-password');
    const newPassword = `${account.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/signin\?reset=done$/);
    await expect(page.getByRole('status')).toHaveText(
      'Your password is changed. Sign in with the new one.',
    );

    // The old password no longer signs in; the new one does.
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "That e-mail and password don't match. Check them and try again.",
    );
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/items$/);

    // The link worked once: opened again, it says so and offers a new one.
    await signOut(page);
    await context.clearCookies();
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(
      'That reset link has expired or has already been used.',
    );
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('signing out in one window signs out the others of the browser', async ({
    page,
    context,
  }) => {
    await signUp(page, newAccount('tabs'));
    const other = await context.newPage();
    await other.goto('/stats');
    await expect(other.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible();
    await signOut(page);
    // The other window leaves as well, without a request of its own.
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByRole('heading', { name: 'Welcome to Hanger' })).toBeVisible();
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
