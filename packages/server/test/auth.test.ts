import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { testJpeg } from './helpers/api.js';
import { ENGINES } from './helpers/app.js';
import {
  banInDatabase,
  getAccessToken,
  randomClient,
  signUpAndGetToken,
  TEST_PASSWORD,
  TestBrowser,
  withAuthApp,
} from './helpers/auth.js';

const NEW_PASSWORD = 'a much better passphrase';

describe.each(ENGINES)('identity service on %s', (engine) => {
  const suite = withAuthApp(engine);
  const url = (path: string) => `${suite.t.baseUrl}${path}`;

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url(path), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: suite.t.baseUrl,
        'x-forwarded-for': randomClient(),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  /** The product API: a signed-in user's wardrobe. */
  const wardrobe = (token: string) =>
    fetch(url('/api/users'), { headers: { authorization: `Bearer ${token}` } });
  const tokenWith = (sessionToken: string) =>
    fetch(url('/api/auth/token'), { headers: { authorization: `Bearer ${sessionToken}` } });
  const signIn = (email: string, password: string) =>
    post('/api/auth/sign-in/email', { email, password });
  const userRows = (email: string) =>
    suite.t.db.selectFrom('user').select('id').where('email', '=', email).execute();

  it('signs a new account up and hands out a short-lived access token the API accepts', async () => {
    const user = await signUpAndGetToken(suite.t.baseUrl);

    const header = decodeProtectedHeader(user.token);
    const claims = decodeJwt(user.token);
    expect(header.alg).toBe('EdDSA');
    expect(claims).toMatchObject({
      iss: suite.t.baseUrl,
      aud: suite.t.baseUrl,
      sub: user.userId,
      email: user.email,
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);

    const response = await wardrobe(user.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ clothes: {}, outfits: {}, calendar: {} });
  });

  it('refuses a password shorter than 8 characters and creates no account', async () => {
    const email = `short-${Date.now()}@example.test`;
    const response = await post('/api/auth/sign-up/email', {
      email,
      password: 'seven77',
      name: 'Short',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await userRows(email)).toHaveLength(0);
  });

  it('refuses a second account with the same e-mail', async () => {
    const user = await signUpAndGetToken(suite.t.baseUrl);
    const response = await post('/api/auth/sign-up/email', {
      email: user.email.toUpperCase(),
      password: 'another password',
      name: 'Copy',
    });
    expect(response.status).toBe(422);
    expect(await userRows(user.email)).toHaveLength(1);
  });

  it('signs in with the right password and refuses a wrong one', async () => {
    const user = await signUpAndGetToken(suite.t.baseUrl);

    const wrong = await signIn(user.email, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-auth-token')).toBeNull();
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const unknown = await signIn(`nobody-${Date.now()}@example.test`, TEST_PASSWORD);
    expect(unknown.status).toBe(401);

    const right = await signIn(user.email, TEST_PASSWORD);
    expect(right.status).toBe(200);
    const sessionToken = right.headers.get('set-auth-token');
    expect(sessionToken).toBeTruthy();
    expect(right.headers.getSetCookie().some((c) => c.startsWith('hanger.session_token='))).toBe(
      true,
    );
    const token = await getAccessToken(suite.t.baseUrl, sessionToken!);
    expect(decodeJwt(token).sub).toBe(user.userId);
  });

  it('gives a browser session (cookie) an access token too', async () => {
    const user = await signUpAndGetToken(suite.t.baseUrl);
    const browser = new TestBrowser();
    expect(
      (
        await browser.postJson(url('/api/auth/sign-in/email'), {
          email: user.email,
          password: TEST_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const response = await browser.request(url('/api/auth/token'));
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    expect((await wardrobe(token)).status).toBe(200);
  });

  it('answers 401 to the API without a valid access token', async () => {
    const user = await signUpAndGetToken(suite.t.baseUrl);
    const [head, payload, signature] = user.token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(user.token), sub: 'someone-else' }),
    ).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');

    const attempts: (string | undefined)[] = [
      undefined,
      'Bearer',
      'Bearer not-a-jwt',
      `Basic ${user.token}`,
      `Bearer ${user.sessionToken}`,
      `Bearer ${head}.${forgedPayload}.${signature}`,
      `Bearer ${head}.${payload}.${flipped}`,
    ];
    for (const authorization of attempts) {
      const response = await fetch(url('/api/users'), {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.json()).toHaveProperty('detail');
    }
  });

  it('lists the sign-in methods without a token', async () => {
    const response = await fetch(url('/api/auth/providers'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      email_password: true,
      magic_link: true,
      providers: [],
    });
  });

  it('ends the session on sign-out', async () => {
    const user = await signUpAndGetToken(suite.t.baseUrl);
    expect((await tokenWith(user.sessionToken)).status).toBe(200);

    const out = await post(
      '/api/auth/sign-out',
      {},
      { authorization: `Bearer ${user.sessionToken}` },
    );
    expect(out.status).toBe(200);

    expect((await tokenWith(user.sessionToken)).status).toBe(401);
  });

  it('ends every session on a password change, whatever the client asks', async () => {
    const user = await signUpAndGetToken(suite.t.baseUrl);
    const laptop = (await signIn(user.email, TEST_PASSWORD)).headers.get('set-auth-token')!;
    const phone = (await signIn(user.email, TEST_PASSWORD)).headers.get('set-auth-token')!;

    const change = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: false },
      { authorization: `Bearer ${laptop}` },
    );
    expect(change.status).toBe(200);
    const renewed = change.headers.get('set-auth-token');
    expect(renewed).toBeTruthy();

    expect((await tokenWith(phone)).status).toBe(401);
    expect((await tokenWith(user.sessionToken)).status).toBe(401);
    expect((await tokenWith(laptop)).status).toBe(401);
    expect((await tokenWith(renewed!)).status).toBe(200);

    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  describe('disabled and deleted accounts', () => {
    let adminSession: string;

    beforeAll(async () => {
      const admin = await signUpAndGetToken(suite.t.baseUrl);
      // Operators promote an account by hand; there is no self-service way to become admin.
      await suite.t.db
        .updateTable('user')
        .set({ role: 'admin' })
        .where('id', '=', admin.userId)
        .execute();
      adminSession = admin.sessionToken;
    });

    const asAdmin = (path: string, body: unknown) =>
      post(`/api/auth/admin/${path}`, body, { authorization: `Bearer ${adminSession}` });

    it('does not let an ordinary account disable another', async () => {
      const mallory = await signUpAndGetToken(suite.t.baseUrl);
      const victim = await signUpAndGetToken(suite.t.baseUrl);
      const response = await post(
        '/api/auth/admin/ban-user',
        { userId: victim.userId },
        { authorization: `Bearer ${mallory.sessionToken}` },
      );
      expect(response.status).toBe(403);
      expect((await tokenWith(victim.sessionToken)).status).toBe(200);
    });

    it('refuses tokens and sign-in to a disabled account', async () => {
      const user = await signUpAndGetToken(suite.t.baseUrl);
      expect((await asAdmin('ban-user', { userId: user.userId, banReason: 'test' })).status).toBe(
        200,
      );

      expect((await tokenWith(user.sessionToken)).status).toBe(401);
      const signInAgain = await signIn(user.email, TEST_PASSWORD);
      expect(signInAgain.status).toBe(403);
      expect(signInAgain.headers.get('set-auth-token')).toBeNull();

      expect((await asAdmin('unban-user', { userId: user.userId })).status).toBe(200);
      expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    });

    it('refuses a token to a session that outlived a ban set directly in the database', async () => {
      const user = await signUpAndGetToken(suite.t.baseUrl);
      await banInDatabase(suite.t, user.userId);
      const response = await tokenWith(user.sessionToken);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('"token"');
    });

    it('refuses tokens and sign-in to a deleted account, and deletes its photos and data', async () => {
      const user = await signUpAndGetToken(suite.t.baseUrl);
      const body = new FormData();
      body.set(
        'image',
        new Blob([new Uint8Array(await testJpeg())], { type: 'image/jpeg' }),
        'a.jpg',
      );
      body.set('category', 'top');
      body.set('status', 'clothes');
      const added = await fetch(url('/api/clothes'), {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body,
      });
      expect(added.status).toBe(201);
      const before = (await (await wardrobe(user.token)).json()) as { clothes: object };
      expect(Object.keys(before.clothes)).toHaveLength(1);
      const userMedia = join(suite.t.config.mediaDir, user.userId);
      expect(readdirSync(userMedia)).toHaveLength(2);

      expect((await asAdmin('remove-user', { userId: user.userId })).status).toBe(200);

      expect(existsSync(userMedia)).toBe(false);
      // The access token ends with the account.
      expect((await wardrobe(user.token)).status).toBe(401);
      expect(await userRows(user.email)).toHaveLength(0);
      expect((await tokenWith(user.sessionToken)).status).toBe(401);
      expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(401);
    });
  });
});
