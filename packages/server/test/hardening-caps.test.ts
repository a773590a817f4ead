import {
  MAX_CANVAS_ENTRIES,
  MAX_DAY_IDS,
  MAX_ID,
  MAX_LOCALE,
  MAX_SUBCATEGORIES,
  MAX_SUBCATEGORY_NAME,
  MAX_TEXT,
} from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { canvasEntry, photo, testJpeg, type ApiUser } from './helpers/api.js';

/**
 * Every free-text field and every list of the product calls and of PUT users/settings has a
 * documented cap (packages/domain/src/limits.ts; README, "Malformed and hostile input"). Over it:
 * 422, and nothing is saved.
 */
describe.each(ENGINES)('caps on request fields on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let itemId: string;
  let outfitId: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
    jpeg = await testJpeg({ width: 60, height: 80 });
    expect(
      (await user.putSettings({ subcategories: { top: [{ id: 'tee', name: 'T-shirts' }] } }))
        .status,
    ).toBe(200);
    itemId = (await user.addItem({ brand: 'Acme' }, jpeg)).id;
    outfitId = (await user.addOutfit([itemId])).id;
  });
  afterAll(() => t?.close());

  async function expect422(response: Response, field: RegExp): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(422);
    expect((JSON.parse(text) as { detail: string }).detail).toMatch(field);
  }

  const newItem = (fields: Record<string, string | string[]>) =>
    user.send('POST', '/api/clothes', {
      category: 'top',
      status: 'clothes',
      image: photo(jpeg),
      ...fields,
    });

  it(`takes a brand of ${MAX_TEXT} characters and refuses one more, new or edited`, async () => {
    const longest = 'b'.repeat(MAX_TEXT);
    const created = await newItem({ brand: longest });
    expect(created.status).toBe(201);
    const createdId = ((await created.json()) as { id: string }).id;
    await expect422(await newItem({ brand: `${longest}b` }), /brand/);
    await expect422(
      await user.send('PATCH', `/api/clothes/${itemId}`, {
        updates: JSON.stringify({ brand: `${longest}b` }),
      }),
      /brand/,
    );
    const wardrobe = await user.wardrobe();
    expect(Object.keys(wardrobe.clothes).sort()).toEqual([itemId, createdId].sort());
    expect(wardrobe.clothes[itemId]?.brand).toBe('Acme');
    expect((await user.send('DELETE', `/api/clothes/${createdId}`)).status).toBe(204);
  });

  it('refuses a field larger than the form parser keeps, instead of reading half of it', async () => {
    await expect422(await newItem({ brand: 'b'.repeat(1024 * 1024 + 10) }), /brand/);
    await expect422(
      await user.send('PUT', '/api/users/settings', {
        // Cut at the parser's limit this would still be valid JSON: only the check refuses it.
        settings: `${JSON.stringify({ locale: 'de' })}${' '.repeat(1024 * 1024)}`,
      }),
      /settings/,
    );
    expect((await user.settings()).locale).toBe('en');
    expect(Object.keys((await user.wardrobe()).clothes)).toEqual([itemId]);
  });

  it(`refuses ids over ${MAX_ID} characters in every body`, async () => {
    const long = 'i'.repeat(MAX_ID + 1);
    await expect422(await newItem({ sub_category_id: long }), /sub_category_id/);
    await expect422(await user.putDay('2025-05-01', { clothes: long }), /clothes/);
    await expect422(await user.putDay('2025-05-01', { display_item: long }), /display_item/);
    await expect422(
      await user.send('POST', '/api/outfit', {
        canvas_data: JSON.stringify([canvasEntry(itemId)]),
        image: photo(jpeg),
        id: long,
      }),
      /id/,
    );
    await expect422(
      await user.send('POST', '/api/outfit', {
        canvas_data: JSON.stringify([canvasEntry(long)]),
        image: photo(jpeg),
      }),
      /canvas_data/,
    );
    const wardrobe = await user.wardrobe();
    expect(Object.keys(wardrobe.outfits)).toEqual([outfitId]);
    expect(wardrobe.calendar['2025-05-01']).toBeUndefined();
  });

  it(`refuses more than ${MAX_DAY_IDS} ids in a calendar list and ${MAX_CANVAS_ENTRIES} canvas entries`, async () => {
    const ids = (n: number) => Array.from({ length: n }, () => itemId);
    // Repeats of one id: the list's length is what is capped, before any lookup.
    expect((await user.putDay('2025-05-02', { clothes: ids(MAX_DAY_IDS) })).status).toBe(200);
    await expect422(await user.putDay('2025-05-03', { clothes: ids(MAX_DAY_IDS + 1) }), /clothes/);
    await expect422(await user.putDay('2025-05-03', { outfits: ids(MAX_DAY_IDS + 1) }), /outfits/);
    await expect422(
      await user.send('POST', '/api/outfit', {
        canvas_data: JSON.stringify(ids(MAX_CANVAS_ENTRIES + 1).map((id, i) => canvasEntry(id, i))),
        image: photo(jpeg),
      }),
      /canvas_data/,
    );
    const wardrobe = await user.wardrobe();
    expect(wardrobe.calendar['2025-05-03']).toBeUndefined();
    expect(Object.keys(wardrobe.outfits)).toEqual([outfitId]);
  });

  it('caps every string and list of PUT users/settings, saving nothing over them', async () => {
    const sub = (id: string, name: string) => ({ subcategories: { top: [{ id, name }] } });
    expect((await user.putSettings(sub('tee', 'n'.repeat(MAX_SUBCATEGORY_NAME)))).status).toBe(200);
    await expect422(
      await user.putSettings(sub('tee', 'n'.repeat(MAX_SUBCATEGORY_NAME + 1))),
      /subcategories\.top\.0\.name/,
    );
    await expect422(
      await user.putSettings(sub('i'.repeat(MAX_ID + 1), 'Tees')),
      /subcategories\.top\.0\.id/,
    );
    const many = Array.from({ length: MAX_SUBCATEGORIES + 1 }, (_, i) => ({
      id: `s${i}`,
      name: `S${i}`,
    }));
    await expect422(await user.putSettings({ subcategories: { top: many } }), /subcategories/);
    await expect422(await user.putSettings({ locale: `en${'-abcdefgh'.repeat(4)}` }), /locale/);
    expect(`en${'-abcdefgh'.repeat(4)}`.length).toBeGreaterThan(MAX_LOCALE);
    const settings = await user.settings();
    expect(settings.locale).toBe('en');
    expect(settings.subcategories.top).toEqual([
      { id: 'tee', name: 'n'.repeat(MAX_SUBCATEGORY_NAME) },
    ]);
  });

  it('refuses a form with more fields than any call takes', async () => {
    const response = await user.send('PUT', '/api/calendar/2025-05-04', {
      clothes: Array.from({ length: 1200 }, () => itemId),
    });
    expect(response.status).toBe(413);
    expect((await user.wardrobe()).calendar['2025-05-04']).toBeUndefined();
  });
});
