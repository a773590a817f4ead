import { randomUUID } from 'node:crypto';
import { request as playwrightRequest, type Page } from '@playwright/test';
import {
  expect,
  OIDC_DISPLAY_NAME,
  OIDC_PROVIDER_ID,
  randomClient,
  screenshots,
  test,
  type AuthDb,
} from './auth-server';
import { newAccount, signOut, signUp } from './fixtures';
import type { IssuerAccount, Misbehaviour, TestIssuer } from './oidc-issuer';

/**
 * Sign-in through an OpenID Connect issuer (a real oidc-provider, started per worker next to the
 * auth server; see auth-server.ts and oidc-issuer.ts), in Chromium: the happy path, then every
 * way the callback must refuse, and when an issuer identity may join an existing password account.
 */

const CALLBACK_PATH = `/api/auth/callback/${OIDC_PROVIDER_ID}`;
const NOT_VERIFIED =
  "Your sign-in provider's answer could not be verified, so you were not signed in. Please try again.";
const STATE_MISMATCH = 'Sign-in took too long or was opened in another browser. Please try again.';
const NOT_LINKED =
  "An account with this e-mail address already exists, and it can't be joined to this sign-in " +
  'without proof that the address is yours. Sign in with your e-mail instead.';

function issuerAccount(emailVerified = true, email?: string): IssuerAccount {
  const id = randomUUID();
  return {
    sub: `subject-${id}`,
    email: email ?? `oidc-${id}@hanger.test`,
    name: 'Ida Issuer',
    emailVerified,
  };
}

