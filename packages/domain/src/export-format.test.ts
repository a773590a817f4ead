import { describe, expect, it } from 'vitest';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportFileName,
  exportFormatJsonSchema,
  exportPhotoPath,
  exportPhotoPaths,
  parseExportDocument,
  type ExportDocument,
} from './export-format.js';

function document(): ExportDocument {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: '2026-11-23T10:00:00.000Z',
    account: { email: 'ada@example.com', name: 'Ada' },
    settings: {
      locale: 'en-GB',
      currency: 'EUR',
      week_start: 1,
      data_consent: true,
      tracking_start_date: null,
      subcategories: {
        top: [{ id: 'tee', name: 'T-shirts' }],
        bottom: [],
        full_body: [],
        outerwear: [],
        shoes: [],
        bag: [],
        accessory: [],
        other: [],
      },
    },
    items: [
      {
        id: 'i1',
        photo: 'photos/items/i1.webp',
        category: 'top',
        sub_category_id: 'tee',
        status: null,
        source: 'gifted',
        brand: 'Acme',
        date_created: '2024-01-01T12:00:00.000Z',
        date_obtained: '2024-02-29',
        date_archived: null,
        price: 10,
        currency: 'EUR',
        converted_price: 10,
        sold_price: null,
        sold_currency: null,
        converted_sold_price: null,
        manual_times_worn: 2,
        scale: 0.5,
      },
    ],
    outfits: [
      {
        id: 'o1',
        photo: 'photos/outfits/o1.webp',
        status: 'outfits',
        date_created: '2024-01-02T12:00:00.000Z',
        manual_times_worn: null,
        canvas_data: [{ clothing_id: 'i1', x: 1, y: 2, scale: 0.5, rotation: 10 }],
      },
    ],
    calendar: [{ day: '2024-03-01', clothes: ['i1'], outfits: ['o1'], display_item: 'o1' }],
  };
}

