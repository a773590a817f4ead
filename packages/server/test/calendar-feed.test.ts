import { randomBytes } from 'node:crypto';
import { addDays, wearDayKey } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUser } from './helpers/api.js';
import { ENGINES } from './helpers/app.js';
import { randomClient, signUpAndGetToken, startAuthApp, type AuthTestApp } from './helpers/auth.js';

interface FeedInfo {
  url: string | null;
  created_at: string | null;
}

/** Undo line folding (RFC 5545 §3.1). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe.each(ENGINES)('calendar feed on %s', (engine) => {
  let t: AuthTestApp;
  let alice: ApiUser;
  let bob: ApiUser;

  const newUser = async () => {
    const u = await signUpAndGetToken(t.baseUrl);
    return new ApiUser(t.baseUrl, u.token, u.userId, u.email);
  };
  /** An anonymous GET, as a calendar app makes it, from its own address. */
  const anonymous = (url: string, client = randomClient()) =>
    fetch(url, { headers: { 'x-forwarded-for': client } });
  const feedOf = async (user: ApiUser): Promise<FeedInfo> => {
    const response = await user.get('/api/calendar-feed');
    expect(response.status).toBe(200);
    return (await response.json()) as FeedInfo;
  };
  const create = async (user: ApiUser): Promise<{ url: string; created_at: string }> => {
    const response = await user.fetch('/api/calendar-feed', { method: 'POST' });
    expect(response.status).toBe(200);
    return (await response.json()) as { url: string; created_at: string };
  };
  const refusals = () => t.logLines.filter((l) => l.includes('"security":"feed_token_refused"'));

  beforeAll(async () => {
    t = await startAuthApp(engine);
    alice = await newUser();
    bob = await newUser();
  });
  afterAll(() => t?.close());

  it('has no feed until one is made', async () => {
    expect(await feedOf(alice)).toEqual({ url: null, created_at: null });
  });

  it('serves what was worn and planned as iCalendar, without photo links', async () => {
    const today = wearDayKey();
    await alice.putSettings({ subcategories: { top: [{ id: 'tee', name: 'T-shirt' }] } });
    const shirt = await alice.addItem({ category: 'top', sub_category_id: 'tee', brand: 'Acme' });
    const jeans = await alice.addItem({ category: 'bottom', brand: 'Denim, Co; Ltd' });
    const outfit = await alice.addOutfit([shirt.id, jeans.id]);
    await alice.putDay(addDays(today, -1), { outfits: outfit.id });
    await alice.putDay(addDays(today, 2), { clothes: jeans.id });

    const feed = await create(alice);
    expect(feed.url).toMatch(new RegExp(`^${t.baseUrl}/api/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(Math.abs(Date.parse(feed.created_at) - Date.now())).toBeLessThan(60_000);
    expect(await feedOf(alice)).toEqual(feed);
    // The database keeps no copy of the token.
    const token = /\/api\/feed\/([^.]+)\.ics$/.exec(feed.url)![1]!;
    const rows = await t.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    const response = await anonymous(feed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/private/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const text = await response.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(text).split('\r\n');
    const yesterday = addDays(today, -1).replace(/-/g, '');
    const later = addDays(today, 2).replace(/-/g, '');
    expect(lines).toContain(`DTSTART;VALUE=DATE:${yesterday}`);
    expect(lines).toContain(`DTSTART;VALUE=DATE:${later}`);
    expect(lines).toContain('SUMMARY:Worn: T-shirt (Acme)\\, bottom (Denim\\, Co\\; Ltd)');
    expect(lines).toContain('DESCRIPTION:Outfit: T-shirt (Acme)\\, bottom (Denim\\, Co\\; Ltd)');
    expect(lines).toContain('SUMMARY:Planned: bottom (Denim\\, Co\\; Ltd)');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    // No links of any kind, no storage keys, no account id.
    expect(text).not.toMatch(/https?:|\/media\/|\.webp|\.jpg/);
    expect(text).not.toContain(alice.id);
    // The same day keeps its UID from one fetch to the next.
    const again = await (await anonymous(feed.url)).text();
    expect(again.match(/UID:[^\r]+/g)).toEqual(text.match(/UID:[^\r]+/g));
  });

  it('answers a wrong or malformed token exactly like any missing route, and logs it', async () => {
    const missing = await anonymous(`${t.baseUrl}/api/no-such-route`);
    expect(missing.status).toBe(404);
    const missingBody = await missing.text();
    const before = refusals().length;
    for (const path of [
      `/api/feed/${randomBytes(32).toString('base64url')}.ics`,
      '/api/feed/short.ics',
      `/api/feed/${randomBytes(32).toString('base64url')}`,
    ]) {
      const response = await anonymous(`${t.baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(missingBody);
    }
    expect(refusals().length).toBe(before + 3);
    // The log line carries no token.
    expect(refusals().at(-1)).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });

  it('kills the old URL when a new one is made, and every URL when revoked', async () => {
    const first = await create(alice);
    const second = await create(alice);
    expect(second.url).not.toBe(first.url);
    expect((await anonymous(first.url)).status).toBe(404);
    expect((await anonymous(second.url)).status).toBe(200);
    expect((await feedOf(alice)).url).toBe(second.url);

    const revoke = await alice.fetch('/api/calendar-feed', { method: 'DELETE' });
    expect(revoke.status).toBe(204);
    expect(await feedOf(alice)).toEqual({ url: null, created_at: null });
    expect((await anonymous(second.url)).status).toBe(404);
    // Revoking twice is fine.
    expect((await alice.fetch('/api/calendar-feed', { method: 'DELETE' })).status).toBe(204);
  });

  it('keeps each account to its own feed', async () => {
    const alices = await create(alice);
    // Bob sees no feed, and his DELETE does not touch Alice's.
    expect(await feedOf(bob)).toEqual({ url: null, created_at: null });
    expect((await bob.fetch('/api/calendar-feed', { method: 'DELETE' })).status).toBe(204);
    expect((await anonymous(alices.url)).status).toBe(200);
    // Bob's own feed shows his calendar, not Alice's.
    const boots = await bob.addItem({ category: 'shoes', brand: 'Stomp' });
    await bob.putDay(addDays(wearDayKey(), -1), { clothes: boots.id });
    const bobs = await create(bob);
    expect(bobs.url).not.toBe(alices.url);
    const bobText = unfold(await (await anonymous(bobs.url)).text());
    expect(bobText).toContain('SUMMARY:Worn: shoes (Stomp)');
    expect(bobText).not.toContain('Acme');
    const aliceText = unfold(await (await anonymous(alices.url)).text());
    expect(aliceText).not.toContain('Stomp');
    expect((await feedOf(alice)).url).toBe(alices.url);
  });

  it('needs a bearer token to see, make or revoke a feed', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${t.baseUrl}/api/calendar-feed`, { method });
      expect(response.status).toBe(401);
    }
  });

  it('rate-limits guessing', async () => {
    const client = randomClient();
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      const token = randomBytes(32).toString('base64url');
      statuses.push((await anonymous(`${t.baseUrl}/api/feed/${token}.ics`, client)).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
  });
});
