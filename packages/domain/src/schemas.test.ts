import { describe, expect, it } from 'vitest';
import {
  MAX_CANVAS_ENTRIES,
  MAX_DAY_IDS,
  MAX_ID,
  MAX_LOCALE,
  MAX_SUBCATEGORIES,
  MAX_SUBCATEGORY_NAME,
  MAX_TEXT,
} from './limits.js';
import { WIRE_CATEGORIES } from './categories.js';
import {
  calendarDayParamsSchema,
  calendarDeleteSchema,
  calendarPutSchema,
  calendarRemoveParamsSchema,
  dayKeySchema,
  idSchema,
  itemPatchFieldsSchema,
  itemUpdatesSchema,
  newItemFieldsSchema,
  newOutfitFieldsSchema,
  outfitUpdatesSchema,
  referenceIdSchema,
  settingsPutSchema,
  textSchema,
  wardrobeResponseSchema,
  wireCalendarEntrySchema,
  wireItemSchema,
  wireOutfitSchema,
  wireSettingsSchema,
} from './schemas.js';

const item = {
  id: 'i1',
  image: '/media/i1.webp',
  category: 'full_body',
  date_created: '2024-03-01T10:00:00.000Z',
};

describe('dayKeySchema', () => {
  it('accepts real dates including a leap day', () => {
    expect(dayKeySchema.safeParse('2024-02-29').success).toBe(true);
    expect(dayKeySchema.safeParse('2000-02-29').success).toBe(true);
    expect(dayKeySchema.safeParse('2024-12-31').success).toBe(true);
  });

  it('rejects impossible dates and other formats', () => {
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-1-05',
      '2024-01-05T00:00',
      '',
    ]) {
      expect(dayKeySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('wireItemSchema', () => {
  it('keeps the wire category full_body and accepts nulls in answers', () => {
    const parsed = wireItemSchema.parse({ ...item, price: null, brand: null, status: null });
    expect(parsed.category).toBe('full_body');
    expect(parsed.price).toBeNull();
  });

  it('reads a stored empty string like a missing value', () => {
    expect(wireItemSchema.parse({ ...item, sub_category_id: '' }).sub_category_id).toBeNull();
  });

  it('rejects an unknown category or status', () => {
    expect(wireItemSchema.safeParse({ ...item, category: 'hat' }).success).toBe(false);
    expect(wireItemSchema.safeParse({ ...item, status: 'sold' }).success).toBe(false);
  });
});

describe('wireOutfitSchema', () => {
  it('drops the UI-only locked flag from canvas entries', () => {
    const parsed = wireOutfitSchema.parse({
      id: 'o1',
      image: 'x',
      date_created: '2024-01-01',
      canvas_data: [{ clothing_id: 'i1', x: 1, y: 2, scale: 0.5, rotation: 10, locked: true }],
    });
    expect(parsed.canvas_data[0]).toEqual({
      clothing_id: 'i1',
      x: 1,
      y: 2,
      scale: 0.5,
      rotation: 10,
    });
  });

  it('reads a missing canvas as empty', () => {
    expect(wireOutfitSchema.parse({ id: 'o', image: 'x', date_created: 'd' }).canvas_data).toEqual(
      [],
    );
  });
});

describe('wireCalendarEntrySchema', () => {
  it('fills missing lists', () => {
    expect(wireCalendarEntrySchema.parse({ display_item: 'a' })).toEqual({
      clothes: [],
      outfits: [],
      display_item: 'a',
    });
  });
});

describe('wireSettingsSchema', () => {
  it('applies the defaults of docs/spec.md §3 and lists every category', () => {
    const s = wireSettingsSchema.parse({});
    expect(s).toMatchObject({ locale: 'en', currency: 'USD', week_start: 0, data_consent: true });
    // In the order of docs/spec.md §3, as the server keys them (categories.test.ts pins both).
    expect(Object.keys(s.subcategories)).toEqual([...WIRE_CATEGORIES]);
    expect(s.subcategories.shoes).toEqual([]);
  });

  it('treats null values as defaults and keeps stored ones', () => {
    const s = wireSettingsSchema.parse({
      locale: null,
      currency: 'eur',
      week_start: 1,
      data_consent: false,
    });
    expect(s).toMatchObject({ locale: 'en', currency: 'EUR', week_start: 1, data_consent: false });
  });

  it('accepts the app spelling of full body as a subcategory key', () => {
    const s = wireSettingsSchema.parse({
      subcategories: { 'full body': [{ id: 'd', name: 'Dress' }] },
    });
    expect(s.subcategories.full_body).toEqual([{ id: 'd', name: 'Dress' }]);
  });

  it('rejects a week start outside 0..6', () => {
    expect(wireSettingsSchema.safeParse({ week_start: 7 }).success).toBe(false);
  });
});

describe('wardrobeResponseSchema', () => {
  it('parses the three maps and defaults missing ones', () => {
    const w = wardrobeResponseSchema.parse({ clothes: { i1: item } });
    expect(Object.keys(w.clothes)).toEqual(['i1']);
    expect(w.outfits).toEqual({});
    expect(w.calendar).toEqual({});
  });

  it('rejects a calendar keyed by a date that does not exist', () => {
    expect(wardrobeResponseSchema.safeParse({ calendar: { '2023-02-29': {} } }).success).toBe(
      false,
    );
    expect(wardrobeResponseSchema.safeParse({ calendar: { '2024-02-29': {} } }).success).toBe(true);
  });
});

describe('newItemFieldsSchema', () => {
  it('needs a category and a status', () => {
    const r = newItemFieldsSchema.safeParse({ brand: 'Zara' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(['category', 'status']);
  });

  it('coerces numeric strings and drops empty fields', () => {
    const fields = newItemFieldsSchema.parse({
      category: 'full body',
      status: 'wishlist',
      price: '49.90',
      manual_times_worn: '3',
      brand: '',
      sub_category_id: '  ',
      currency: 'gbp',
    });
    expect(fields).toEqual({
      category: 'full_body',
      status: 'wishlist',
      price: 49.9,
      manual_times_worn: 3,
      currency: 'GBP',
    });
    expect('brand' in fields).toBe(false);
  });

  it('rejects numbers that are not numbers, negative prices and fractional wear counts', () => {
    const base = { category: 'top', status: 'clothes' };
    expect(newItemFieldsSchema.safeParse({ ...base, price: 'ten' }).success).toBe(false);
    expect(newItemFieldsSchema.safeParse({ ...base, price: '-1' }).success).toBe(false);
    expect(newItemFieldsSchema.safeParse({ ...base, manual_times_worn: '1.5' }).success).toBe(
      false,
    );
    expect(newItemFieldsSchema.safeParse({ ...base, date_obtained: '2023-02-29' }).success).toBe(
      false,
    );
  });
});

describe('itemUpdatesSchema', () => {
  it('reads "" and null as clearing the field', () => {
    expect(itemUpdatesSchema.parse({ price: '', status: '', brand: null })).toEqual({
      price: null,
      status: null,
      brand: null,
    });
  });

  it('keeps values and leaves absent keys out', () => {
    expect(itemUpdatesSchema.parse({ category: 'full body', manual_times_worn: 2 })).toEqual({
      category: 'full_body',
      manual_times_worn: 2,
    });
  });

  it('rejects unknown keys and a cleared category', () => {
    expect(itemUpdatesSchema.safeParse({ image: 'x' }).success).toBe(false);
    expect(itemUpdatesSchema.safeParse({ converted_price: 3 }).success).toBe(false);
    expect(itemUpdatesSchema.safeParse({ category: '' }).success).toBe(false);
  });

  it('is reachable through the multipart updates field', () => {
    expect(itemPatchFieldsSchema.parse({ updates: '{"date_archived":"2024-02-29"}' })).toEqual({
      updates: { date_archived: '2024-02-29' },
    });
    expect(itemPatchFieldsSchema.safeParse({ updates: '{oops' }).success).toBe(false);
  });
});

describe('outfitUpdatesSchema', () => {
  it('edits status and manual wears only', () => {
    expect(outfitUpdatesSchema.parse({ status: 'archived', manual_times_worn: '4' })).toEqual({
      status: 'archived',
      manual_times_worn: 4,
    });
    expect(outfitUpdatesSchema.parse({ status: '' })).toEqual({ status: null });
    expect(outfitUpdatesSchema.safeParse({ status: 'loaned' }).success).toBe(false);
    expect(outfitUpdatesSchema.safeParse({ canvas_data: [] }).success).toBe(false);
  });
});

describe('newOutfitFieldsSchema', () => {
  const canvas = JSON.stringify([{ clothing_id: 'i1', x: 10, y: 20, scale: 1, rotation: 0 }]);

  it('parses the canvas JSON and treats an empty id as a new outfit', () => {
    expect(newOutfitFieldsSchema.parse({ canvas_data: canvas, id: '', status: '' })).toEqual({
      canvas_data: [{ clothing_id: 'i1', x: 10, y: 20, scale: 1, rotation: 0 }],
    });
  });

  it('keeps an id to change an existing outfit', () => {
    expect(newOutfitFieldsSchema.parse({ canvas_data: canvas, id: 'o1' }).id).toBe('o1');
  });

  it('rejects an empty canvas, bad JSON and entries without a clothing id', () => {
    expect(newOutfitFieldsSchema.safeParse({ canvas_data: '[]' }).success).toBe(false);
    expect(newOutfitFieldsSchema.safeParse({ canvas_data: '[{' }).success).toBe(false);
    expect(newOutfitFieldsSchema.safeParse({ canvas_data: '[{"x":1}]' }).success).toBe(false);
  });

  it('rejects an item placed twice, naming the second entry, for a new or a changed outfit', () => {
    const entry = (clothing_id: string) => ({ clothing_id, x: 1, y: 2, scale: 1, rotation: 0 });
    for (const id of [undefined, 'o1']) {
      const result = newOutfitFieldsSchema.safeParse({
        // ' i1 ' is read as 'i1': the same item.
        canvas_data: JSON.stringify([entry('i1'), entry('i2'), entry(' i1 ')]),
        ...(id ? { id } : {}),
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ['canvas_data', 2, 'clothing_id'],
          message: `Item "i1" is on the canvas twice: each item can be on an outfit's canvas once`,
        }),
      ]);
    }
  });
});

describe('calendarPutSchema', () => {
  it('reads a single repeated field as a list', () => {
    expect(calendarPutSchema.parse({ clothes: 'a', outfits: ['o1', 'o2'] })).toEqual({
      clothes: ['a'],
      outfits: ['o1', 'o2'],
    });
  });

  it('reads an empty display_item as clearing the star', () => {
    expect(calendarPutSchema.parse({ display_item: '' })).toEqual({
      clothes: [],
      outfits: [],
      display_item: null,
    });
  });

  it('rejects a request that changes nothing', () => {
    expect(calendarPutSchema.safeParse({}).success).toBe(false);
    expect(calendarPutSchema.safeParse({ clothes: '' }).success).toBe(false);
  });
});

describe('calendar day parameters', () => {
  it('takes a day to log on only in the years the calendar opens (1000-9999)', () => {
    for (const date of ['1000-01-01', '2024-02-29', '9999-12-31']) {
      expect(calendarDayParamsSchema.parse({ date })).toEqual({ date });
    }
    for (const date of ['0000-01-01', '0001-01-01', '0999-12-31']) {
      const result = calendarDayParamsSchema.safeParse({ date });
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        'Expected a day from 1000-01-01 to 9999-12-31, the years the calendar shows',
      ]);
    }
    for (const date of ['2023-02-29', '10000-01-01', '2024-1-05']) {
      const result = calendarDayParamsSchema.safeParse({ date });
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        'Expected a real date as YYYY-MM-DD',
      ]);
    }
  });

  it('removes from any real date, so an entry logged before the range can still go', () => {
    expect(calendarRemoveParamsSchema.parse({ date: '0001-01-01' })).toEqual({
      date: '0001-01-01',
    });
    expect(calendarRemoveParamsSchema.safeParse({ date: '2023-02-29' }).success).toBe(false);
  });
});

