import { test as base, expect, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every test gets the address of the server the global setup started. */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global setup)');
    await use(url);
  },
});

export { expect };

let counter = 0;

/** A new account's details; the e-mail is unique per run and test. */
export function newAccount(prefix = 'e2e') {
  counter += 1;
  return {
    name: 'Ada Lovelace',
    email: `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@hanger.test`,
    password: 'correct horse battery staple',
  };
}

/** Fills the sign-up form and sends it; the page then asks the visitor to check their inbox. */
export async function submitSignUp(page: Page, account = newAccount()) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  return account;
}

/**
 * A new, confirmed and signed-in account: the e2e server sends e-mail, so sign-up is confirmed by
 * the mailed link, which signs in and lands on the items tab.
 */
export async function signUp(page: Page, account = newAccount()) {
  await submitSignUp(page, account);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await confirmationLinkFor(account.email));
  await expect(page).toHaveURL(/\/items$/);
  return account;
}

/**
 * The same new, confirmed and signed-in account on the items tab as signUp, for specs whose
 * subject is not signing up: the account is created by the request the sign-up form sends
 * (POST /api/auth/sign-up/email, through the page's cookie jar) instead of loading and filling the
 * form, and confirmed by opening the mailed link, which signs in and returns to /items. The auth
 * specs sign up through the form itself (signUp).
 */
export async function signUpByApi(page: Page, account = newAccount()) {
  // The request's origin, as the browser would send it (the page may not have loaded anything).
  const origin = new URL((await page.request.get('/api/health')).url()).origin;
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      callbackURL: '/items',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  // As the form's "Check your inbox": the server mailed a confirmation, no session yet.
  expect(await res.json()).toMatchObject({ confirmationSent: true });
  await page.goto(await confirmationLinkFor(account.email));
  await expect(page).toHaveURL(/\/items$/);
  return account;
}

export async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The decoded mails to `email` received so far, newest first. */
export async function mailsTo(email: string): Promise<string[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const mails: string[] = [];
  for (const file of (await readdir(dir)).sort().reverse()) {
    const raw = await readFile(join(dir, file), 'utf8');
    if (!raw.startsWith(`X-Envelope-To: ${email}\r\n`)) continue;
    mails.push(decodeQuotedPrintable(raw).replace(/&amp;/g, '&').replace(/&#38;/g, '&'));
  }
  return mails;
}

/** Waits for a link to `path` (an /api/auth route) in a mail to `email` and answers its URL. */
async function mailedLink(
  email: string,
  path: string,
  what: string,
  timeoutMs: number,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+/api/auth/${path}\\?[^\\s"'<>]+`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const body of await mailsTo(email)) {
      const match = pattern.exec(body);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${what} for ${email} arrived within ${timeoutMs} ms`);
}

/** Waits for the sign-in link mailed to `email` and answers its URL. */
export async function signInLinkFor(email: string, timeoutMs = 15_000): Promise<string> {
  return mailedLink(email, 'magic-link/verify', 'sign-in link', timeoutMs);
}

/** Waits for the sign-up confirmation link mailed to `email` and answers its URL. */
export async function confirmationLinkFor(email: string, timeoutMs = 15_000): Promise<string> {
  return mailedLink(email, 'verify-email', 'confirmation link', timeoutMs);
}

/** Waits for the password-reset link mailed to `email` and answers its URL. */
export async function passwordResetLinkFor(email: string, timeoutMs = 15_000): Promise<string> {
  return mailedLink(email, 'reset-password/[^\\s"\'<>?]+', 'password-reset link', timeoutMs);
}

/** Full-page screenshots kept as artifacts (e2e/artifacts/screenshots). */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/artifacts/screenshots/${name}.png`, fullPage: false });
}
