import type { WireItem, WireOutfit } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import type { ApiUser } from './helpers/api.js';

describe.each(ENGINES)('calendar on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let items: WireItem[];
  let outfit: WireOutfit;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
    items = [];
    for (let i = 0; i < 4; i++) items.push(await user.addItem());
    outfit = await user.addOutfit([items[0]!.id, items[1]!.id]);
  });
  afterAll(() => t?.close());

  const day = async (key: string) => (await user.wardrobe()).calendar[key];

  it('adds repeated clothes and outfits ids to a day and answers the day', async () => {
    const clothes = [items[0]!.id, items[1]!.id].sort();
    const response = await user.putDay('2025-04-01', {
      clothes: [...clothes].reverse(),
      outfits: outfit.id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ clothes, outfits: [outfit.id] });
    expect(await day('2025-04-01')).toEqual({ clothes, outfits: [outfit.id] });
  });

  it('only ever adds: ids already on the day stay, duplicates are ignored', async () => {
    await user.putDay('2025-04-02', { clothes: items[0]!.id });
    const response = await user.putDay('2025-04-02', {
      clothes: [items[2]!.id, items[0]!.id, items[2]!.id],
    });
    // The earlier id stays first; the new one follows.
    expect(await response.json()).toEqual({ clothes: [items[0]!.id, items[2]!.id], outfits: [] });
  });

  it('sets, moves and clears the display item', async () => {
    await user.putDay('2025-04-03', { clothes: items[0]!.id, outfits: outfit.id });
    const starred = await user.putDay('2025-04-03', { display_item: outfit.id });
    expect(await starred.json()).toEqual({
      clothes: [items[0]!.id],
      outfits: [outfit.id],
      display_item: outfit.id,
    });

    await user.putDay('2025-04-03', { display_item: items[0]!.id });
    expect((await day('2025-04-03'))!.display_item).toBe(items[0]!.id);

    const cleared = await user.putDay('2025-04-03', { display_item: '' });
    expect(await cleared.json()).toEqual({ clothes: [items[0]!.id], outfits: [outfit.id] });
  });

  it('accepts a url-encoded form too', async () => {
    const response = await user.fetch('/api/calendar/2025-04-04', {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `clothes=${items[0]!.id}&clothes=${items[3]!.id}`,
    });
    expect(response.status).toBe(200);
    expect((await day('2025-04-04'))!.clothes).toEqual([items[0]!.id, items[3]!.id].sort());
  });

  it.each([
    ['an impossible date', '2023-02-29', () => ({ clothes: items[0]!.id }), 422],
    ['a date in another format', '04-05-2025', () => ({ clothes: items[0]!.id }), 422],
    ['an empty form', '2025-04-05', () => ({}), 422],
    ['an unknown item id', '2025-04-05', () => ({ clothes: [items[0]!.id, 'no-such-item'] }), 404],
    ['an item id sent as an outfit', '2025-04-05', () => ({ outfits: items[0]!.id }), 404],
    ['a display item not on the day', '2025-04-05', () => ({ display_item: items[3]!.id }), 404],
  ])('refuses %s and changes nothing', async (_name, key, fields, status) => {
    const before = await user.wardrobe();
    const response = await user.putDay(key, fields());
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    expect(await user.wardrobe()).toEqual(before);
  });

  describe('the days the app can open (years 1000-9999, parseCalendarRoute)', () => {
    it.each(['0000-01-01', '0001-01-01', '0999-12-31'])(
      'refuses to log on %s, a day the calendar cannot show, and changes nothing',
      async (key) => {
        const before = await user.wardrobe();
        const response = await user.putDay(key, { clothes: items[0]!.id });
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual({
          detail:
            'Invalid input: date: Expected a day from 1000-01-01 to 9999-12-31, the years the calendar shows',
        });
        expect(await user.wardrobe()).toEqual(before);
      },
    );

    it.each(['1000-01-01', '9999-12-31'])('logs on %s, the edge of that range', async (key) => {
      expect((await user.putDay(key, { clothes: items[0]!.id })).status).toBe(200);
      expect(await day(key)).toEqual({ clothes: [items[0]!.id], outfits: [] });
      const removed = await user.sendUrlEncoded('DELETE', `/api/calendar/${key}/${items[0]!.id}`, {
        item_type: 'clothes',
      });
      expect(removed.status).toBe(204);
      expect(await day(key)).toBeUndefined();
    });

    it('still removes an entry logged outside the range before it was enforced', async () => {
      await user.putDay('2025-07-01', { clothes: items[1]!.id });
      // As an older server stored it.
      await t.app.services.db
        .updateTable('calendar_items')
        .set({ day: '0001-01-01' })
        .where('user_id', '=', user.id)
        .where('day', '=', '2025-07-01')
        .execute();
      const path = `/api/calendar/0001-01-01/${items[1]!.id}`;
      const fields = { item_type: 'clothes' };
      expect((await user.sendUrlEncoded('DELETE', path, fields)).status).toBe(204);
      expect((await user.sendUrlEncoded('DELETE', path, fields)).status).toBe(404);
      expect(await day('0001-01-01')).toBeUndefined();
    });
  });

  describe('DELETE calendar/{date}/{itemId}', () => {
    it('removes one entry (url-encoded item_type) and the star it had', async () => {
      await user.putDay('2025-05-01', {
        clothes: [items[0]!.id, items[1]!.id],
        outfits: outfit.id,
      });
      await user.putDay('2025-05-01', { display_item: items[1]!.id });
      const response = await user.sendUrlEncoded(
        'DELETE',
        `/api/calendar/2025-05-01/${items[1]!.id}`,
        {
          item_type: 'clothes',
        },
      );
      expect(response.status).toBe(204);
      expect(await day('2025-05-01')).toEqual({ clothes: [items[0]!.id], outfits: [outfit.id] });
    });

    it('takes item_type from a multipart form, and an emptied day disappears', async () => {
      await user.putDay('2025-05-02', { outfits: outfit.id });
      const response = await user.send('DELETE', `/api/calendar/2025-05-02/${outfit.id}`, {
        item_type: 'outfits',
      });
      expect(response.status).toBe(204);
      expect(await day('2025-05-02')).toBeUndefined();
    });

    it.each([
      ['a missing item_type', {}, 422],
      ['an unknown item_type', { item_type: 'shoes' }, 422],
      ['the wrong item_type', { item_type: 'outfits' }, 404],
    ])('refuses %s and changes nothing', async (_name, fields, status) => {
      await user.putDay('2025-05-03', { clothes: items[2]!.id });
      const before = await user.wardrobe();
      const response = await user.sendUrlEncoded(
        'DELETE',
        `/api/calendar/2025-05-03/${items[2]!.id}`,
        fields,
      );
      expect(response.status).toBe(status);
      expect(await user.wardrobe()).toEqual(before);
    });

    it('answers 404 for an id that is not on that day', async () => {
      const response = await user.sendUrlEncoded(
        'DELETE',
        `/api/calendar/2025-05-04/${items[0]!.id}`,
        {
          item_type: 'clothes',
        },
      );
      expect(response.status).toBe(404);
    });

    it('answers 422 for a bad date', async () => {
      const response = await user.sendUrlEncoded(
        'DELETE',
        `/api/calendar/2025-02-30/${items[0]!.id}`,
        {
          item_type: 'clothes',
        },
      );
      expect(response.status).toBe(422);
    });
  });

  it('loses no id when two devices save the same day at the same time', async () => {
    const key = '2025-06-01';
    // Two clients (separate connections), each saving several times what it holds locally.
    const deviceA = [items[0]!.id, items[1]!.id];
    const deviceB = [items[2]!.id, items[3]!.id];
    const saves: Promise<Response>[] = [];
    for (let round = 0; round < 8; round++) {
      saves.push(user.putDay(key, { clothes: deviceA.slice(0, 1 + (round % 2)) }));
      saves.push(
        user.putDay(key, { clothes: deviceB.slice(0, 1 + (round % 2)), outfits: outfit.id }),
      );
    }
    const answers = await Promise.all(saves);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const saved = (await day(key))!;
    expect([...saved.clothes].sort()).toEqual([...deviceA, ...deviceB].sort());
    expect(saved.outfits).toEqual([outfit.id]);
  });

  it('stays consistent when concurrent saves name the same ids in opposite orders', async () => {
    const key = '2025-06-02';
    const ids = items.map((i) => i.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        user.putDay(key, { clothes: n % 2 ? ids : [...ids].reverse() }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect((await day(key))!.clothes).toEqual([...ids].sort());
  });
});
