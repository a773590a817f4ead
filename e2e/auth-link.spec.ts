import type { Browser, Page } from '@playwright/test';
import { expect, randomClient, screenshots, test, type AuthDb } from './auth-server';
import { newAccount, signOut, signUp } from './fixtures';
import { signInMailsTo, waitForSignInLinks } from './mailbox';

/**
 * The e-mailed sign-in link against the real SMTP receiver, in Chromium: it works once, expires
 * after ten minutes, signs in only the address it was mailed to, and an address gets at most three
 * links in ten minutes. The server under test is the worker's auth server (see auth-server.ts).
 */

const USED_OR_INVALID =
  'That sign-in link has expired or has already been used. Request a new one.';
const TOO_MANY =
  'Too many attempts for this e-mail address. Please wait a few minutes and try again.';
const TEN_MINUTES = 10 * 60 * 1000;

/** Asks for a sign-in link on /signin, as a person would; answers when the page confirms it. */
async function askForLink(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

/** Who the browser is signed in as, from the profile page; null when it is sent to /login. */
async function signedInAs(page: Page): Promise<string | null> {
  const token = await page.request.get('/api/auth/token');
  if (token.status() === 401) return null;
  expect(token.status()).toBe(200);
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { email: string };
  };
  return session.user.email;
}

/** A browser of a person somewhere else (another client address, no cookies). */
async function elsewhere(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': randomClient() },
  });
  return { context, page: await context.newPage() };
}

/** The stored record of the newest sign-in link for `email` (only a hash of the token is kept). */
async function linkRecord(db: AuthDb, email: string) {
  const rows = await db.all<{ id: string; expiresAt: unknown; createdAt: unknown }>(
    `select id, "expiresAt", "createdAt" from verification
      where identifier like 'magic-link:%' and value like ? order by "createdAt" desc`,
    [`%"email":"${email}"%`],
  );
  expect(rows.length, `a stored sign-in link for ${email}`).toBeGreaterThan(0);
  const row = rows[0]!;
  return { id: row.id, expiresAt: db.date(row.expiresAt) };
}

