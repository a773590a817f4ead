import { randomUUID } from 'node:crypto';
import { MAX_EMAIL, MAX_PERSON_NAME } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/app.js';
import {
  getAccessToken,
  linkIn,
  randomClient,
  signUpAndGetToken,
  signUpConfirmedAndGetToken,
  startAuthApp,
  startSmtpReceiver,
  TEST_PASSWORD,
  TestBrowser,
  type AuthTestApp,
  type SmtpReceiver,
} from './helpers/auth.js';

const newEmail = () => `signup-${randomUUID()}@example.test`;
/** An address of exactly `bytes` octets. */
const addressOf = (bytes: number) => {
  const domain = '@example.test';
  return `${'a'.repeat(bytes - domain.length)}${domain}`;
};

function poster(t: () => AuthTestApp) {
  return (path: string, body: unknown, bearer?: string) =>
    fetch(`${t().baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t().baseUrl,
        'x-forwarded-for': randomClient(),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });
}

const userRows = (t: AuthTestApp, email: string) =>
  t.db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).execute();

describe.each(ENGINES)('sign-up with SMTP configured, on %s', (engine) => {
  let smtp: SmtpReceiver;
  let t: AuthTestApp;
  const post = poster(() => t);

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startAuthApp(engine, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const signUp = (email: string, password = TEST_PASSWORD, name = 'Ada') =>
    post('/api/auth/sign-up/email', { email, password, name, callbackURL: '/items' });

  it('answers a new and a registered address alike, and mails each owner', async () => {
    const owner = await signUpConfirmedAndGetToken(t.baseUrl, smtp);
    const fresh = newEmail();

    const forNew = await signUp(fresh);
    const forTaken = await signUp(owner.email.toUpperCase(), 'an attacker password', 'Mallory');

    expect(forTaken.status).toBe(forNew.status);
    expect(forNew.status).toBe(200);
    const [newBody, takenBody] = [await forNew.json(), await forTaken.json()];
    expect(takenBody).toEqual(newBody);
    expect(newBody).toEqual({
      token: null,
      user: null,
      confirmationSent: true,
      message: 'Check your inbox to confirm your address.',
    });
    for (const response of [forNew, forTaken]) {
      expect(response.headers.get('set-auth-token')).toBeNull();
      expect(response.headers.getSetCookie()).toEqual([]);
    }

    // The new address gets a confirmation link; the owner a notice with no way in for anyone else.
    const confirmation = await smtp.next(fresh);
    expect(confirmation.decoded).toContain('Confirm your Hanger account');
    linkIn(confirmation, '/api/auth/verify-email');
    const notice = await smtp.next(owner.email);
    expect(notice.decoded).toContain('Someone tried to sign up with your address');
    expect(notice.decoded).not.toContain('/api/auth/');

    // Nothing changed for the owner: one account, the old password still the one that works.
    expect(await userRows(t, owner.email)).toHaveLength(1);
    expect(
      (await post('/api/auth/sign-in/email', { email: owner.email, password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (
        await post('/api/auth/sign-in/email', {
          email: owner.email,
          password: 'an attacker password',
        })
      ).status,
    ).toBe(401);
  });

  it('lets a new account in only through the confirmation link, which opens the app signed in', async () => {
    const email = newEmail();
    expect((await signUp(email)).status).toBe(200);
    const link = linkIn(await smtp.next(email), '/api/auth/verify-email');

    // Signing in before confirming is refused, and mails a fresh link.
    const early = await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(early.headers.get('set-auth-token')).toBeNull();
    linkIn(await smtp.next(email), '/api/auth/verify-email');

    const browser = new TestBrowser();
    const hops = await browser.follow(
      link,
      (next) => next.origin === t.baseUrl && !next.pathname.startsWith('/api/'),
    );
    expect(hops[hops.length - 1]!.url.toString()).toBe(`${t.baseUrl}/items`);
    const tokenResponse = await browser.request(`${t.baseUrl}/api/auth/token`);
    expect(tokenResponse.status).toBe(200);
    const { token } = (await tokenResponse.json()) as { token: string };
    const wardrobe = await fetch(`${t.baseUrl}/api/users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(wardrobe.status).toBe(200);

    // Opened again (e.g. from another device), the link signs nobody in.
    const again = new TestBrowser();
    await again.follow(
      link,
      (next) => next.origin === t.baseUrl && !next.pathname.startsWith('/api/'),
    );
    expect((await again.request(`${t.baseUrl}/api/auth/token`)).status).toBe(401);

    expect((await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  it('sends an address owner at most three notices an hour', async () => {
    const owner = await signUpConfirmedAndGetToken(t.baseUrl, smtp);
    for (let i = 0; i < 5; i++)
      expect((await signUp(owner.email, `attempt number ${i}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(1 + 3);
  });
});

describe('sign-up without SMTP (first run of a household server)', () => {
  let t: AuthTestApp;
  const post = poster(() => t);

  beforeAll(async () => {
    t = await startAuthApp('sqlite');
  });
  afterAll(() => t?.close());

  it('signs the new account in at once, and says when an address is taken', async () => {
    // No channel can prove an address here, so nothing is gained by hiding which are taken.
    const user = await signUpAndGetToken(t.baseUrl);
    expect(
      (
        await fetch(`${t.baseUrl}/api/users`, {
          headers: { authorization: `Bearer ${user.token}` },
        })
      ).status,
    ).toBe(200);
    const again = await post('/api/auth/sign-up/email', {
      email: user.email,
      password: 'another password',
      name: 'Copy',
    });
    expect(again.status).toBe(422);
  });
});

describe.each(ENGINES)('length limits on the identity endpoints, on %s', (engine) => {
  let t: AuthTestApp;
  const post = poster(() => t);

  beforeAll(async () => {
    t = await startAuthApp(engine);
  });
  afterAll(() => t?.close());

  async function expectRefused(response: Response, code: string) {
    expect(response.status).toBe(422);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(body.message).toMatch(/too long/);
    expect(response.headers.get('set-auth-token')).toBeNull();
  }

  it('refuses a 10,000-character address on sign-up and creates nothing', async () => {
    const email = addressOf(10_000);
    await expectRefused(
      await post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: 'Long' }),
      'EMAIL_TOO_LONG',
    );
    expect(await userRows(t, email)).toHaveLength(0);
  });

  it('takes an address of 254 octets and refuses one of 255', async () => {
    const longest = addressOf(MAX_EMAIL);
    const ok = await post('/api/auth/sign-up/email', {
      email: longest,
      password: TEST_PASSWORD,
      name: 'Edge',
    });
    expect(ok.status).toBe(200);
    const over = addressOf(MAX_EMAIL + 1);
    await expectRefused(
      await post('/api/auth/sign-up/email', { email: over, password: TEST_PASSWORD, name: 'E' }),
      'EMAIL_TOO_LONG',
    );
    expect(await userRows(t, over)).toHaveLength(0);
  });

  it('refuses an over-long name or password on sign-up', async () => {
    const email = newEmail();
    await expectRefused(
      await post('/api/auth/sign-up/email', {
        email,
        password: TEST_PASSWORD,
        name: 'n'.repeat(MAX_PERSON_NAME + 1),
      }),
      'NAME_TOO_LONG',
    );
    await expectRefused(
      await post('/api/auth/sign-up/email', { email, password: 'p'.repeat(129), name: 'Ada' }),
      'PASSWORD_TOO_LONG',
    );
    expect(await userRows(t, email)).toHaveLength(0);
  });

  it('refuses an over-long address for a sign-in link, and sends nothing', async () => {
    const email = addressOf(10_000);
    await expectRefused(
      await post('/api/auth/sign-in/magic-link', { email, callbackURL: '/' }),
      'EMAIL_TOO_LONG',
    );
    expect(t.logLines.some((l) => l.includes('magic-link/verify') && l.includes(email))).toBe(
      false,
    );
  });

  it('refuses an over-long name on a profile update and keeps the old one', async () => {
    const user = await signUpAndGetToken(t.baseUrl);
    await expectRefused(
      await post(
        '/api/auth/update-user',
        { name: 'n'.repeat(MAX_PERSON_NAME + 1) },
        user.sessionToken,
      ),
      'NAME_TOO_LONG',
    );
    const row = await t.db
      .selectFrom('user')
      .select('name')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(user.email.split('@')[0]);
    const ok = await post('/api/auth/update-user', { name: 'Ada Lovelace' }, user.sessionToken);
    expect(ok.status).toBe(200);
  });

  it('refuses an over-long new password', async () => {
    const user = await signUpAndGetToken(t.baseUrl);
    await expectRefused(
      await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'p'.repeat(129) },
        user.sessionToken,
      ),
      'PASSWORD_TOO_LONG',
    );
    expect(
      (await post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
  });
});

describe.each(ENGINES)('security events of the identity service, on %s', (engine) => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp(engine);
  });
  afterAll(() => t?.close());

  /** The structured security lines logged since `from` (an index into t.logLines). */
  const events = (from: number) =>
    t.logLines
      .slice(from)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => typeof l.security === 'string');

  const postFrom = (client: string, path: string, body: unknown, bearer?: string) =>
    fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.baseUrl,
        'x-forwarded-for': client,
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('logs sign-ups, failed sign-ins and the lockout with the account and the address', async () => {
    const from = t.logLines.length;
    const user = await signUpAndGetToken(t.baseUrl);
    const attacker = randomClient();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await postFrom(attacker, '/api/auth/sign-in/email', {
            email: user.email,
            password: `guess-${i}-secret`,
          })
        ).status,
      ).toBe(401);
    expect(
      (
        await postFrom(attacker, '/api/auth/sign-in/email', {
          email: user.email,
          password: 'x'.repeat(9),
        })
      ).status,
    ).toBe(429);

    const logged = events(from);
    expect(logged).toContainEqual(
      expect.objectContaining({ security: 'sign_up', userId: user.userId, level: 30 }),
    );
    const failures = logged.filter((e) => e.security === 'sign_in_failed');
    expect(failures).toHaveLength(5);
    for (const failure of failures)
      expect(failure).toMatchObject({ userId: user.userId, ip: attacker });
    expect(logged).toContainEqual(
      expect.objectContaining({
        security: 'account_locked',
        userId: user.userId,
        ip: attacker,
        level: 40,
      }),
    );
    const text = t.logLines.slice(from).join('\n');
    expect(text).not.toContain('-secret');
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(user.sessionToken.split('.')[0]);
  });

  it('logs password changes, ended sessions, bans and removals', async () => {
    const admin = await signUpAndGetToken(t.baseUrl);
    await t.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
    const user = await signUpAndGetToken(t.baseUrl);
    const client = randomClient();
    const from = t.logLines.length;

    const change = await postFrom(
      client,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase' },
      user.sessionToken,
    );
    expect(change.status).toBe(200);
    const renewed = change.headers.get('set-auth-token')!;
    const renewedToken = await getAccessToken(t.baseUrl, renewed);
    expect(
      (
        await postFrom(
          client,
          '/api/auth/admin/ban-user',
          { userId: user.userId },
          admin.sessionToken,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await postFrom(
          client,
          '/api/auth/admin/remove-user',
          { userId: user.userId },
          admin.sessionToken,
        )
      ).status,
    ).toBe(200);

    const logged = events(from);
    expect(logged).toContainEqual(
      expect.objectContaining({ security: 'password_changed', userId: user.userId, ip: client }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        security: 'session_revoked',
        userId: user.userId,
        ip: client,
        reason: '/change-password',
      }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        security: 'account_banned',
        userId: user.userId,
        actorId: admin.userId,
        ip: client,
        level: 40,
      }),
    );
    expect(logged).toContainEqual(
      expect.objectContaining({
        security: 'account_deleted',
        userId: user.userId,
        actorId: admin.userId,
        ip: client,
      }),
    );
    const text = t.logLines.slice(from).join('\n');
    expect(text).not.toContain('a brand new passphrase');
    expect(text).not.toContain(renewed.split('.')[0]);
    expect(text).not.toContain(renewedToken);
  });
});