describe('calendarDeleteSchema', () => {
  it('names the list to remove from', () => {
    expect(calendarDeleteSchema.parse({ item_type: 'outfits' })).toEqual({ item_type: 'outfits' });
    expect(calendarDeleteSchema.safeParse({ item_type: 'items' }).success).toBe(false);
  });
});

describe('settingsPutSchema', () => {
  it('parses the JSON settings field, keeping only sent keys', () => {
    expect(settingsPutSchema.parse({ settings: '{"week_start":1,"currency":"eur"}' })).toEqual({
      settings: { week_start: 1, currency: 'EUR' },
    });
  });

  it('keeps only the categories sent, so the others keep their saved lists', () => {
    const put = settingsPutSchema.parse({
      settings: { subcategories: { top: [{ id: 't', name: 'Tee' }], 'full body': null } },
    });
    expect(put.settings.subcategories).toEqual({ top: [{ id: 't', name: 'Tee' }], full_body: [] });
  });

  const issues = (subcategories: unknown) =>
    settingsPutSchema
      .safeParse({ settings: JSON.stringify({ subcategories }) })
      .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('refuses a key that is not a category instead of dropping it', () => {
    const categories = 'top, bottom, full_body, outerwear, shoes, bag, accessory, other';
    expect(issues({ hats: [{ id: 'a', name: 'X' }], top: [] })).toEqual([
      `settings.subcategories: Unknown category "hats": the categories are ${categories}`,
    ]);
    expect(issues({ hats: [], caps: [] })).toEqual([
      `settings.subcategories: Unknown categories "hats", "caps": the categories are ${categories}`,
    ]);
    expect(issues(null)).toHaveLength(1);
    expect(issues([])).toHaveLength(1);
  });

  it('refuses an id or a name (ignoring case) twice in one category, as the profile does', () => {
    expect(
      issues({
        shoes: [
          { id: 'a', name: 'Sneakers' },
          { id: 'b', name: 'Boots' },
          { id: 'a', name: 'Sandals' },
          { id: 'c', name: ' sneakers ' },
        ],
      }),
    ).toEqual([
      'settings.subcategories.shoes.2.id: Two subcategories of shoes have the id "a"',
      'settings.subcategories.shoes.3.name: “sneakers” is already a subcategory of shoes.',
    ]);
    expect(
      issues({
        full_body: [
          { id: 'd', name: 'Dress' },
          { id: 'e', name: 'DRESS' },
        ],
      }),
    ).toEqual([
      'settings.subcategories.full_body.1.name: “DRESS” is already a subcategory of full body.',
    ]);
    // The same id or name in two categories is fine: each category has its own list.
    expect(
      issues({ top: [{ id: 'a', name: 'Basics' }], bottom: [{ id: 'a', name: 'Basics' }] }),
    ).toBeUndefined();
  });

  it('clears the tracking start with "" and rejects unknown keys', () => {
    expect(settingsPutSchema.parse({ settings: { tracking_start_date: '' } }).settings).toEqual({
      tracking_start_date: null,
    });
    expect(settingsPutSchema.safeParse({ settings: { theme: 'dark' } }).success).toBe(false);
    expect(settingsPutSchema.safeParse({ settings: '{"locale":"not a locale"}' }).success).toBe(
      false,
    );
  });
});

