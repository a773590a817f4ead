import type { WireItem } from '@hanger/domain';
import { addDays, suggestionsResponseSchema, wearDayKey } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptSuggestionRecords } from '../src/services/suggestions.js';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { ApiUser, canvasEntry, photo, signUp, testJpeg } from './helpers/api.js';
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

/**
 * A write of some items alone re-reads only those into the kept records (docs/suggestions.md):
 * after each, the answers must be those of a server that reads everything afresh (`fresh`, the
 * same database, its kept copy dropped before every read), and the records the same.
 */
describe.each(ENGINES)('suggestions after item, outfit and settings writes on %s', (engine) => {
  let t: TestApp;
  let fresh: TestApp;
  let owner: ApiUser;
  let onFresh: ApiUser;
  let keep: WireItem;
  const today = wearDayKey();
  const days = [today, addDays(today, 3)];

  beforeAll(async () => {
    t = await startApp(engine);
    fresh = await startApp(engine, { shareWith: t, env: { PUBLIC_URL: t.config.publicUrl } });
    owner = await signUp(t);
    onFresh = new ApiUser(fresh.baseUrl, owner.token, owner.id, owner.email);
  });
  afterAll(async () => {
    await fresh?.close();
    await t?.close();
  });

  const answers = async (who: ApiUser, pin: string) => {
    const out: unknown[] = [];
    for (const date of days) {
      for (const query of [`?date=${date}`, `?date=${date}&offset=3`, `?date=${date}&pin=${pin}`]) {
        const response = await who.get(`/api/suggestions${query}`);
        expect(response.status, query).toBe(200);
        out.push(await response.json());
      }
    }
    return out;
  };
  const kept = () => keptSuggestionRecords(t.app.services.cache, owner.id)!;

  /** This server's answers and records equal a cold server's, and `keep` was not read again. */
  const expectAsFresh = async (before: ReturnType<typeof kept>) => {
    const mine = await answers(owner, keep.id);
    fresh.app.services.cache.clear();
    const theirs = await answers(onFresh, keep.id);
    expect(mine).toEqual(theirs);
    const now = kept();
    const cold = keptSuggestionRecords(fresh.app.services.cache, owner.id)!;
    expect(now).toEqual(cold);
    expect(Object.keys(now.clothes)).toEqual(Object.keys(cold.clothes));
    expect(Object.keys(now.outfits)).toEqual(Object.keys(cold.outfits));
    // Patched, not read whole: an item no write touched is the very record kept before.
    expect(now.clothes[keep.id]).toBe(before.clothes[keep.id]);
    return now;
  };
  const patch = async (id: string, updates: object) => {
    const response = await owner.send('PATCH', `/api/clothes/${id}`, {
      updates: JSON.stringify(updates),
    });
    expect(response.status).toBe(200);
  };

  it('answers after item edits, a creation, deletes and batch writes as a cold server does', async () => {
    const add = (category: string, fields: Record<string, string> = {}) =>
      owner.addItem({ category, ...fields });
    const tops = [
      await add('top', { price: '30', currency: 'EUR' }),
      await add('top'),
      await add('top'),
    ];
    const bottoms = [
      await add('bottom'),
      await add('bottom', { price: '80' }),
      await add('bottom'),
    ];
    const shoes = [await add('shoes'), await add('shoes', { manual_times_worn: '7' })];
    const extras = [await add('outerwear'), await add('bag'), await add('accessory')];
    keep = shoes[0]!;
    const outfits = [
      await owner.addOutfit([tops[0]!.id, bottoms[1]!.id, shoes[0]!.id]),
      await owner.addOutfit([tops[1]!.id, bottoms[1]!.id, shoes[1]!.id, extras[0]!.id]),
      await owner.addOutfit([tops[2]!.id, bottoms[0]!.id, shoes[1]!.id]),
    ];
    for (const [i, day] of [-2, -5, -9, -20, -40].map((n) => addDays(today, n)).entries()) {
      const fields: Record<string, string[]> =
        i % 2 === 0
          ? { outfits: [outfits[i % 3]!.id] }
          : { clothes: [tops[i % 3]!.id, bottoms[1]!.id, shoes[i % 2]!.id] };
      expect((await owner.putDay(day, fields)).status).toBe(200);
    }
    // Cold on both to begin with.
    let before = await expectAsFresh(await answers(owner, keep.id).then(kept));

    // An edit of a category, then of a status (a piece worn and on outfits leaves the closet).
    await patch(tops[0]!.id, { category: 'bottom' });
    before = await expectAsFresh(before);
    expect(before.clothes[tops[0]!.id]!.category).toBe('bottom');
    await patch(bottoms[1]!.id, { status: 'archived' });
    before = await expectAsFresh(before);

    // A new piece joins; two edits and a day logged between two requests.
    const boots = await add('shoes', { price: '120' });
    before = await expectAsFresh(before);
    expect(before.clothes[boots.id]).toBeDefined();
    await patch(extras[0]!.id, { colors: ['red'] });
    expect((await owner.putDay(addDays(today, -1), { clothes: [boots.id] })).status).toBe(200);
    await patch(tops[1]!.id, { category: 'outerwear' });
    before = await expectAsFresh(before);

    // A delete: the piece, its wears and its places on canvases go.
    const onOutfits = before.outfits[outfits[2]!.id];
    expect((await owner.send('DELETE', `/api/clothes/${tops[2]!.id}`)).status).toBe(204);
    before = await expectAsFresh(before);
    expect(before.clothes[tops[2]!.id]).toBeUndefined();
    expect(before.outfits[outfits[2]!.id]).not.toBe(onOutfits);
    expect(before.outfits[outfits[2]!.id]!.canvasData.map((e) => e.clothingId)).not.toContain(
      tops[2]!.id,
    );

    // Batch: a category for two pieces, then a delete of two (one on two outfits).
    const ids = (...list: WireItem[]) => JSON.stringify(list.map((x) => x.id));
    const batch = await owner.send('PATCH', '/api/clothes', {
      ids: ids(bottoms[0]!, extras[1]!),
      updates: JSON.stringify({ category: 'top', status: 'clothes' }),
    });
    expect(batch.status).toBe(200);
    before = await expectAsFresh(before);
    const gone = await owner.send('DELETE', '/api/clothes', { ids: ids(shoes[1]!, extras[2]!) });
    expect(gone.status).toBe(204);
    before = await expectAsFresh(before);
    expect(before.clothes[shoes[1]!.id]).toBeUndefined();
  });

  it('answers after outfit saves, edits, deletes and batch writes as a cold server does', async () => {
    let before = kept();
    const add = (category: string) => owner.addItem({ category });
    const [top, bottom, shoes] = [await add('top'), await add('bottom'), await add('shoes')];
    before = await expectAsFresh(before);
    const untouched = Object.keys(before.outfits)[0]!;
    /** The outfits no write named are the very records kept before. */
    const expectShared = (now: ReturnType<typeof kept>, was: ReturnType<typeof kept>) =>
      expect(now.outfits[untouched]).toBe(was.outfits[untouched]);

    // A new outfit joins (the items on its canvas are read again too: their scale).
    const made = await owner.addOutfit([top.id, bottom.id, shoes.id]);
    let now = await expectAsFresh(before);
    expectShared(now, before);
    expect(now.outfits[made.id]!.canvasData.map((e) => e.clothingId)).toEqual([
      top.id,
      bottom.id,
      shoes.id,
    ]);
    before = now;

    // Its canvas replaced (POST with its id), then another one made, between two requests.
    const canvas = [shoes.id, top.id].map((id, i) => canvasEntry(id, i));
    const replaced = await owner.send('POST', '/api/outfit', {
      id: made.id,
      canvas_data: JSON.stringify(canvas),
      image: photo(await testJpeg({ width: 40, height: 60 })),
    });
    expect(replaced.status).toBeLessThan(300);
    const second = await owner.addOutfit([bottom.id, shoes.id]);
    now = await expectAsFresh(before);
    expectShared(now, before);
    expect(now.outfits[made.id]!.canvasData.map((e) => e.clothingId)).toEqual([shoes.id, top.id]);
    expect(now.outfits[second.id]).toBeDefined();
    before = now;

    // An edit (times worn, status): the outfits as suggestions read them do not change.
    const patched = await owner.send('PATCH', `/api/outfits/${made.id}`, {
      updates: JSON.stringify({ manual_times_worn: 4 }),
    });
    expect(patched.status).toBe(200);
    before = await expectAsFresh(before);
    const ids = (...list: string[]) => JSON.stringify(list);
    const batch = await owner.send('PATCH', '/api/outfits', {
      ids: ids(made.id, untouched),
      updates: JSON.stringify({ status: 'archived' }),
    });
    expect(batch.status).toBe(200);
    before = await expectAsFresh(before);

    // Deletes: the outfit, its canvas and its days go.
    expect((await owner.putDay(addDays(today, -3), { outfits: [second.id] })).status).toBe(200);
    expect((await owner.send('DELETE', `/api/outfits/${second.id}`)).status).toBe(204);
    now = await expectAsFresh(before);
    expectShared(now, before);
    expect(now.outfits[second.id]).toBeUndefined();
    before = now;
    const last = Object.keys(before.outfits).at(-2)!;
    expect((await owner.send('DELETE', '/api/outfits', { ids: ids(made.id, last) })).status).toBe(
      204,
    );
    now = await expectAsFresh(before);
    expect(Object.keys(now.outfits)).not.toContain(made.id);
    expect(Object.keys(now.outfits)).not.toContain(last);
  });

  it('keeps the items and outfits over a settings write that leaves them', async () => {
    const before = kept();
    const settings = await owner.settings();
    const tops = settings.subcategories.top ?? [];
    for (const update of [
      { locale: 'de-DE', week_start: 1 },
      { subcategories: { top: [...tops, { id: 'linen', name: 'Linen' }] } },
    ]) {
      expect((await owner.putSettings(update)).status).toBe(200);
      const mine = await answers(owner, keep.id);
      fresh.app.services.cache.clear();
      expect(mine).toEqual(await answers(onFresh, keep.id));
      // Not even patched: the very records kept before.
      expect(kept().clothes).toBe(before.clothes);
      expect(kept().outfits).toBe(before.outfits);
    }
  });

  it('reads everything again after a write of anything else', async () => {
    const before = kept();
    // A new currency: every item's converted price is computed again.
    const currency = (await owner.settings()).currency === 'EUR' ? 'GBP' : 'EUR';
    expect((await owner.putSettings({ currency })).status).toBe(200);
    const mine = await answers(owner, keep.id);
    fresh.app.services.cache.clear();
    expect(mine).toEqual(await answers(onFresh, keep.id));
    expect(kept().clothes[keep.id]).not.toBe(before.clothes[keep.id]);
    expect(kept().clothes[keep.id]).toEqual(before.clothes[keep.id]);
  });
});
