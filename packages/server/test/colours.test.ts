import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillColours } from '../src/services/colour-backfill.js';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { photo, signUp, type ApiUser } from './helpers/api.js';
import { openExport, rebuildZip, withChangedDoc } from './export-import-fixtures.js';
import { importZip } from './export-import-helpers.js';

/** A garment of one colour in the middle of a photo on a plain background, as a JPEG. */
async function garmentPhoto(garment: string, background = '#f2f0ea'): Promise<Buffer> {
  const shirt = await sharp({
    create: { width: 240, height: 300, channels: 3, background: garment },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 480, height: 480, channels: 3, background } })
    .composite([{ input: shirt, left: 120, top: 90 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function patchColours(user: ApiUser, id: string, colors: unknown): Promise<Response> {
  return user.send('PATCH', `/api/clothes/${id}`, { updates: JSON.stringify({ colors }) });
}

describe.each(ENGINES)('colours on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;

  beforeAll(async () => {
    // The background run is started by hand here, so that each test sees exactly its own work.
    t = await startApp(engine, { env: { COLOUR_BACKFILL: 'off' } });
    user = await signUp(t);
    other = await signUp(t);
  });
  afterAll(() => t?.close());

  it('finds an item’s colours when its photo is uploaded', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    expect(item.colors).toEqual(['navy']);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['navy']);
  });

  it('takes the user’s colours through the item update, main first, and keeps them', async () => {
    const item = await user.addItem({}, await garmentPhoto('#2e7d32'));
    expect(item.colors).toEqual(['green']);
    const response = await patchColours(user, item.id, ['white', 'green']);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ colors: ['white', 'green'] });
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['white', 'green']);

    // A new photo does not replace a person's choice...
    const replaced = await user.send('PATCH', `/api/clothes/${item.id}/image`, {
      image: photo(await garmentPhoto('#c62f2f')),
    });
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { colors?: unknown }).colors).toBeUndefined();
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['white', 'green']);

    // ...and removing every colour is a choice too.
    expect((await patchColours(user, item.id, [])).status).toBe(200);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toBeUndefined();
  });

  it('finds new colours when the photo of an item with found colours is replaced', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    const replaced = await user.send('PATCH', `/api/clothes/${item.id}/image`, {
      image: photo(await garmentPhoto('#c62f2f')),
    });
    expect(await replaced.json()).toMatchObject({ colors: ['red'] });
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['red']);
  });

  it('refuses unknown names, repeats and more than three with a clear message', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    const unknown = await patchColours(user, item.id, ['navy', 'teal']);
    expect(unknown.status).toBe(422);
    const { detail } = (await unknown.json()) as { detail: string };
    expect(detail).toMatch(/Unknown colour "teal": the colours are red, pink, orange/);
    expect((await patchColours(user, item.id, ['red', 'red'])).status).toBe(422);
    expect((await patchColours(user, item.id, ['red', 'pink', 'blue', 'navy'])).status).toBe(422);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['navy']);
  });

  it('answers another account’s item like a missing one', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    expect((await patchColours(other, item.id, ['red'])).status).toBe(404);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['navy']);
  });

  it('backfills items without colours, and a restart carries on where it stopped', async () => {
    const ids: string[] = [];
    for (const colour of ['#c62f2f', '#2e7d32', '#f2c230'])
      ids.push((await other.addItem({}, await garmentPhoto(colour))).id);
    // As an upgrade leaves them: never looked at.
    await t.app.db
      .updateTable('clothes')
      .set({ colors: null, colors_source: null })
      .where('user_id', '=', other.id)
      .execute();
    const first = await backfillColours(t.app.services, { maxItems: 2, pauseMs: 0 });
    expect(first).toEqual({ processed: 2, done: false });

    // Another process on the same database and photos, as after a restart.
    const restarted = await startApp(engine, { shareWith: t, env: { COLOUR_BACKFILL: 'off' } });
    try {
      const second = await backfillColours(restarted.app.services, { pauseMs: 0 });
      expect(second).toEqual({ processed: 1, done: true });
    } finally {
      await restarted.close();
    }
    const clothes = (await other.wardrobe()).clothes;
    expect(ids.map((id) => clothes[id]?.colors)).toEqual([['red'], ['green'], ['yellow']]);
    expect(await backfillColours(t.app.services)).toEqual({ processed: 0, done: true });
  });

  it('never lets the backfill replace a person’s choice', async () => {
    const item = await other.addItem({}, await garmentPhoto('#1f2d4f'));
    await t.app.db
      .updateTable('clothes')
      .set({ colors: null, colors_source: null })
      .where('id', '=', item.id)
      .execute();
    await patchColours(other, item.id, ['purple']);
    await backfillColours(t.app.services, { pauseMs: 0 });
    expect((await other.wardrobe()).clothes[item.id]?.colors).toEqual(['purple']);
  });

  it('exports colours (version 2) and imports them; a version 1 file gets them by backfill', async () => {
    const source = await signUp(t);
    const navy = await source.addItem({ brand: 'navy one' }, await garmentPhoto('#1f2d4f'));
    const chosen = await source.addItem({ brand: 'chosen' }, await garmentPhoto('#1f2d4f'));
    await patchColours(source, chosen.id, ['navy', 'white']);
    const { entries, doc } = await openExport(source);
    expect(doc.version).toBe(2);
    const items = doc.items as { id: string; colors: unknown; colors_source: unknown }[];
    expect(items.find((i) => i.id === navy.id)).toMatchObject({
      colors: ['navy'],
      colors_source: 'auto',
    });
    expect(items.find((i) => i.id === chosen.id)).toMatchObject({
      colors: ['navy', 'white'],
      colors_source: 'user',
    });

    const target = await signUp(t);
    await importZip(target, await rebuildZip(entries));
    const imported = Object.values((await target.wardrobe()).clothes);
    expect(imported.map((i) => [i.brand, i.colors]).sort()).toEqual([
      ['chosen', ['navy', 'white']],
      ['navy one', ['navy']],
    ]);

    // The same wardrobe as a version 1 file: no colours in it.
    const v1 = withChangedDoc(entries, doc, (d) => {
      d.version = 1;
      for (const item of d.items as Record<string, unknown>[]) {
        delete item.colors;
        delete item.colors_source;
      }
    });
    const older = await signUp(t);
    await importZip(older, await rebuildZip(v1));
    expect(Object.values((await older.wardrobe()).clothes).map((i) => i.colors)).toEqual([
      undefined,
      undefined,
    ]);
    await backfillColours(t.app.services, { pauseMs: 0 });
    expect(Object.values((await older.wardrobe()).clothes).map((i) => i.colors)).toEqual([
      ['navy'],
      ['navy'],
    ]);
  });
});
