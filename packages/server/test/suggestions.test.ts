import type { WireItem } from '@hanger/domain';
import { addDays, suggestionsResponseSchema, wearDayKey } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { signUp, type ApiUser } from './helpers/api.js';
import { startWithUser } from './helpers/suite.js';

describe.each(ENGINES)('suggestions on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;
  let items: Record<string, WireItem>;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
    other = await signUp(t);
    items = {
      tee: await user.addItem({ category: 'top' }),
      shirt: await user.addItem({ category: 'top', price: '40', currency: 'USD' }),
      jeans: await user.addItem({ category: 'bottom' }),
      boots: await user.addItem({ category: 'shoes' }),
      wish: await user.addItem({ category: 'shoes', status: 'wishlist' }),
    };
  });
  afterAll(() => t?.close());

  const suggestions = async (user: ApiUser, query = '') => {
    const response = await user.get(`/api/suggestions${query}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers outfits of closet pieces for today, explained', async () => {
    const { status, body } = await suggestions(user);
    expect(status).toBe(200);
    const parsed = suggestionsResponseSchema.parse(body);
    expect(parsed.date).toBe(wearDayKey());
    expect(parsed.suggestions).toHaveLength(2);
    for (const s of parsed.suggestions) {
      expect(s.item_ids).toHaveLength(3);
      expect(s.item_ids).not.toContain(items.wish!.id);
      expect(s.reasons.map((r) => r.text)).toContain('a new pairing — never worn together');
    }
    // The same day and wardrobe give the same answer.
    expect((await suggestions(user)).body).toEqual(body);
  });

  it('says what to add to a wardrobe that makes no outfit', async () => {
    await other.addItem({ category: 'top' });
    const { status, body } = await suggestions(other, '?date=2025-05-01');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      date: '2025-05-01',
      suggestions: [],
      missing: ['bottom', 'shoes'],
    });
  });

  it('answers from the wardrobe as it is now: a new piece shows up in the next answer', async () => {
    // The first answer is kept per wardrobe version (docs/suggestions.md); a write moves it.
    const date = '2025-06-01';
    const before = suggestionsResponseSchema.parse(
      (await suggestions(other, `?date=${date}`)).body,
    );
    const skirt = await other.addItem({ category: 'bottom' });
    const shoes = await other.addItem({ category: 'shoes' });
    const after = suggestionsResponseSchema.parse((await suggestions(other, `?date=${date}`)).body);
    expect(before.suggestions).toHaveLength(0);
    expect(after.suggestions.map((s) => s.item_ids.length)).toEqual([3]);
    expect(after.suggestions[0]!.item_ids).toEqual(expect.arrayContaining([skirt.id, shoes.id]));
    const res = await other.putDay(date, { clothes: after.suggestions[0]!.item_ids });
    expect(res.status).toBe(200);
    const worn = suggestionsResponseSchema.parse((await suggestions(other, `?date=${date}`)).body);
    expect(worn.suggestions[0]!.reasons[0]!.text).toMatch(/^worn together once, last on /);
  });

  it('after a calendar save keeps the pieces it read, and reads them again after an edit', async () => {
    // A write of the calendar alone re-reads only the wears (docs/suggestions.md).
    const owner = await signUp(t);
    const [tee, jeans, boots, cap] = [
      await owner.addItem({ category: 'top' }),
      await owner.addItem({ category: 'bottom' }),
      await owner.addItem({ category: 'shoes' }),
      await owner.addItem({ category: 'accessory' }),
    ];
    const date = '2025-07-01';
    const read = async () =>
      suggestionsResponseSchema.parse((await suggestions(owner, `?date=${date}`)).body);
    const first = await read();
    expect(first.suggestions[0]!.item_ids).toContain(cap!.id);
    expect((await owner.putDay('2025-06-20', { clothes: [tee!.id, jeans!.id] })).status).toBe(200);
    const together = / worn together once, last on /;
    const worn = await read();
    expect(worn.suggestions[0]!.reasons.some((r) => together.test(r.text))).toBe(true);
    // An item's edit after the calendar save: the item is read again.
    const form = new FormData();
    form.append('updates', JSON.stringify({ status: 'archived' }));
    const patched = await owner.fetch(`/api/clothes/${cap!.id}`, { method: 'PATCH', body: form });
    expect(patched.status).toBe(200);
    const edited = await read();
    expect(edited.suggestions.flatMap((s) => s.item_ids)).not.toContain(cap!.id);
    // And a wear taken off the day leaves the next answer.
    const kind = new FormData();
    kind.append('item_type', 'clothes');
    const removed = await owner.fetch(`/api/calendar/2025-06-20/${tee!.id}`, {
      method: 'DELETE',
      body: kind,
    });
    expect(removed.status).toBe(204);
    const after = await read();
    expect(after.suggestions[0]!.reasons.some((r) => together.test(r.text))).toBe(false);
    expect(after.suggestions[0]!.item_ids).toEqual(
      expect.arrayContaining([tee!.id, jeans!.id, boots!.id]),
    );
  });

  it('builds every suggestion around a pinned piece', async () => {
    const { status, body } = await suggestions(user, `?pin=${items.jeans!.id}&offset=1`);
    expect(status).toBe(200);
    const parsed = suggestionsResponseSchema.parse(body);
    expect(parsed.offset).toBe(1);
    for (const s of parsed.suggestions) expect(s.item_ids).toContain(items.jeans!.id);
  });

  it("answers another account's pin, or one that does not exist, as not found", async () => {
    expect((await suggestions(other, `?pin=${items.jeans!.id}`)).status).toBe(404);
    expect((await suggestions(user, '?pin=nope')).status).toBe(404);
    const wish = await suggestions(user, `?pin=${items.wish!.id}`);
    expect(wish).toEqual({
      status: 422,
      body: { detail: 'Only an item in the closet can be styled' },
    });
  });

  it.each([
    ['an impossible date', '?date=2023-02-29'],
    ['a negative offset', '?offset=-1'],
    ['an offset that is not a number', '?offset=many'],
  ])('refuses %s', async (_name, query) => {
    const { status, body } = await suggestions(user, query);
    expect(status).toBe(422);
    expect(body).toEqual({ detail: expect.any(String) });
  });

  it('"Not this" keeps a suggestion away for 30 days, for its account only', async () => {
    const before = suggestionsResponseSchema.parse((await suggestions(user)).body);
    const first = before.suggestions[0]!;
    const response = await user.fetch('/api/suggestions/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ item_ids: [...first.item_ids].reverse() }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: first.key, until: addDays(wearDayKey(), 30) });
    const after = suggestionsResponseSchema.parse((await suggestions(user)).body);
    expect(after.suggestions.map((s) => s.key)).not.toContain(first.key);
    // 31 days on, it may come back.
    const later = suggestionsResponseSchema.parse(
      (await suggestions(user, `?date=${addDays(wearDayKey(), 31)}`)).body,
    );
    expect(later.suggestions.map((s) => s.key)).toContain(first.key);
  });

  it("refuses feedback on another account's pieces or bad input, changing nothing", async () => {
    const post = (who: ApiUser, body: unknown) =>
      who.fetch('/api/suggestions/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ids = [items.tee!.id, items.jeans!.id, items.boots!.id];
    expect((await post(other, { item_ids: ids })).status).toBe(404);
    expect((await post(user, { item_ids: [] })).status).toBe(422);
    expect((await post(user, {})).status).toBe(422);
  });
});