describe('export format', () => {
  it('accepts a well-formed document', () => {
    expect(parseExportDocument(document())).toEqual({ ok: true, document: document() });
  });

  it('names a newer version instead of listing unknown fields', () => {
    const result = parseExportDocument({ ...document(), version: 4, extra: 1 });
    expect(result).toEqual({
      ok: false,
      problem: expect.stringMatching(/version 4.*versions 1, 2 and 3/),
    });
  });

  it('reads collections from version 3 only, naming records of the file', () => {
    const withCollection = (): ExportDocument => ({
      ...document(),
      collections: [
        {
          id: 'c1',
          kind: 'packing',
          name: 'Lisbon',
          note: null,
          start_date: '2026-07-01',
          end_date: '2026-07-04',
          destination: 'Lisbon',
          date_created: '2026-06-01T10:00:00.000Z',
          items: ['i1'],
          outfits: [],
          packed: ['i1'],
        },
      ],
    });
    expect(EXPORT_VERSION).toBe(3);
    expect(parseExportDocument(withCollection())).toMatchObject({ ok: true });
    expect(parseExportDocument({ ...document(), version: 2 })).toMatchObject({ ok: true });
    expect(parseExportDocument({ ...withCollection(), version: 2 })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/new in version 3/),
    });
    const unknown = withCollection();
    unknown.collections![0]!.items = ['nope'];
    expect(parseExportDocument(unknown)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/names unknown item nope/),
    });
    const reversed = withCollection();
    reversed.collections![0]!.end_date = '2026-06-01';
    expect(parseExportDocument(reversed)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/ends before it starts/),
    });
  });

  it('reads version 1 files, and item cut-outs only from version 2', () => {
    expect(parseExportDocument({ ...document(), version: 1 })).toMatchObject({ ok: true });
    const withCutout = document();
    withCutout.items[0]!.cutout = 'photos/cutouts/i1.webp';
    expect(parseExportDocument(withCutout)).toMatchObject({ ok: true });
    expect(exportPhotoPaths(withCutout)).toContain('photos/cutouts/i1.webp');
    expect(parseExportDocument({ ...withCutout, version: 1 })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/cut-out, new in version 2/),
    });
    const reused = document();
    reused.items[0]!.cutout = reused.items[0]!.photo;
    expect(parseExportDocument(reused)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/a second time/),
    });
  });

  it('refuses a file that is not an export', () => {
    expect(parseExportDocument({ hello: 1 })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/not a Hanger export/),
    });
    expect(parseExportDocument([])).toMatchObject({ ok: false });
  });

  it('refuses fields outside the schema and impossible dates, naming the place', () => {
    const extra = document();
    (extra.items[0] as Record<string, unknown>).colour = 'red';
    expect(parseExportDocument(extra)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/items\.0/),
    });
    const day = document();
    day.items[0]!.date_obtained = '2023-02-29';
    expect(parseExportDocument(day)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/items\.0\.date_obtained/),
    });
  });

  it.each([
    [
      'an unknown canvas item',
      (d: ExportDocument) => (d.outfits[0]!.canvas_data[0]!.clothing_id = 'x'),
    ],
    ['an unknown calendar item', (d: ExportDocument) => d.calendar[0]!.clothes.push('x')],
    ['a star that is not on its day', (d: ExportDocument) => (d.calendar[0]!.display_item = 'i9')],
    ['a photo used twice', (d: ExportDocument) => (d.outfits[0]!.photo = 'photos/items/i1.webp')],
    ['a duplicated item', (d: ExportDocument) => d.items.push({ ...d.items[0]! })],
    ['a duplicated day', (d: ExportDocument) => d.calendar.push({ ...d.calendar[0]! })],
  ])('refuses %s', (_name, spoil) => {
    const doc = document();
    spoil(doc);
    expect(parseExportDocument(doc)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/inconsistent/),
    });
  });

  it.each([
    [
      'a calendar day the calendar cannot open (PUT calendar/{date})',
      (d: ExportDocument) => (d.calendar[0]!.day = '0999-12-31'),
      'calendar.0.day: Expected a day from 1000-01-01 to 9999-12-31, the years the calendar shows',
    ],
    [
      'an item twice on a canvas (POST outfit)',
      (d: ExportDocument) =>
        d.outfits[0]!.canvas_data.push({ clothing_id: 'i1', x: 5, y: 6, scale: 1, rotation: 0 }),
      `outfits.0.canvas_data.1.clothing_id: Item "i1" is on the canvas twice: each item can be on an outfit's canvas once`,
    ],
    [
      'a subcategory id twice in a category (PUT users/settings)',
      (d: ExportDocument) => d.settings.subcategories.top.push({ id: 'tee', name: 'Tanks' }),
      'settings.subcategories.top.1.id: Two subcategories of top have the id "tee"',
    ],
    [
      'a subcategory name twice in a category, ignoring case',
      (d: ExportDocument) => d.settings.subcategories.top.push({ id: 'tee2', name: ' t-shirts' }),
      'settings.subcategories.top.1.name: “t-shirts” is already a subcategory of top.',
    ],
    [
      'a currency the API does not know (POST clothes, PUT users/settings)',
      (d: ExportDocument) => (d.items[0]!.currency = 'XYZ'),
      'items.0.currency: Expected a known three-letter currency code',
    ],
    [
      'subcategories of a key that is not a category',
      (d: ExportDocument) =>
        ((d.settings.subcategories as Record<string, unknown>).hats = [{ id: 'h', name: 'Caps' }]),
      'settings.subcategories: Unknown category "hats": the categories are top, bottom, full_body, outerwear, shoes, bag, accessory, other',
    ],
  ])('refuses %s, in the words of the API', (_name, spoil, message) => {
    const doc = document();
    spoil(doc);
    expect(parseExportDocument(doc)).toEqual({
      ok: false,
      problem: `hanger-export.json does not match the format: ${message}`,
    });
  });

  it('accepts the calendar’s first and last days and one subcategory in two categories', () => {
    const doc = document();
    doc.calendar = [
      { day: '1000-01-01', clothes: ['i1'], outfits: [], display_item: null },
      { day: '9999-12-31', clothes: [], outfits: ['o1'], display_item: 'o1' },
    ];
    doc.settings.subcategories.bottom = [{ id: 'tee', name: 'T-shirts' }];
    expect(parseExportDocument(doc)).toEqual({ ok: true, document: doc });
  });

  it('refuses photo paths that leave the photos folder', () => {
    for (const photo of [
      '../x.webp',
      '/photos/items/a.webp',
      'photos\\items\\a.webp',
      'photos/items/.a.webp',
    ]) {
      const doc = document();
      doc.items[0]!.photo = photo;
      expect(parseExportDocument(doc), photo).toMatchObject({ ok: false });
    }
  });

  it('names photos after plain ids and falls back to the position', () => {
    expect(exportPhotoPath('item', '2b9c-AA_1', 0)).toBe('photos/items/2b9c-AA_1.webp');
    expect(exportPhotoPath('outfit', 'a/../b', 4)).toBe('photos/outfits/record-4.webp');
    expect(exportFileName('2026-11-23')).toBe('hanger-export-2026-11-23.zip');
  });

  it('matches the committed JSON Schema (regenerate with `npx vitest run export-format -u`)', async () => {
    const text = `${JSON.stringify(exportFormatJsonSchema(), null, 2)}\n`;
    await expect(text).toMatchFileSnapshot('../../../docs/export-format.schema.json');
  });
});
