import { MAX_BATCH_IDS, type WireItem, type WireOutfit } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { signUp, type ApiUser } from './helpers/api.js';
import { startWithUser } from './helpers/suite.js';

/** The batch calls of "Select many" (docs/select-many.md): all or nothing, on both engines. */
describe.each(ENGINES)('batch update and batch delete on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;
  let items: WireItem[];
  let foreign: WireItem;
  let outfit: WireOutfit;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
    other = await signUp(t);
    await user.putSettings({
      subcategories: { top: [{ id: 'tee', name: 'T-shirts' }], bottom: [] },
    });
    items = [
      await user.addItem({ category: 'top', sub_category_id: 'tee', brand: 'Acne' }),
      await user.addItem({ category: 'top' }),
      await user.addItem({ category: 'bottom' }),
    ];
    foreign = await other.addItem({ category: 'top', brand: 'Theirs' });
    outfit = await user.addOutfit([items[0]!.id, items[2]!.id]);
  });
  afterAll(() => t?.close());

  const ids = (...list: { id: string }[]) => JSON.stringify(list.map((x) => x.id));
  const patch = (who: ApiUser, path: string, idList: string, updates: object) =>
    who.send('PATCH', path, { ids: idList, updates: JSON.stringify(updates) });

  it('sets the same fields on every item in one call and answers each item’s changes', async () => {
    const response = await patch(user, '/api/clothes', ids(...items), {
      status: 'loaned',
      brand: 'Uniqlo',
      source: 'preloved',
      colors: ['black', 'white'],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { changes: { id: string; patch: object }[] };
    expect(body.changes.map((c) => c.id)).toEqual(items.map((i) => i.id));
    expect(body.changes[0]!.patch).toEqual({
      status: 'loaned',
      brand: 'Uniqlo',
      source: 'preloved',
      colors: ['black', 'white'],
    });
    const { clothes } = await user.wardrobe();
    for (const item of items) {
      expect(clothes[item.id]).toMatchObject({ status: 'loaned', brand: 'Uniqlo' });
      expect(clothes[item.id]!.colors).toEqual(['black', 'white']);
    }
    // Another account's item with the same fields is untouched.
    expect((await other.wardrobe()).clothes[foreign.id]!.brand).toBe('Theirs');
  });

  it('moves items to a category: those that change category lose their subcategory', async () => {
    const response = await patch(user, '/api/clothes', ids(items[0]!, items[2]!), {
      category: 'top',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { changes: { id: string; patch: object }[] };
    expect(body.changes[0]!.patch).toEqual({ category: 'top' });
    expect(body.changes[1]!.patch).toEqual({ category: 'top', sub_category_id: null });
    const { clothes } = await user.wardrobe();
    expect(clothes[items[0]!.id]!.sub_category_id).toBe('tee');
    expect(clothes[items[2]!.id]!.category).toBe('top');

    const sub = await patch(user, '/api/clothes', ids(...items), { sub_category_id: 'tee' });
    expect(sub.status).toBe(200);
    const after = (await user.wardrobe()).clothes;
    for (const item of items) expect(after[item.id]!.sub_category_id).toBe('tee');
  });

  it('refuses the whole call, changing nothing, when one id is another user’s or missing', async () => {
    const before = await user.wardrobe();
    for (const stranger of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const list = JSON.stringify([items[0]!.id, items[1]!.id, stranger]);
      const response = await patch(user, '/api/clothes', list, { status: 'archived' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'The requested item was not found.' });
      const gone = await user.send('DELETE', '/api/clothes', { ids: list });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ detail: 'The requested item was not found.' });
    }
    expect(await user.wardrobe()).toEqual(before);
    expect((await other.wardrobe()).clothes[foreign.id]).toBeDefined();
  });

  it('refuses a subcategory unknown to any item’s category, changing nothing', async () => {
    const before = await user.wardrobe();
    const response = await patch(user, '/api/clothes', ids(...items), {
      category: 'bottom',
      sub_category_id: 'tee',
    });
    expect(response.status).toBe(422);
    expect(await user.wardrobe()).toEqual(before);
  });

  it('refuses empty, repeated, overlong and malformed lists, and fields it does not take', async () => {
    const bad = [
      JSON.stringify([]),
      JSON.stringify([items[0]!.id, items[0]!.id]),
      JSON.stringify(Array.from({ length: MAX_BATCH_IDS + 1 }, (_, i) => `id-${i}`)),
      'not json',
      JSON.stringify(['x'.repeat(500)]),
    ];
    for (const list of bad) {
      expect((await patch(user, '/api/clothes', list, { brand: 'x' })).status).toBe(422);
      expect((await user.send('DELETE', '/api/clothes', { ids: list })).status).toBe(422);
    }
    // Prices are per item: not a batch field.
    expect((await patch(user, '/api/clothes', ids(items[0]!), { price: 10 })).status).toBe(422);
    expect((await user.send('DELETE', '/api/clothes', {})).status).toBe(422);
  });

  it('takes MAX_BATCH_IDS ids at most and still refuses the lot for the unknown ones', async () => {
    const list = Array.from({ length: MAX_BATCH_IDS - 1 }, (_, i) => `missing-${i}`);
    const response = await patch(user, '/api/clothes', JSON.stringify([items[0]!.id, ...list]), {
      brand: 'Many',
    });
    expect(response.status).toBe(404);
    expect((await user.wardrobe()).clothes[items[0]!.id]!.brand).not.toBe('Many');
  });

  it('changes and deletes many outfits, all or nothing', async () => {
    const second = await user.addOutfit([items[1]!.id]);
    const theirs = await other.addOutfit([foreign.id]);
    const refused = await patch(user, '/api/outfits', ids(outfit, theirs), { status: 'archived' });
    expect(refused.status).toBe(404);
    expect((await user.wardrobe()).outfits[outfit.id]!.status).toBe('outfits');

    const response = await patch(user, '/api/outfits', ids(outfit, second), {
      status: 'archived',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      changes: [
        { id: outfit.id, patch: { status: 'archived' } },
        { id: second.id, patch: { status: 'archived' } },
      ],
    });
    const deleteRefused = await user.send('DELETE', '/api/outfits', { ids: ids(second, theirs) });
    expect(deleteRefused.status).toBe(404);
    expect((await user.wardrobe()).outfits[second.id]).toBeDefined();
    expect((await other.wardrobe()).outfits[theirs.id]).toBeDefined();

    const gone = await user.send('DELETE', '/api/outfits', { ids: ids(second) });
    expect(gone.status).toBe(204);
    expect((await user.wardrobe()).outfits[second.id]).toBeUndefined();
  });

  it('deletes many items with their wears and their places on canvases', async () => {
    await user.putDay('2025-03-01', {
      clothes: [items[0]!.id, items[1]!.id],
      display_item: items[0]!.id,
    });
    const response = await user.send('DELETE', '/api/clothes', { ids: ids(items[0]!, items[1]!) });
    expect(response.status).toBe(204);
    const wardrobe = await user.wardrobe();
    expect(Object.keys(wardrobe.clothes)).toEqual([items[2]!.id]);
    expect(wardrobe.calendar['2025-03-01']).toBeUndefined();
    expect(wardrobe.outfits[outfit.id]!.canvas_data.map((e) => e.clothing_id)).toEqual([
      items[2]!.id,
    ]);
    // Deleted ones are missing now: a second delete of them is refused whole.
    const again = await user.send('DELETE', '/api/clothes', { ids: ids(items[0]!, items[2]!) });
    expect(again.status).toBe(404);
    expect((await user.wardrobe()).clothes[items[2]!.id]).toBeDefined();
  });

  it('a replay after one record was deleted elsewhere: the list says which, the rest goes again', async () => {
    // The contract the outbox's replay reads (docs/select-many.md, "Records deleted meanwhile").
    const mine = [await user.addItem({ category: 'top' }), await user.addItem({ category: 'top' })];
    const elsewhere = await user.addItem({ category: 'bottom' });
    expect((await user.send('DELETE', `/api/clothes/${elsewhere.id}`)).status).toBe(204);
    const replay = await user.send('DELETE', '/api/clothes', {
      ids: ids(mine[0]!, elsewhere, mine[1]!, foreign),
    });
    expect(replay.status).toBe(404);
    // Refused whole; GET users lists the account's records only: neither the one gone nor theirs.
    const held = Object.keys((await user.wardrobe()).clothes);
    expect(held).toEqual(expect.arrayContaining([mine[0]!.id, mine[1]!.id]));
    expect(held).not.toContain(elsewhere.id);
    expect(held).not.toContain(foreign.id);
    const rest = await user.send('DELETE', '/api/clothes', { ids: ids(mine[0]!, mine[1]!) });
    expect(rest.status).toBe(204);
    expect(Object.keys((await user.wardrobe()).clothes)).not.toContain(mine[0]!.id);
    expect((await other.wardrobe()).clothes[foreign.id]).toBeDefined();
  });
});