/**
 * README, "Malformed and hostile input": input PostgreSQL cannot store (NUL) or that is not text at
 * all (a lone surrogate, what a decoder leaves of over-long UTF-8) is refused in text fields with a
 * message that says why; ids that cannot exist are not refused by the schema but never match (see
 * the server).
 */
describe('text that cannot be stored', () => {
  // 0xC0 0x80 is an over-long encoding of NUL: a UTF-8 decoder turns it into two U+FFFD.
  const overLong = new TextDecoder().decode(new Uint8Array([0x41, 0xc0, 0x80, 0x42]));
  const bad: [string, string, RegExp][] = [
    ['NUL', 'Ac\u0000me', /NUL/],
    ['a NUL alone', '\u0000', /NUL/],
    ['a lone high surrogate', 'Acme \ud800', /surrogate/],
    ['a lone low surrogate', '\udc00Acme', /surrogate/],
    ['over-long UTF-8', overLong, /UTF-8/],
    ['a control character', 'Ac\u0007me', /control/],
    ['a C1 control character', 'Ac\u009bme', /control/],
  ];

  it('decodes the over-long bytes to replacement characters, as the server will see them', () => {
    expect(overLong).toBe('A\uFFFD\uFFFDB');
  });

  it.each(bad)('refuses %s in free text with a message that names it', (_name, value, message) => {
    const result = textSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it.each(bad)('refuses %s in a brand, new or edited, and in a subcategory', (_name, value) => {
    expect(
      newItemFieldsSchema.safeParse({ category: 'top', status: 'clothes', brand: value }).success,
    ).toBe(false);
    expect(itemUpdatesSchema.safeParse({ brand: value }).success).toBe(false);
    expect(
      settingsPutSchema.safeParse({
        settings: JSON.stringify({ subcategories: { top: [{ id: 'tee', name: value }] } }),
      }).success,
    ).toBe(false);
    expect(
      settingsPutSchema.safeParse({
        settings: JSON.stringify({ subcategories: { top: [{ id: value, name: 'Tees' }] } }),
      }).success,
    ).toBe(false);
  });

  it('refuses a NUL written as a JSON escape inside a multipart JSON field', () => {
    const updates = '{"brand": "Ac\\u0000me"}';
    expect(JSON.parse(updates)).toEqual({ brand: 'Ac\u0000me' });
    expect(itemPatchFieldsSchema.safeParse({ updates }).success).toBe(false);
    const surrogate = '{"brand": "\\ud800"}';
    expect(itemPatchFieldsSchema.safeParse({ updates: surrogate }).success).toBe(false);
  });

  it('keeps ordinary text: accents, emoji (surrogate pairs), tabs and CJK', () => {
    for (const good of ['Acne Studios', 'Rücken & Ösen', '👗 Dress', 'a\tb', '無印良品']) {
      expect(textSchema.safeParse(good).success, good).toBe(true);
    }
  });

  it.each(bad)('refuses %s in an id the app stores or reads from a path', (_name, value) => {
    expect(idSchema.safeParse(value).success).toBe(false);
  });

  it.each(bad)('lets %s through as a reference id, which then matches nothing', (_name, value) => {
    expect(referenceIdSchema.safeParse(value).success).toBe(true);
    expect(calendarPutSchema.safeParse({ clothes: ['ok', value] }).success).toBe(true);
    expect(
      newOutfitFieldsSchema.safeParse({
        canvas_data: JSON.stringify([{ clothing_id: value, x: 0, y: 0, scale: 1, rotation: 0 }]),
        id: value,
      }).success,
    ).toBe(true);
  });
});

/** Every free-text field and every list of a product call has a documented cap (limits.ts). */
describe('caps on request fields', () => {
  const canvasEntry = (id: string) => ({ clothing_id: id, x: 0, y: 0, scale: 1, rotation: 0 });

  it('caps a brand at MAX_TEXT characters, after trimming', () => {
    const fields = (brand: string) => ({ category: 'top', status: 'clothes', brand });
    expect(newItemFieldsSchema.safeParse(fields('b'.repeat(MAX_TEXT))).success).toBe(true);
    expect(newItemFieldsSchema.safeParse(fields(` ${'b'.repeat(MAX_TEXT)} `)).success).toBe(true);
    expect(newItemFieldsSchema.safeParse(fields('b'.repeat(MAX_TEXT + 1))).success).toBe(false);
    expect(itemUpdatesSchema.safeParse({ brand: 'b'.repeat(MAX_TEXT + 1) }).success).toBe(false);
  });

  it('caps ids at MAX_ID characters', () => {
    expect(idSchema.safeParse('i'.repeat(MAX_ID)).success).toBe(true);
    expect(idSchema.safeParse('i'.repeat(MAX_ID + 1)).success).toBe(false);
    expect(referenceIdSchema.safeParse('i'.repeat(MAX_ID + 1)).success).toBe(false);
    expect(
      newItemFieldsSchema.safeParse({
        category: 'top',
        status: 'clothes',
        sub_category_id: 's'.repeat(MAX_ID + 1),
      }).success,
    ).toBe(false);
  });

  it('caps subcategory names, their number per category, and the locale', () => {
    const put = (settings: unknown) =>
      settingsPutSchema.safeParse({ settings: JSON.stringify(settings) }).success;
    const named = (name: string) => ({ subcategories: { top: [{ id: 'tee', name }] } });
    expect(put(named('n'.repeat(MAX_SUBCATEGORY_NAME)))).toBe(true);
    expect(put(named('n'.repeat(MAX_SUBCATEGORY_NAME + 1)))).toBe(false);
    const many = (n: number) => ({
      subcategories: { top: Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: `S${i}` })) },
    });
    expect(put(many(MAX_SUBCATEGORIES))).toBe(true);
    expect(put(many(MAX_SUBCATEGORIES + 1))).toBe(false);
    expect(put({ locale: 'zh-Hant-TW' })).toBe(true);
    const longTag = `en${'-abcdefgh'.repeat(4)}`;
    expect(longTag.length).toBeGreaterThan(MAX_LOCALE);
    expect(put({ locale: longTag })).toBe(false);
  });

  it('caps the ids of a calendar day and the entries of a canvas', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
    expect(calendarPutSchema.safeParse({ clothes: ids(MAX_DAY_IDS) }).success).toBe(true);
    expect(calendarPutSchema.safeParse({ clothes: ids(MAX_DAY_IDS + 1) }).success).toBe(false);
    expect(calendarPutSchema.safeParse({ outfits: ids(MAX_DAY_IDS + 1) }).success).toBe(false);
    const canvas = (n: number) => JSON.stringify(ids(n).map(canvasEntry));
    expect(
      newOutfitFieldsSchema.safeParse({ canvas_data: canvas(MAX_CANVAS_ENTRIES) }).success,
    ).toBe(true);
    expect(
      newOutfitFieldsSchema.safeParse({ canvas_data: canvas(MAX_CANVAS_ENTRIES + 1) }).success,
    ).toBe(false);
  });
});