// Several sign-ins per test, each through the issuer or a mailbox: more than the default minute
// on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.describe('the e-mailed sign-in link', () => {
  test('works once: the second click, in any browser, is refused with a clear screen', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A first link for an address signs its owner up, so this is also how a new person starts.
    const account = newAccount('once');
    await askForLink(page, account.email);
    const [link] = await waitForSignInLinks(account.email, 1);

    await page.goto(link!);
    await expect(page).toHaveURL(/\/items$/);
    expect(await signedInAs(page)).toBe(account.email);

    // Someone who copied the link (another browser) and the owner after signing out: both refused.
    const other = await elsewhere(browser, baseURL!);
    await other.page.goto(link!);
    await expect(other.page).toHaveURL(/\/signin\?error=INVALID_TOKEN$/);
    await expect(other.page.getByRole('alert')).toHaveText(USED_OR_INVALID);
    expect(await signedInAs(other.page)).toBeNull();
    await other.context.close();

    await signOut(page);
    await page.goto(link!);
    await expect(page).toHaveURL(/\/signin\?error=INVALID_TOKEN$/);
    await expect(page.getByRole('alert')).toHaveText(USED_OR_INVALID);
    await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
    expect(await signedInAs(page)).toBeNull();
    await screenshots(page, 'signin-link-used');
  });

  test('expires ten minutes after it was sent', async ({ page, authServer }) => {
    const { db } = authServer;
    // A first link for an address signs its owner up: no account is needed beforehand.
    const account = newAccount('expiry');

    // The mail says so, and the server stored exactly that lifetime.
    const asked = Date.now();
    await askForLink(page, account.email);
    const [late] = await waitForSignInLinks(account.email, 1);
    const received = Date.now();
    const [mail] = await signInMailsTo(account.email);
    expect(mail!.text).toContain('The link works once and expires in 10 minutes.');
    const lateRecord = await linkRecord(db, account.email);
    expect(lateRecord.expiresAt.getTime()).toBeGreaterThanOrEqual(asked + TEN_MINUTES - 1000);
    expect(lateRecord.expiresAt.getTime()).toBeLessThanOrEqual(received + TEN_MINUTES + 1000);

    await askForLink(page, account.email);
    const [, onTime] = await waitForSignInLinks(account.email, 2);
    const onTimeRecord = await linkRecord(db, account.email);
    expect(onTimeRecord.id).not.toBe(lateRecord.id);

    // Instead of waiting, move each link's sending time back: the first is opened 10 min 1 s
    // after it was sent, the second 9 min 30 s after.
    const sentAgo = (id: string, ageMs: number) =>
      db.run(`update verification set "expiresAt" = ? where id = ?`, [
        db.time(new Date(Date.now() + TEN_MINUTES - ageMs)),
        id,
      ]);
    expect(await sentAgo(lateRecord.id, TEN_MINUTES + 1000)).toBe(1);
    expect(await sentAgo(onTimeRecord.id, 9.5 * 60 * 1000)).toBe(1);

    await page.goto(late!);
    await expect(page).toHaveURL(/\/signin\?error=INVALID_TOKEN$/);
    await expect(page.getByRole('alert')).toHaveText(USED_OR_INVALID);
    expect(await signedInAs(page)).toBeNull();

    await page.goto(onTime!);
    await expect(page).toHaveURL(/\/items$/);
    expect(await signedInAs(page)).toBe(account.email);
  });

  test('signs in only the address it was sent to, whatever is changed in it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const ada = await signUp(page, newAccount('ada'));
    await signOut(page);
    const bob = newAccount('bob');
    const bobs = await elsewhere(browser, baseURL!);

    await askForLink(page, ada.email);
    const [link] = await waitForSignInLinks(ada.email, 1);
    // Only Ada's mailbox received it.
    const mails = await signInMailsTo(ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([ada.email]);
    expect(await signInMailsTo(bob.email)).toHaveLength(0);
    // The address is not in the link at all: the server keeps it with a hash of the token.
    expect(link).not.toContain(encodeURIComponent(ada.email));
    expect(link).not.toContain(ada.email);

    // A token changed by one character is a token nobody was sent.
    const url = new URL(link!);
    const token = url.searchParams.get('token')!;
    const forged = new URL(url);
    forged.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`);
    await bobs.page.goto(forged.toString());
    await expect(bobs.page).toHaveURL(/\/signin\?error=INVALID_TOKEN$/);
    await expect(bobs.page.getByRole('alert')).toHaveText(USED_OR_INVALID);
    expect(await signedInAs(bobs.page)).toBeNull();

    // A link that would send the browser (and the new session) to another site is refused
    // before the token is spent.
    for (const param of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
      const offsite = new URL(url);
      offsite.searchParams.set(param, 'https://attacker.example/collect');
      const response = await bobs.page.goto(offsite.toString());
      expect(response!.status(), param).toBe(403);
      expect(new URL(bobs.page.url()).origin).toBe(baseURL);
      expect(await signedInAs(bobs.page), param).toBeNull();
    }

    // Naming Bob in the link changes nothing: whoever opens it, it signs Ada in.
    const renamed = new URL(url);
    renamed.searchParams.set('email', bob.email);
    await bobs.page.goto(renamed.toString());
    await expect(bobs.page).toHaveURL(/\/items$/);
    expect(await signedInAs(bobs.page)).toBe(ada.email);
    await bobs.page.goto('/profile');
    await expect(bobs.page.getByText(ada.email).first()).toBeVisible();
    await expect(bobs.page.getByText(bob.email)).toHaveCount(0);
    await bobs.context.close();
  });

  test('an address gets three links in ten minutes; the fourth request is refused', async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = newAccount('limit');
    await askForLink(page, account.email);
    await page.getByRole('button', { name: 'Send it again' }).click();
    await expect(page.getByRole('button', { name: 'Send it again' })).toBeEnabled();
    await page.getByRole('button', { name: 'Send it again' }).click();
    await expect(page.getByRole('button', { name: 'Send it again' })).toBeEnabled();
    await waitForSignInLinks(account.email, 3);

    // The fourth, from the same screen: refused, and the screen says so.
    await page.getByRole('button', { name: 'Send it again' }).click();
    await expect(page.getByRole('alert')).toHaveText(TOO_MANY);
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await screenshots(page, 'signin-link-limit');

    // The limit belongs to the address, not to this browser: another client is refused for this
    // address, and this client may still ask for a link for someone else.
    const other = await elsewhere(browser, baseURL!);
    await other.page.goto('/signin');
    await other.page.getByLabel('E-mail').fill(account.email);
    await other.page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(other.page.getByRole('alert')).toHaveText(TOO_MANY);
    await other.context.close();

    const someoneElse = newAccount('limit-other');
    await askForLink(page, someoneElse.email);
    await waitForSignInLinks(someoneElse.email, 1);

    // Nothing more reached the inbox.
    await new Promise((r) => setTimeout(r, 500));
    expect(await signInMailsTo(account.email)).toHaveLength(3);
  });
});
