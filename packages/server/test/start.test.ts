import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/app.js';
import { form } from './helpers/api.js';
import {
  TEST_PASSWORD,
  TestBrowser,
  banInDatabase,
  startAuthApp,
  type AuthTestApp,
} from './helpers/auth.js';

interface StartBody {
  user: { id: string; name: string; email: string; image: string | null } | null;
  token?: string;
  settings?: Record<string, unknown>;
}

/** A browser signed up (the cookie set by sign-up) as a new account. */
async function signedUpBrowser(t: AuthTestApp, name = 'Ada') {
  const browser = new TestBrowser();
  const email = `start-${randomUUID()}@example.test`;
  const response = await browser.postJson(`${t.baseUrl}/api/auth/sign-up/email`, {
    email,
    password: TEST_PASSWORD,
    name,
  });
  expect(response.status).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  return { browser, email, id: user.id };
}

async function start(t: AuthTestApp, browser: TestBrowser, headers: Record<string, string> = {}) {
  const response = await browser.request(`${t.baseUrl}/api/start`, { headers });
  return { response, body: (await response.json()) as StartBody };
}

describe.each(ENGINES)('GET /api/start on %s', (engine) => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp(engine);
  });
  afterAll(() => t?.close());

  it('answers a visitor without a session { user: null }, never cached', async () => {
    const { response, body } = await start(t, new TestBrowser());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({ user: null });
  });

  it('answers a forged or unknown session cookie { user: null }', async () => {
    const browser = new TestBrowser();
    browser.cookies(t.baseUrl).set('hanger.session_token', 'forged.value');
    const { body } = await start(t, browser);
    expect(body).toEqual({ user: null });
  });

  it('answers the session user, the access token of /api/auth/token and the settings in one answer', async () => {
    const { browser, email, id } = await signedUpBrowser(t, 'Ada');
    const { response, body } = await start(t, browser);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.user).toEqual({ id, name: 'Ada', email, image: null });

    // The token is the same kind of JWT as /api/auth/token's: same issuer, audience, subject,
    // session and lifetime.
    const viaTokenEndpoint = (await (
      await browser.request(`${t.baseUrl}/api/auth/token`)
    ).json()) as { token: string };
    const a = decodeJwt(body.token!);
    const b = decodeJwt(viaTokenEndpoint.token);
    for (const claim of ['iss', 'aud', 'sub', 'sid', 'email'] as const)
      expect(a[claim], claim).toEqual(b[claim]);
    expect(a.exp! - a.iat!).toBe(b.exp! - b.iat!);
    expect(a.sub).toBe(id);

    // It opens the product API, and the settings are what GET users/settings answers.
    const authorization = `Bearer ${body.token!}`;
    const settings = await fetch(`${t.baseUrl}/api/users/settings`, { headers: { authorization } });
    expect(settings.status).toBe(200);
    expect(body.settings).toEqual(await settings.json());
    const wardrobe = await fetch(`${t.baseUrl}/api/users`, { headers: { authorization } });
    expect(wardrobe.status).toBe(200);
  });

  it('never shows another account: each cookie gets its own user, token and settings', async () => {
    const ada = await signedUpBrowser(t, 'Ada');
    const bob = await signedUpBrowser(t, 'Bob');
    const first = await start(t, bob.browser);
    const put = await fetch(`${t.baseUrl}/api/users/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${first.body.token!}` },
      body: form({ settings: JSON.stringify({ currency: 'JPY', week_start: 0, locale: 'ja-JP' }) }),
    });
    expect(put.status).toBe(200);

    const asAda = await start(t, ada.browser);
    const asBob = await start(t, bob.browser);
    expect(asAda.body.user?.id).toBe(ada.id);
    expect(decodeJwt(asAda.body.token!).sub).toBe(ada.id);
    expect(asAda.body.settings).toMatchObject({ currency: 'USD' });
    expect(JSON.stringify(asAda.body)).not.toContain(bob.id);
    expect(JSON.stringify(asAda.body)).not.toContain(bob.email);
    expect(asBob.body.user?.id).toBe(bob.id);
    expect(asBob.body.settings).toMatchObject({ currency: 'JPY', locale: 'ja-JP', week_start: 0 });
  });

  it('answers { user: null } after sign-out and for a disabled account', async () => {
    const signedOut = await signedUpBrowser(t);
    const out = await signedOut.browser.postJson(`${t.baseUrl}/api/auth/sign-out`, {});
    expect(out.status).toBe(200);
    expect((await start(t, signedOut.browser)).body).toEqual({ user: null });

    const banned = await signedUpBrowser(t);
    expect((await start(t, banned.browser)).body.user?.id).toBe(banned.id);
    await banInDatabase(t, banned.id);
    expect((await start(t, banned.browser)).body).toEqual({ user: null });
  });

  it('does not take an access token as a session (only the cookie or a session bearer opens it)', async () => {
    const { browser } = await signedUpBrowser(t);
    const { body } = await start(t, browser);
    const response = await fetch(`${t.baseUrl}/api/start`, {
      headers: { authorization: `Bearer ${body.token!}` },
    });
    expect(await response.json()).toEqual({ user: null });
  });
});
