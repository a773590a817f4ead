import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/app.js';
import {
  randomClient,
  signUpAndGetToken,
  TEST_PASSWORD,
  withAuthApp,
  type SignedUpUser,
} from './helpers/auth.js';

/**
 * README, "Malformed and hostile input", on the identity service's own routes: a name or picture
 * address holding a NUL byte, another control character or a lone surrogate answers 422 on sign-up
 * and on profile update, on both engines (PostgreSQL refuses `\0` in text and answered 500; SQLite
 * stored it).
 */
describe.each(ENGINES)('identity text fields on %s', (engine) => {
  const suite = withAuthApp(engine);
  let user: SignedUpUser;

  beforeAll(async () => {
    user = await signUpAndGetToken(suite.t.baseUrl);
  });

  const post = (path: string, body: unknown, session?: string) =>
    fetch(`${suite.t.baseUrl}/api/auth${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: suite.t.baseUrl,
        'x-forwarded-for': randomClient(),
        ...(session ? { authorization: `Bearer ${session}` } : {}),
      },
      body: JSON.stringify(body),
    });

  const bad = ['a\u0000b', 'a\u0007b', 'a\uD800b', '\uDC00'];

  it('refuses them on profile update and keeps the stored name', async () => {
    for (const value of bad) {
      for (const field of ['name', 'image']) {
        const response = await post('/update-user', { [field]: value }, user.sessionToken);
        expect(response.status, `${field}=${JSON.stringify(value)}`).toBe(422);
      }
    }
    const session = await fetch(`${suite.t.baseUrl}/api/auth/get-session`, {
      headers: { authorization: `Bearer ${user.sessionToken}` },
    });
    const body = (await session.json()) as { user: { name: string; image: string | null } };
    expect(body.user.name).toBe(user.email.split('@')[0]);
    expect(body.user.image).toBeNull();
  });

  it('takes only http and https picture addresses', async () => {
    for (const image of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const response = await post('/update-user', { image }, user.sessionToken);
      expect(response.status, image).toBe(422);
      expect(((await response.json()) as { code: string }).code).toBe('INVALID_IMAGE_URL');
    }
    const ok = await post(
      '/update-user',
      { image: 'https://example.test/me.png' },
      user.sessionToken,
    );
    expect(ok.status).toBe(200);
    const session = await fetch(`${suite.t.baseUrl}/api/auth/get-session`, {
      headers: { authorization: `Bearer ${user.sessionToken}` },
    });
    const body = (await session.json()) as { user: { image: string | null } };
    expect(body.user.image).toBe('https://example.test/me.png');
  });

  it('refuses them on sign-up and creates no account', async () => {
    for (const value of bad) {
      const email = `text-${Math.random().toString(36).slice(2)}@example.test`;
      const response = await post('/sign-up/email', {
        email,
        password: TEST_PASSWORD,
        name: value,
      });
      expect(response.status, JSON.stringify(value)).toBe(422);
      const rows = await suite.t.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([]);
    }
  });
});
