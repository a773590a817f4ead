import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { signUp, type ApiUser } from './helpers/api.js';

describe.each(ENGINES)('delete cascade on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
  });
  afterAll(() => t?.close());

  const rowsReferring = async (id: string) => {
    const db = t.app.db;
    const [calendar, stars, placements] = await Promise.all([
      db
        .selectFrom('calendar_items')
        .select('day')
        .where((eb) => eb.or([eb('clothing_id', '=', id), eb('outfit_id', '=', id)]))
        .execute(),
      db.selectFrom('calendar_days').select('day').where('display_item', '=', id).execute(),
      db.selectFrom('outfit_items').select('outfit_id').where('clothing_id', '=', id).execute(),
    ]);
    return calendar.length + stars.length + placements.length;
  };

  it('removes a deleted item from every day, its stars, and every outfit canvas', async () => {
    const shirt = await user.addItem();
    const jeans = await user.addItem();
    const outfit = await user.addOutfit([shirt.id, jeans.id]);
    const onlyShirt = await user.addOutfit([shirt.id]);
    await user.putDay('2025-01-10', { clothes: [shirt.id, jeans.id] });
    await user.putDay('2025-01-10', { display_item: shirt.id });
    await user.putDay('2025-01-11', { clothes: shirt.id, outfits: outfit.id });
    await user.putDay('2025-01-11', { display_item: outfit.id });
    await user.putDay('2025-01-12', { clothes: shirt.id });
    await user.putDay('2025-01-12', { display_item: shirt.id });
    expect(await rowsReferring(shirt.id)).toBe(2 + 3 + 2);

    expect((await user.fetch(`/api/clothes/${shirt.id}`, { method: 'DELETE' })).status).toBe(204);

    const wardrobe = await user.wardrobe();
    expect(wardrobe.clothes[shirt.id]).toBeUndefined();
    expect(wardrobe.calendar['2025-01-10']).toEqual({ clothes: [jeans.id], outfits: [] });
    // The star belonged to another entry of the day: it stays.
    expect(wardrobe.calendar['2025-01-11']).toEqual({
      clothes: [],
      outfits: [outfit.id],
      display_item: outfit.id,
    });
    expect(wardrobe.calendar['2025-01-12']).toBeUndefined();
    expect(wardrobe.outfits[outfit.id]!.canvas_data.map((e) => e.clothing_id)).toEqual([jeans.id]);
    // An outfit keeps existing when its last item goes; its picture still shows what it was.
    expect(wardrobe.outfits[onlyShirt.id]!.canvas_data).toEqual([]);
    expect(await rowsReferring(shirt.id)).toBe(0);
  });

  it('removes a deleted outfit from every day and clears its stars', async () => {
    const shirt = await user.addItem();
    const outfit = await user.addOutfit([shirt.id]);
    await user.putDay('2025-02-01', { outfits: outfit.id, clothes: shirt.id });
    await user.putDay('2025-02-01', { display_item: outfit.id });
    await user.putDay('2025-02-02', { outfits: outfit.id });

    expect((await user.fetch(`/api/outfits/${outfit.id}`, { method: 'DELETE' })).status).toBe(204);

    const wardrobe = await user.wardrobe();
    expect(wardrobe.outfits[outfit.id]).toBeUndefined();
    expect(wardrobe.calendar['2025-02-01']).toEqual({ clothes: [shirt.id], outfits: [] });
    expect(wardrobe.calendar['2025-02-02']).toBeUndefined();
    expect(wardrobe.clothes[shirt.id]).toBeDefined();
    expect(await rowsReferring(outfit.id)).toBe(0);
  });

  it('removes everything of a deleted account with it', async () => {
    const leaver = await signUp(t);
    const item = await leaver.addItem();
    const outfit = await leaver.addOutfit([item.id]);
    await leaver.putDay('2025-03-01', { clothes: item.id, outfits: outfit.id });
    await leaver.putSettings({ currency: 'EUR' });

    await t.app.db
      .deleteFrom('user' as never)
      .where('id' as never, '=', leaver.id as never)
      .execute();

    const db = t.app.db;
    const counts = await Promise.all(
      (['clothes', 'outfits', 'calendar_items', 'user_settings'] as const).map(
        async (table) =>
          (await db.selectFrom(table).select('user_id').where('user_id', '=', leaver.id).execute())
            .length,
      ),
    );
    expect(counts).toEqual([0, 0, 0, 0]);
  });
});