async function continueWithIssuer(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${OIDC_DISPLAY_NAME}` }).click();
}

/** Walks the issuer, which holds the browser before the app's callback; answers that URL. */
async function heldAtCallback(page: Page, issuer: TestIssuer): Promise<URL> {
  const callback = issuer.holdNextCallback();
  await continueWithIssuer(page);
  const url = await callback;
  expect(url.pathname).toBe(CALLBACK_PATH);
  await expect(page.getByText('held by the test')).toBeVisible();
  return url;
}

async function signedInAs(page: Page): Promise<string | null> {
  const token = await page.request.get('/api/auth/token');
  if (token.status() === 401) return null;
  expect(token.status()).toBe(200);
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { email: string };
  };
  return session.user.email;
}

async function usersWithEmail(db: AuthDb, email: string) {
  return db.all<{ id: string; emailVerified: unknown }>(
    `select id, "emailVerified" from "user" where email = ?`,
    [email],
  );
}

async function signInMethodsOf(db: AuthDb, userId: string) {
  const rows = await db.all<{ providerId: string; accountId: string }>(
    `select "providerId", "accountId" from account where "userId" = ? order by "providerId"`,
    [userId],
  );
  return rows.map((r) => ({ providerId: r.providerId, accountId: r.accountId }));
}

/** The browser is back on /login with `code` in the address and `message` on screen, signed out. */
async function refusedWith(page: Page, code: string, message: string) {
  await expect(page).toHaveURL(new RegExp(`/login\\?error=${code}$`));
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(
    page.getByRole('button', { name: `Continue with ${OIDC_DISPLAY_NAME}` }),
  ).toBeVisible();
  expect(await signedInAs(page)).toBeNull();
}

// Several sign-ins per test, each through the issuer or a mailbox: more than the default minute
// on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.describe('signing in through an OpenID Connect issuer', () => {
  test('a new person continues with the issuer and lands on their items', async ({
    page,
    authServer,
  }) => {
    const person = issuerAccount();
    authServer.issuer.loginAs(person);
    await continueWithIssuer(page);
    await expect(page).toHaveURL(/\/items$/);
    await expect(page.getByRole('navigation', { name: 'Wardrobe' })).toBeVisible();
    expect(await signedInAs(page)).toBe(person.email);

    const [user] = await usersWithEmail(authServer.db, person.email);
    expect(await signInMethodsOf(authServer.db, user!.id)).toEqual([
      { providerId: OIDC_PROVIDER_ID, accountId: person.sub },
    ]);
  });

  test('refuses a callback whose state this browser was not given', async ({
    page,
    authServer,
  }) => {
    const person = issuerAccount();
    authServer.issuer.loginAs(person);
    const callback = await heldAtCallback(page, authServer.issuer);
    expect(callback.searchParams.get('code')).toBeTruthy();
    callback.searchParams.set('state', randomUUID().replace(/-/g, ''));

    await page.goto(callback.toString());
    await refusedWith(page, 'state_mismatch', STATE_MISMATCH);
    expect(await usersWithEmail(authServer.db, person.email)).toHaveLength(0);
  });

  test('refuses an authorization code used a second time', async ({ page, authServer }) => {
    const person = issuerAccount();
    authServer.issuer.loginAs(person);
    const callback = await heldAtCallback(page, authServer.issuer);
    await page.goto(callback.toString());
    await expect(page).toHaveURL(/\/items$/);
    expect(await signedInAs(page)).toBe(person.email);
    await signOut(page);

    // The same callback again, in the same browser: its state was spent with the first use.
    await page.goto(callback.toString());
    await refusedWith(page, 'state_mismatch', STATE_MISMATCH);

    // The old code under a fresh, valid state: the issuer refuses the code at its token endpoint.
    const refusedBefore = authServer.issuer.refusedTokenRequests();
    const fresh = await heldAtCallback(page, authServer.issuer);
    fresh.searchParams.set('code', callback.searchParams.get('code')!);
    await page.goto(fresh.toString());
    await refusedWith(page, 'invalid_code', NOT_VERIFIED);
    expect(authServer.issuer.refusedTokenRequests()).toBe(refusedBefore + 1);
  });

  test('accepts an ID token the issuer re-signed with nothing changed', async ({
    page,
    authServer,
  }) => {
    // The control for the refusals below: re-signing alone does not break the token, so each
    // refusal is about the one claim that was changed.
    const person = issuerAccount();
    authServer.issuer.loginAs(person, 're-sign');
    await continueWithIssuer(page);
    await expect(page).toHaveURL(/\/items$/);
    expect(await signedInAs(page)).toBe(person.email);
  });

  const misbehaviours: { how: Misbehaviour; what: string; code: string; log: string }[] = [
    {
      how: 'nonce',
      what: 'an ID token bound to another nonce',
      code: 'unable_to_get_user_info',
      log: 'id_token failed verification',
    },
    {
      how: 'audience',
      what: 'an ID token issued for another client',
      code: 'unable_to_get_user_info',
      log: 'id_token failed verification',
    },
    {
      how: 'id-token-issuer',
      what: 'an ID token from another issuer',
      code: 'unable_to_get_user_info',
      log: 'id_token failed verification',
    },
    {
      how: 'response-issuer',
      what: 'an authorization response naming another issuer',
      code: 'issuer_mismatch',
      log: 'OAuth issuer mismatch',
    },
  ];
  for (const { how, what, code, log } of misbehaviours) {
    test(`refuses ${what}`, async ({ page, authServer }) => {
      const person = issuerAccount();
      authServer.issuer.loginAs(person, how);
      const logged = authServer.log().length;
      await continueWithIssuer(page);
      await refusedWith(page, code, NOT_VERIFIED);
      expect(await usersWithEmail(authServer.db, person.email)).toHaveLength(0);
      // The server writes its log in batches (up to 250 ms late, plugins/access-log.ts).
      await expect.poll(() => authServer.log().slice(logged)).toContain(log);
    });
  }
});

test.describe('an issuer identity and an existing password account with the same e-mail', () => {
  /** A password account whose owner confirmed the address; answers its user id. */
  async function confirmedPasswordAccount(page: Page, db: AuthDb, prefix: string) {
    const account = await signUp(page, newAccount(prefix));
    await signOut(page);
    const [user] = await usersWithEmail(db, account.email);
    expect(user).toBeDefined();
    // SQLite answers 1, PostgreSQL true.
    expect(Boolean(user!.emailVerified), 'sign-up confirmed the address').toBe(true);
    return { ...account, userId: user!.id };
  }

  test('is not joined when the issuer does not vouch for the address', async ({
    page,
    authServer,
  }) => {
    const { db, issuer } = authServer;
    const owner = await confirmedPasswordAccount(page, db, 'unverified-merge');
    issuer.loginAs(issuerAccount(false, owner.email));
    await continueWithIssuer(page);
    await refusedWith(page, 'account_not_linked', NOT_LINKED);
    await screenshots(page, 'oidc-not-joined');
    expect(await signInMethodsOf(db, owner.userId)).toEqual([
      { providerId: 'credential', accountId: owner.userId },
    ]);
    expect(await usersWithEmail(db, owner.email)).toHaveLength(1);

    // The owner's own way in still works.
    await page.getByRole('link', { name: 'Sign in with e-mail' }).click();
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/items$/);
  });

  test('is joined when the issuer says the address is verified', async ({ page, authServer }) => {
    const { db, issuer } = authServer;
    const owner = await confirmedPasswordAccount(page, db, 'verified-merge');
    const identity = issuerAccount(true, owner.email);
    issuer.loginAs(identity);
    await continueWithIssuer(page);
    await expect(page).toHaveURL(/\/items$/);
    expect(await signedInAs(page)).toBe(owner.email);
    await page.goto('/profile');
    await expect(page.getByText(owner.email).first()).toBeVisible();

    expect(await usersWithEmail(db, owner.email)).toHaveLength(1);
    expect(await signInMethodsOf(db, owner.userId)).toEqual([
      { providerId: 'credential', accountId: owner.userId },
      { providerId: OIDC_PROVIDER_ID, accountId: identity.sub },
    ]);

    // Both ways in lead to the same account.
    await signOut(page);
    await page.getByRole('link', { name: 'Sign in with e-mail' }).click();
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/items$/);
  });

  test('is not joined to an account whose address was never confirmed', async ({
    page,
    authServer,
    baseURL,
  }) => {
    // Someone else registered the victim's address with a password and never confirmed it; the
    // real owner later arrives through the issuer, which vouches for the address.
    const { db, issuer } = authServer;
    const victim = newAccount('squatted');
    const squatter = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': randomClient(), origin: baseURL! },
    });
    const signUpResponse = await squatter.post('/api/auth/sign-up/email', {
      data: { name: 'Squatter', email: victim.email, password: 'squatters own password' },
    });
    expect(signUpResponse.status()).toBe(200);
    await squatter.dispose();
    const [squatted] = await usersWithEmail(db, victim.email);
    expect(squatted).toBeDefined();
    expect(Boolean(squatted!.emailVerified)).toBe(false);

    issuer.loginAs(issuerAccount(true, victim.email));
    await continueWithIssuer(page);
    await refusedWith(page, 'account_not_linked', NOT_LINKED);
    expect(await signInMethodsOf(db, squatted!.id)).toEqual([
      { providerId: 'credential', accountId: squatted!.id },
    ]);
  });
});
