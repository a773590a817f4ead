import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, freePort } from './helpers/app.js';
import {
  banInDatabase,
  linkIn,
  signUpConfirmedAndGetToken,
  startAuthApp,
  startSmtpReceiver,
  TEST_PASSWORD,
  TestBrowser,
  type AuthTestApp,
  type SmtpReceiver,
} from './helpers/auth.js';

const MAIL_FROM = 'Hanger <no-reply@hanger.test>';
const newEmail = () => `link-${randomUUID()}@example.test`;

describe.each(ENGINES)('e-mail links over SMTP on %s', (engine) => {
  let smtp: SmtpReceiver;
  let t: AuthTestApp;
  let url: (path: string) => string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startAuthApp(engine, { env: { SMTP_URL: smtp.url, MAIL_FROM } });
    url = (path) => `${t.baseUrl}${path}`;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const apiStatus = async (token: string) =>
    (await fetch(url('/api/users'), { headers: { authorization: `Bearer ${token}` } })).status;

  /** Asks for a sign-in link from a browser on the sign-in page and returns the mailed link. */
  async function mailedSignInLink(browser: TestBrowser, email: string): Promise<string> {
    const response = await browser.postJson(url('/api/auth/sign-in/magic-link'), {
      email,
      callbackURL: '/',
    });
    expect(response.status).toBe(200);
    return linkIn(await smtp.next(email), '/api/auth/magic-link/verify');
  }

  /** Follows a mailed link in a browser; returns where the app sent it and whether it is signed in. */
  async function open(link: string) {
    const browser = new TestBrowser();
    const hops = await browser.follow(
      link,
      (next) => next.origin === t.baseUrl && !next.pathname.startsWith('/api/'),
    );
    const landed = hops[hops.length - 1]!.url;
    const tokenResponse = await browser.request(url('/api/auth/token'));
    return { landed, browser, tokenResponse };
  }

  it('signs a new address in through a mailed link, once', async () => {
    const email = newEmail();
    const link = await mailedSignInLink(new TestBrowser(), email);
    expect(link.startsWith(`${t.baseUrl}/api/auth/magic-link/verify?token=`)).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes(email))!;
    expect(mail.decoded).toContain(`From: ${MAIL_FROM}`);
    expect(mail.decoded).toContain('expires in 10 minutes');

    const first = await open(link);
    expect(first.landed.toString()).toBe(`${t.baseUrl}/`);
    expect(first.tokenResponse.status).toBe(200);
    const { token } = (await first.tokenResponse.json()) as { token: string };
    expect(decodeJwt(token).email).toBe(email);
    expect(await apiStatus(token)).toBe(200);

    const second = await open(link);
    expect(second.landed.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(second.tokenResponse.status).toBe(401);
  });

  it('signs an existing account in to that same account', async () => {
    const user = await signUpConfirmedAndGetToken(t.baseUrl, smtp);
    const { tokenResponse } = await open(await mailedSignInLink(new TestBrowser(), user.email));
    const { token } = (await tokenResponse.json()) as { token: string };
    expect(decodeJwt(token)).toMatchObject({ sub: user.userId, email: user.email });
    expect(await apiStatus(token)).toBe(200);
  });

  it('refuses an expired link', async () => {
    const email = newEmail();
    const link = await mailedSignInLink(new TestBrowser(), email);
    // Ten minutes pass: the link's record now lies in the past.
    const expired = await t.db
      .updateTable('verification')
      .set({
        expiresAt:
          engine === 'postgres'
            ? new Date(Date.now() - 1000)
            : new Date(Date.now() - 1000).toISOString(),
      })
      .where('value', 'like', `%${email}%`)
      .executeTakeFirst();
    expect(Number(expired.numUpdatedRows)).toBe(1);

    const { landed, tokenResponse } = await open(link);
    expect(landed.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(tokenResponse.status).toBe(401);
    expect(
      await t.db.selectFrom('user').select('id').where('email', '=', email).execute(),
    ).toHaveLength(0);
  });

  it('refuses a made-up link', async () => {
    const { landed, tokenResponse } = await open(
      url(`/api/auth/magic-link/verify?token=${'a'.repeat(32)}&callbackURL=%2F`),
    );
    expect(landed.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(tokenResponse.status).toBe(401);
  });

  it('gives a disabled account no session through a link', async () => {
    const user = await signUpConfirmedAndGetToken(t.baseUrl, smtp);
    await banInDatabase(t, user.userId);
    const { tokenResponse, browser } = await open(
      await mailedSignInLink(new TestBrowser(), user.email),
    );
    expect(tokenResponse.status).toBe(401);
    expect(browser.cookieHeader(t.baseUrl)).not.toContain('session_token');
  });

  it('resets a forgotten password through a mailed link and ends every session', async () => {
    const user = await signUpConfirmedAndGetToken(t.baseUrl, smtp);
    const browser = new TestBrowser();
    const ask = await browser.postJson(url('/api/auth/request-password-reset'), {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(ask.status).toBe(200);
    const link = linkIn(await smtp.next(user.email), '/api/auth/reset-password/');

    const hops = await browser.follow(link, (next) => next.pathname === '/reset-password');
    const page = hops[hops.length - 1]!.url;
    const token = page.searchParams.get('token');
    expect(token).toBeTruthy();

    const newPassword = 'freshly reset passphrase';
    const reset = await browser.postJson(url('/api/auth/reset-password'), { token, newPassword });
    expect(reset.status).toBe(200);
    const again = await browser.postJson(url('/api/auth/reset-password'), {
      token,
      newPassword: 'yet another one',
    });
    expect(again.status).toBe(400);

    const oldSession = await fetch(url('/api/auth/token'), {
      headers: { authorization: `Bearer ${user.sessionToken}` },
    });
    expect(oldSession.status).toBe(401);
    const signIn = (password: string) =>
      browser.postJson(url('/api/auth/sign-in/email'), { email: user.email, password });
    expect((await signIn(TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(newPassword)).status).toBe(200);
  });
});

describe('e-mail links without SMTP', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp('sqlite');
  });
  afterAll(() => t?.close());

  it('writes the sign-in link to the server log, and the link works', async () => {
    const email = newEmail();
    const browser = new TestBrowser();
    const response = await browser.postJson(`${t.baseUrl}/api/auth/sign-in/magic-link`, {
      email,
      callbackURL: '/',
    });
    expect(response.status).toBe(200);

    const line = t.logLines.find((l) => l.includes(email) && l.includes('magic-link/verify'));
    expect(line).toBeDefined();
    const link = (JSON.parse(line!) as { url: string }).url;

    const hops = await browser.follow(
      link,
      (next) => next.origin === t.baseUrl && !next.pathname.startsWith('/api/'),
    );
    expect(hops[hops.length - 1]!.url.toString()).toBe(`${t.baseUrl}/`);
    expect((await browser.request(`${t.baseUrl}/api/auth/token`)).status).toBe(200);
  });
});

describe('e-mail links with the mail server down', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp('sqlite', { env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(() => t?.close());

  it('tells the user the link was not sent, and logs why', async () => {
    const response = await new TestBrowser().postJson(`${t.baseUrl}/api/auth/sign-in/magic-link`, {
      email: newEmail(),
      callbackURL: '/',
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'EMAIL_NOT_SENT' });
    expect(t.logLines.some((l) => l.includes('Could not send the sign-in link e-mail'))).toBe(true);
  });
});
