import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { canvasEntry, signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { importZip, uploadImport } from './export-import-helpers.js';
import { openExport, rebuildZip, withChangedDoc, type NewEntry } from './export-import-fixtures.js';

/**
 * An import stores nothing the API would refuse (docs/export-format.md, "Importing"): a calendar
 * day outside the years the calendar opens, an item twice on a canvas, a subcategory id or name
 * twice in a category, subcategories of a key that is no category are refused at upload with 422
 * in the API's words, and nothing is imported; a price without its currency is stored with one.
 */
describe.each(ENGINES)('import applies the API’s rules on %s', (engine) => {
  let t: TestApp;
  let source: ApiUser;
  let entries: NewEntry[];
  let doc: Record<string, unknown>;

  beforeAll(async () => {
    ({ t, user: source } = await startWithUser(engine));
    expect(
      (
        await source.putSettings({
          currency: 'GBP',
          subcategories: { top: [{ id: 'tee', name: 'T-shirts' }] },
        })
      ).status,
    ).toBe(200);
    const a = await source.addItem(
      { brand: 'Priced', price: '40', currency: 'GBP', sold_price: '10', sold_currency: 'GBP' },
      await testJpeg({ width: 40, height: 30 }),
    );
    const b = await source.addItem({ brand: 'Plain' }, await testJpeg({ width: 30, height: 40 }));
    await source.addOutfit([a.id, b.id]);
    expect((await source.putDay('2025-01-01', { clothes: [a.id] })).status).toBe(200);
    ({ entries, doc } = await openExport(source));
  });
  afterAll(() => t?.close());

  type Rec = Record<string, unknown>;
  const withDoc = (change: (d: Rec) => void): Promise<Buffer> =>
    rebuildZip(withChangedDoc(entries, doc, change));
  const items = (d: Rec) => d.items as Rec[];
  const outfit = (d: Rec) => (d.outfits as Rec[])[0]!;
  const day = (d: Rec) => (d.calendar as Rec[])[0]!;
  const subcategories = (d: Rec) => (d.settings as Rec).subcategories as Record<string, Rec[]>;

  it('refuses at upload, with 422 and the API’s message, what the API refuses; nothing is stored', async () => {
    const target = await signUp(t);
    const settingsBefore = await target.settings();
    const own = await target.addItem({ brand: 'Own' });
    const mediaBefore = await t.mediaFiles();
    // What the import answers, the archive, and the API's answer to the same thing.
    const refused: [string, Buffer, Response][] = [
      [
        'calendar.0.day: Expected a day from 1000-01-01 to 9999-12-31, the years the calendar shows',
        await withDoc((d) => void (day(d).day = '0999-12-31')),
        await target.putDay('0999-12-31', { clothes: [own.id] }),
      ],
      [
        `outfits.0.canvas_data.2.clothing_id: Item "${items(doc)[0]!.id as string}" is on the canvas twice: each item can be on an outfit's canvas once`,
        await withDoc((d) => {
          const canvas = outfit(d).canvas_data as Rec[];
          canvas.push({ ...canvas[0]!, x: 99 });
        }),
        await target.send('POST', '/api/outfit', {
          canvas_data: JSON.stringify([canvasEntry(own.id, 0), canvasEntry(own.id, 1)]),
          image: {
            bytes: await testJpeg({ width: 40, height: 60 }),
            filename: 'o.jpg',
            type: 'image/jpeg',
          },
        }),
      ],
      [
        'settings.subcategories.top.1.id: Two subcategories of top have the id "tee"',
        await withDoc((d) => void subcategories(d).top!.push({ id: 'tee', name: 'Tanks' })),
        await target.putSettings({
          subcategories: {
            top: [
              { id: 'tee', name: 'T-shirts' },
              { id: 'tee', name: 'Tanks' },
            ],
          },
        }),
      ],
      [
        'settings.subcategories.top.1.name: “t-shirts” is already a subcategory of top.',
        await withDoc((d) => void subcategories(d).top!.push({ id: 'tee-2', name: 't-shirts ' })),
        await target.putSettings({
          subcategories: {
            top: [
              { id: 'tee', name: 'T-shirts' },
              { id: 'tee-2', name: 't-shirts ' },
            ],
          },
        }),
      ],
      [
        'items.0.currency: Expected a known three-letter currency code',
        await withDoc((d) => void (items(d)[0]!.currency = 'XYZ')),
        await target.putSettings({ currency: 'XYZ' }),
      ],
      [
        'settings.subcategories: Unknown category "hats": the categories are top, bottom, full_body, outerwear, shoes, bag, accessory, other',
        await withDoc((d) => void (subcategories(d).hats = [{ id: 'cap', name: 'Caps' }])),
        await target.putSettings({ subcategories: { hats: [{ id: 'cap', name: 'Caps' }] } }),
      ],
    ];
    for (const [message, zip, api] of refused) {
      // The API refuses the same thing, in the same words (the item its own).
      const apiBody = (await api.json()) as { detail?: string };
      expect(api.status, message).toBe(422);
      const words = message.replace(/^[^ ]*: /, '').replace(items(doc)[0]!.id as string, own.id);
      expect(apiBody.detail, message).toContain(words);

      const response = await uploadImport(target, zip);
      const body = (await response.json()) as { detail?: string };
      expect(response.status, body.detail).toBe(422);
      expect(body.detail).toBe(`hanger-export.json does not match the format: ${message}`);
    }
    const wardrobe = await target.wardrobe();
    expect(Object.keys(wardrobe.clothes)).toEqual([own.id]);
    expect(wardrobe.outfits).toEqual({});
    expect(wardrobe.calendar).toEqual({});
    expect(await target.settings()).toEqual(settingsBefore);
    expect(await t.mediaFiles()).toEqual(mediaBefore);
    const imports = await t.app.db
      .selectFrom('data_imports')
      .select('id')
      .where('user_id', '=', target.id)
      .execute();
    expect(imports).toEqual([]);
  });

  it('refuses an import that would give a category more subcategories than a settings update may', async () => {
    const target = await signUp(t);
    const full = Array.from({ length: 100 }, (_, i) => ({ id: `own-${i}`, name: `Own ${i}` }));
    expect((await target.putSettings({ subcategories: { top: full } })).status).toBe(200);
    const settingsBefore = await target.settings();
    const { status } = await importZip(target, await withDoc(() => undefined));
    expect(status).toMatchObject({
      state: 'failed',
      error:
        'Importing would give top 101 subcategories; a category holds at most 100. Remove some in Profile, then import again. Nothing was imported.',
    });
    expect(await target.settings()).toEqual(settingsBefore);
    expect((await target.wardrobe()).clothes).toEqual({});
  });

  it('takes the calendar’s first and last years', async () => {
    const target = await signUp(t);
    const zip = await withDoc((d) => {
      const first = day(d);
      d.calendar = [
        { ...first, day: '1000-01-01' },
        { ...first, day: '9999-12-31' },
      ];
    });
    const { status } = await importZip(target, zip);
    expect(status).toMatchObject({ state: 'done', result: { calendar_days: 2 } });
    expect(Object.keys((await target.wardrobe()).calendar).sort()).toEqual([
      '1000-01-01',
      '9999-12-31',
    ]);
  });

  it('stores a price without its currency in the exporting account’s currency, as POST clothes would', async () => {
    const zip = await withDoc((d) => {
      const priced = items(d).find((i) => i.brand === 'Priced')!;
      priced.currency = null;
      priced.sold_currency = null;
    });
    // An account with settings of its own (USD) keeps them; the amounts stay pounds.
    const usd = await signUp(t);
    expect((await usd.putSettings({ currency: 'USD' })).status).toBe(200);
    await importZip(usd, zip);
    const inUsd = Object.values((await usd.wardrobe()).clothes).find((i) => i.brand === 'Priced');
    expect(inUsd).toMatchObject({
      price: 40,
      currency: 'GBP',
      sold_price: 10,
      sold_currency: 'GBP',
    });
    expect(inUsd?.converted_price).toEqual(expect.any(Number));
    expect(inUsd?.converted_price).not.toBe(40);
    const plain = Object.values((await usd.wardrobe()).clothes).find((i) => i.brand === 'Plain');
    expect(plain?.currency ?? null).toBeNull();

    // A fresh account takes the export's settings, and the same currencies.
    const fresh = await signUp(t);
    await importZip(fresh, zip);
    expect((await fresh.settings()).currency).toBe('GBP');
    const inGbp = Object.values((await fresh.wardrobe()).clothes).find((i) => i.brand === 'Priced');
    expect(inGbp).toMatchObject({ price: 40, currency: 'GBP', converted_price: 40 });
    expect(inGbp).toMatchObject({ sold_price: 10, sold_currency: 'GBP' });
  });
});
