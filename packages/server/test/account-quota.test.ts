import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { canvasEntry, photo, signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { downloadExport, importZip } from './export-import-helpers.js';

const LIMIT = 3;
const DETAIL =
  'This account has reached its limit of 3 items and outfits. Delete some to add more.';

/** MAX_ITEMS_PER_ACCOUNT: an account that keeps adding gets a clear 422, not a full disk. */
describe.each(ENGINES)('the per-account quota on %s', (engine) => {
  let t: TestApp;
  let full: ApiUser;
  let other: ApiUser;
  let items: string[];

  beforeAll(async () => {
    ({ t, user: full } = await startWithUser(engine, {
      env: { MAX_ITEMS_PER_ACCOUNT: String(LIMIT) },
    }));
    other = await signUp(t);
    const a = await full.addItem({ brand: 'A' });
    const b = await full.addItem({ brand: 'B' });
    items = [a.id, b.id];
    await full.addOutfit(items);
  });
  afterAll(() => t?.close());

  const newItem = async (user: ApiUser) =>
    user.send('POST', '/api/clothes', {
      category: 'top',
      status: 'clothes',
      image: photo(await testJpeg()),
    });

  it('refuses a new item past the limit with 422 and the reason, storing no photo', async () => {
    const files = await t.mediaFiles();
    const response = await newItem(full);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: DETAIL });
    expect(await t.mediaFiles()).toEqual(files);
    expect(Object.keys((await full.wardrobe()).clothes)).toHaveLength(2);
  });

  it('refuses a new outfit past the limit, but lets an existing one change', async () => {
    const [outfitId] = Object.keys((await full.wardrobe()).outfits);
    const canvas = JSON.stringify(items.map((id, i) => canvasEntry(id, i)));
    const image = photo(await testJpeg({ width: 40, height: 60 }));
    const refused = await full.send('POST', '/api/outfit', { canvas_data: canvas, image });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ detail: DETAIL });

    const changed = await full.send('POST', '/api/outfit', {
      id: outfitId!,
      canvas_data: canvas,
      image,
    });
    expect(changed.status).toBe(200);
  });

  it('still lets the account replace photos and edit what it has', async () => {
    const replaced = await full.send('PATCH', `/api/clothes/${items[0]}/image`, {
      image: photo(await testJpeg(), 'edited-image', 'image/png'),
    });
    expect(replaced.status).toBe(200);
    const edited = await full.send('PATCH', `/api/clothes/${items[1]}`, {
      updates: JSON.stringify({ brand: 'Renamed' }),
    });
    expect(edited.status).toBe(200);
  });

  it('counts per account: another account is not affected, and a delete makes room', async () => {
    expect((await newItem(other)).status).toBe(201);
    const extra = await full.addItem({ brand: 'C' }).catch((e: unknown) => e);
    expect(extra).toBeInstanceOf(Error);

    const removed = await full.fetch(`/api/clothes/${items[1]}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const again = await newItem(full);
    expect(again.status).toBe(201);
    items[1] = ((await again.json()) as { id: string }).id;
  });

  it('fails an import that would pass the limit, importing nothing', async () => {
    const { zip } = await downloadExport(full);
    const empty = await signUp(t);
    await empty.addItem({ brand: 'Own' });
    const files = await t.mediaFiles();
    // The export holds 3 records; the account has 1: 4 > 3.
    const { status } = await importZip(empty, zip);
    expect(status).toMatchObject({ state: 'failed', error: DETAIL });
    expect(Object.keys((await empty.wardrobe()).clothes)).toHaveLength(1);
    expect(await t.mediaFiles()).toEqual(files);
  });
});

/** MAX_CALENDAR_ENTRIES_PER_ACCOUNT and the per-day bound keep the calendar part of every answer finite. */
describe.each(ENGINES)('the calendar quota on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let ids: string[];

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine, { env: { MAX_CALENDAR_ENTRIES_PER_ACCOUNT: '3' } }));
    ids = [(await user.addItem({ brand: 'A' })).id, (await user.addItem({ brand: 'B' })).id];
  });
  afterAll(() => t?.close());

  it('refuses a save past the limit with 422 and the reason, keeping the calendar as it was', async () => {
    expect((await user.putDay('2025-01-01', { clothes: ids })).status).toBe(200);
    const refused = await user.putDay('2025-01-02', { clothes: ids });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      detail:
        "This account's calendar has reached its limit of 3 entries. Remove some to add more.",
    });
    expect((await user.wardrobe()).calendar['2025-01-02']).toBeUndefined();
    expect((await user.putDay('2025-01-02', { clothes: ids[0]! })).status).toBe(200);
    expect((await user.putDay('2025-01-03', { clothes: ids[0]! })).status).toBe(422);
    expect(Object.keys((await user.wardrobe()).calendar).sort()).toEqual([
      '2025-01-01',
      '2025-01-02',
    ]);
  });

  it('refuses a day list longer than MAX_DAY_IDS before looking at the ids', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `id-${i}`);
    const response = await user.putDay('2025-02-01', { clothes: many });
    expect(response.status).toBe(422);
  });
});
