import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiUser } from './helpers/api.js';
import { ENGINES } from './helpers/app.js';
import { randomClient, signUpAndGetToken, TEST_PASSWORD, withAuthApp } from './helpers/auth.js';

const CONFIRM = 'Type your e-mail address to confirm.';

describe.each(ENGINES)('account deletion on %s', (engine) => {
  const suite = withAuthApp(engine);

  const newUser = async () => {
    const u = await signUpAndGetToken(suite.t.baseUrl);
    return new ApiUser(suite.t.baseUrl, u.token, u.userId, u.email);
  };

  /** A user with items, an outfit, calendar days, settings, photos and a calendar feed. */
  const furnished = async () => {
    const user = await newUser();
    await user.putSettings({ currency: 'EUR' });
    const shirt = await user.addItem();
    const jeans = await user.addItem({ category: 'bottom' });
    const outfit = await user.addOutfit([shirt.id, jeans.id]);
    await user.putDay('2025-03-01', { clothes: shirt.id, outfits: outfit.id });
    await user.putDay('2025-03-01', { display_item: outfit.id });
    const feed = (await (await user.fetch('/api/calendar-feed', { method: 'POST' })).json()) as {
      url: string;
    };
    return { user, feed: feed.url };
  };

  const photosOf = async (userId: string) =>
    (await readdir(join(suite.t.config.mediaDir, userId)).catch(() => [])).length;

  /** Rows the account still owns, table by table. */
  const rowsOf = async (userId: string) => {
    const db = suite.t.db;
    const count = async (table: string, column: string) =>
      (await db.selectFrom(table).select(column).where(column, '=', userId).execute()).length;
    return {
      user: await count('user', 'id'),
      session: await count('session', 'userId'),
      account: await count('account', 'userId'),
      clothes: await count('clothes', 'user_id'),
      outfits: await count('outfits', 'user_id'),
      calendar_items: await count('calendar_items', 'user_id'),
      calendar_days: await count('calendar_days', 'user_id'),
      user_settings: await count('user_settings', 'user_id'),
      calendar_feeds: await count('calendar_feeds', 'user_id'),
    };
  };

  const deleteMe = (user: ApiUser, body?: unknown) =>
    user.fetch('/api/users/me', {
      method: 'DELETE',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  it('refuses without the typed e-mail address and changes nothing', async () => {
    const { user, feed } = await furnished();
    const before = await rowsOf(user.id);
    for (const response of [
      await deleteMe(user),
      await deleteMe(user, {}),
      await deleteMe(user, { confirm: 'someone-else@example.test' }),
      await deleteMe(user, { confirm: 42 }),
      await user.sendUrlEncoded('DELETE', '/api/users/me', { confirm: 'nope' }),
    ]) {
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ detail: CONFIRM });
    }
    expect(await rowsOf(user.id)).toEqual(before);
    expect(await photosOf(user.id)).toBe(6);
    expect((await fetch(feed)).status).toBe(200);
  });

  it('removes every row, photo and the feed of the account, and nothing of another', async () => {
    const { user, feed } = await furnished();
    const { user: other, feed: otherFeed } = await furnished();
    const otherBefore = await rowsOf(other.id);
    expect(Object.values(await rowsOf(user.id)).every((n) => n > 0)).toBe(true);
    expect(await photosOf(user.id)).toBe(6);

    // The address as typed: other case, surrounding spaces.
    const response = await deleteMe(user, { confirm: `  ${user.email.toUpperCase()} ` });
    expect(response.status).toBe(204);

    expect(Object.values(await rowsOf(user.id)).every((n) => n === 0)).toBe(true);
    expect(await photosOf(user.id)).toBe(0);
    expect((await fetch(feed)).status).toBe(404);
    expect(
      suite.t.logLines.some(
        (l) => l.includes('"security":"account_deleted"') && l.includes(user.id),
      ),
    ).toBe(true);
    // The password no longer signs in.
    const signIn = await fetch(`${suite.t.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: suite.t.baseUrl,
        'x-forwarded-for': randomClient(),
      },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(401);

    // The other account is untouched.
    expect(await rowsOf(other.id)).toEqual(otherBefore);
    expect(await photosOf(other.id)).toBe(6);
    expect((await fetch(otherFeed)).status).toBe(200);
    expect(Object.keys((await other.wardrobe()).clothes)).toHaveLength(2);
  });

  it('takes the confirmation as a url-encoded or multipart form too', async () => {
    const a = await newUser();
    expect((await a.sendUrlEncoded('DELETE', '/api/users/me', { confirm: a.email })).status).toBe(
      204,
    );
    expect((await rowsOf(a.id)).user).toBe(0);
    const b = await newUser();
    expect((await b.send('DELETE', '/api/users/me', { confirm: b.email })).status).toBe(204);
    expect((await rowsOf(b.id)).user).toBe(0);
  });

  it('needs a bearer token', async () => {
    const response = await fetch(`${suite.t.baseUrl}/api/users/me`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'x@example.test' }),
    });
    expect(response.status).toBe(401);
  });
});
