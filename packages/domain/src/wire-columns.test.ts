import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOURCES, WIRE_CATEGORIES } from './categories.js';
import { ITEM_STATUSES, OUTFIT_STATUSES } from './status.js';
import { wardrobeResponseSchema } from './schemas.js';
import type { WireItem, WireOutfit, WireWardrobe } from './schemas.js';
import {
  decodeWardrobeColumns,
  encodeWardrobeColumns,
  isWardrobeColumns,
  packUuids,
  unpackUuids,
} from './wire-columns.js';
import { WARDROBE_COLUMNS_FORMAT } from './wire-columns-names.js';

const MEDIA = '/media/m1.1767225600.AbCdEfGhIjKlMnOpQrStUv/0f7d0c1e-user/';

/** Through JSON, as the answer travels. */
function roundTrip(wardrobe: WireWardrobe): WireWardrobe {
  return decodeWardrobeColumns(JSON.parse(JSON.stringify(encodeWardrobeColumns(wardrobe))));
}

function item(id: string, fields: Partial<WireItem> = {}): WireItem {
  return {
    id,
    image: `${MEDIA}${id}-image.webp`,
    thumbnail: `${MEDIA}${id}-thumbnail.webp`,
    category: 'top',
    date_created: '2025-01-02T03:04:05.678Z',
    ...fields,
  };
}

function outfit(id: string, itemIds: string[], fields: Partial<WireOutfit> = {}): WireOutfit {
  return {
    id,
    image: `${MEDIA}${id}-image.webp`,
    thumbnail: `${MEDIA}${id}-thumbnail.webp`,
    date_created: '2025-01-03T00:00:00.000Z',
    canvas_data: itemIds.map((clothing_id, i) => ({
      clothing_id,
      x: 10 * i,
      y: 20.5,
      scale: 0.4,
      rotation: i === 0 ? -15 : 0,
    })),
    ...fields,
  };
}

const A = '11111111-2222-4333-8444-555555555555';
const B = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const O = '99999999-8888-4777-8666-555555555555';
const LEGACY = 'cccccccc-dddd-4eee-8fff-000000000000';

describe('wardrobe columns', () => {
  it('round-trips a wardrobe with derived, versioned, legacy and foreign photo keys', () => {
    const wardrobe: WireWardrobe = {
      clothes: {
        [A]: item(A, { brand: 'COS', price: 45.5, currency: 'EUR', date_obtained: '2024-02-29' }),
        [B]: item(B, {
          image: `${MEDIA}${B}-k3x9a2-image.webp`,
          thumbnail: `${MEDIA}${B}-k3x9a2-thumbnail.webp`,
          status: 'archived',
          date_archived: '2025-06-01',
          sold_price: 10,
          sold_currency: 'USD',
        }),
        'old-id': item('old-id', {
          image: `${MEDIA}${LEGACY}-image.webp`,
          thumbnail: `${MEDIA}${LEGACY}-thumbnail.webp`,
          date_created: '2024-05-05 10:00',
          category: 'full_body',
        }),
        'no-thumb': item('no-thumb', { thumbnail: undefined, scale: 0.25 }),
      },
      outfits: {
        [O]: outfit(O, [A, B, 'gone'], { status: 'outfits', manual_times_worn: 3 }),
      },
      calendar: {
        '2025-03-01': { clothes: [A], outfits: [O], display_item: O },
        '2025-02-28': { clothes: [B, 'gone'], outfits: [], display_item: B },
        '2025-03-02': { clothes: [], outfits: [] },
      },
    };
    delete wardrobe.clothes['no-thumb']!.thumbnail;
    expect(roundTrip(wardrobe)).toEqual(wardrobe);
  });

  it('sends ids once, photos stored under their record id as nothing, and references as indexes', () => {
    const wardrobe: WireWardrobe = {
      clothes: { [A]: item(A), [B]: item(B) },
      outfits: { [O]: outfit(O, [B, A]) },
      calendar: { '2025-03-01': { clothes: [B], outfits: [O], display_item: O } },
    };
    const columns = encodeWardrobeColumns(wardrobe);
    expect(columns.media).toBe(MEDIA);
    expect(columns.clothes.id).toBe(packUuids([A, B]));
    // 122 bits per id, in base64url.
    expect(columns.clothes.id).toHaveLength(Math.ceil((2 * 122) / 6));
    expect(columns.clothes.photo).toBeUndefined();
    expect(columns.outfits.canvas.item).toEqual([1, 0]);
    expect(columns.calendar).toMatchObject({ cref: [1], oref: [0], display: [-1] });
    const text = JSON.stringify(columns);
    expect(text.split(A).length).toBe(1);
    expect(text.split(MEDIA).length).toBe(2);
  });

  it('keeps absent fields absent and leaves out columns that no record has', () => {
    const wardrobe: WireWardrobe = { clothes: { [A]: item(A) }, outfits: {}, calendar: {} };
    const columns = encodeWardrobeColumns(wardrobe);
    expect(Object.keys(columns.clothes).sort()).toEqual(['category', 'date_created', 'id', 'n']);
    expect(Object.keys(roundTrip(wardrobe).clothes[A]!).sort()).toEqual(
      Object.keys(wardrobe.clothes[A]!).sort(),
    );
  });

  it('writes rare fields sparsely', () => {
    const clothes: Record<string, WireItem> = {};
    for (let i = 0; i < 30; i++) {
      const id = `item-${i}`;
      clothes[id] = item(id, i === 4 || i === 20 ? { brand: 'Rare' } : {});
    }
    const columns = encodeWardrobeColumns({ clothes, outfits: {}, calendar: {} });
    expect(columns.clothes.brand).toEqual({ d: ['Rare'], i: { at: [4, 15], v: [0, 0] } });
    expect(roundTrip({ clothes, outfits: {}, calendar: {} }).clothes).toEqual(clothes);
  });

  it('round-trips an empty wardrobe', () => {
    const empty: WireWardrobe = { clothes: {}, outfits: {}, calendar: {} };
    expect(roundTrip(empty)).toEqual(empty);
    expect(isWardrobeColumns(encodeWardrobeColumns(empty))).toBe(true);
    expect(isWardrobeColumns(empty)).toBe(false);
  });

  it('refuses a map whose key is not its record id, and malformed columns', () => {
    expect(() =>
      encodeWardrobeColumns({ clothes: { x: item(A) }, outfits: {}, calendar: {} }),
    ).toThrow(/id/);
    const columns = encodeWardrobeColumns({
      clothes: { [A]: item(A) },
      outfits: {},
      calendar: { '2025-01-01': { clothes: [A], outfits: [] } },
    });
    expect(() => decodeWardrobeColumns({ ...columns, v: 3 })).toThrow(/version/);
    expect(() =>
      decodeWardrobeColumns({ ...columns, calendar: { ...columns.calendar, cref: [7] } }),
    ).toThrow(/no record 7/);
    expect(() =>
      decodeWardrobeColumns({ ...columns, clothes: { ...columns.clothes, n: 2 } }),
    ).toThrow(/ids/);
    expect(() => decodeWardrobeColumns({ clothes: {} })).toThrow(/not a wardrobe/);
    expect(columns.format).toBe(WARDROBE_COLUMNS_FORMAT);
  });
});

// ---------------------------------------------------------------------------------------------
// Any valid wardrobe: decode(encode(w)) equals w, absent fields stay absent.
// ---------------------------------------------------------------------------------------------

const hex = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
const uuidV4 = fc
  .tuple(hex(8), hex(4), hex(3), fc.constantFrom('8', '9', 'a', 'b'), hex(3), hex(12))
  .map(([a, b, c, v, d, e]) => `${a}-${b}-4${c}-${v}${d}-${e}`);
/** A UUID of another version (v7), which the packed form does not take. */
const uuidV7 = fc
  .tuple(hex(8), hex(4), hex(3), hex(3), hex(12))
  .map(([a, b, c, d, e]) => `${a}-${b}-7${c}-a${d}-${e}`);
const id = fc.oneof(
  { weight: 8, arbitrary: uuidV4 },
  { weight: 1, arbitrary: uuidV7 },
  {
    weight: 1,
    arbitrary: fc
      .string({ minLength: 1, maxLength: 12 })
      // Not a name Object.prototype has: a record keyed "constructor" makes Vitest's
      // toStrictEqual compare the two maps' `constructor` (that record) by reference.
      .filter((s) => s.trim() === s && s.length > 0 && !(s in Object.prototype)),
  },
);
const number = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 })
  .map((n) => (Object.is(n, -0) ? 0 : n));
const text = fc.oneof(
  fc.constantFrom('Uniqlo', 'COS', 'Zara', 'Vintage'),
  fc.string({ maxLength: 8 }),
);
const day = fc
  .integer({ min: dayNumberOf('1990-01-01'), max: dayNumberOf('2035-12-31') })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
const instant = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .integer({ min: 0, max: 4_102_444_800_000 })
      .map((ms) => new Date(ms).toISOString()),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2024-05-05 10:00', '2024-05-05T10:00:00Z', 'yesterday'),
  },
);

function dayNumberOf(key: string): number {
  return Date.parse(`${key}T00:00:00Z`) / 86_400_000;
}

/** How a record's photo URLs look: under its own id, versioned, legacy, elsewhere, no thumbnail. */
const photoShape = fc.oneof(
  fc.constant({ kind: 'own' as const }),
  fc.record({
    kind: fc.constant('versioned' as const),
    v: fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.includes('/')),
  }),
  fc.record({ kind: fc.constant('legacy' as const), stem: fc.oneof(uuidV4, uuidV7) }),
  fc.record({
    kind: fc.constant('stem' as const),
    stem: fc.string({ minLength: 1, maxLength: 10 }),
  }),
  fc.record({
    kind: fc.constant('foreign' as const),
    image: fc.string(),
    thumbnail: fc.option(fc.string(), { nil: undefined }),
  }),
);
type PhotoShape =
  | { kind: 'own' }
  | { kind: 'versioned'; v: string }
  | { kind: 'legacy'; stem: string }
  | { kind: 'stem'; stem: string }
  | { kind: 'foreign'; image: string; thumbnail: string | undefined };

function photoFor(recordId: string, shape: PhotoShape): { image: string; thumbnail?: string } {
  const at = (stem: string) => ({
    image: `${MEDIA}${stem}-image.webp`,
    thumbnail: `${MEDIA}${stem}-thumbnail.webp`,
  });
  switch (shape.kind) {
    case 'own':
      return at(recordId);
    case 'versioned':
      return at(`${recordId}-${shape.v}`);
    case 'legacy':
    case 'stem':
      return at(shape.stem);
    case 'foreign':
      return shape.thumbnail === undefined
        ? { image: shape.image }
        : { image: shape.image, thumbnail: shape.thumbnail };
  }
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

const itemFields = fc.record(
  {
    photo: photoShape,
    category: fc.constantFrom(...WIRE_CATEGORIES),
    sub_category_id: text,
    status: fc.constantFrom(...ITEM_STATUSES),
    source: fc.constantFrom(...SOURCES),
    brand: text,
    date_created: instant,
    date_obtained: day,
    date_archived: day,
    price: number,
    currency: fc.constantFrom('USD', 'EUR', 'GBP'),
    converted_price: number,
    sold_price: number,
    sold_currency: fc.constantFrom('USD', 'EUR'),
    converted_sold_price: number,
    manual_times_worn: fc.nat(500),
    scale: number,
  },
  { requiredKeys: ['photo', 'category', 'date_created'] },
);

const outfitFields = fc.record(
  {
    photo: photoShape,
    status: fc.constantFrom(...OUTFIT_STATUSES),
    date_created: instant,
    manual_times_worn: fc.nat(50),
    canvas: fc.array(
      fc.record({
        pick: fc.nat(),
        x: number,
        y: number,
        scale: number,
        rotation: number,
        stray: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
  },
  { requiredKeys: ['photo', 'date_created', 'canvas'] },
);

const wardrobeArb: fc.Arbitrary<WireWardrobe> = fc
  .record({
    itemIds: fc.uniqueArray(id, { maxLength: 25 }),
    outfitIds: fc.uniqueArray(id, { maxLength: 8 }),
    items: fc.array(itemFields, { minLength: 25, maxLength: 25 }),
    outfits: fc.array(outfitFields, { minLength: 8, maxLength: 8 }),
    days: fc.uniqueArray(
      fc.record({
        day,
        clothes: fc.array(fc.nat(), { maxLength: 3 }),
        outfits: fc.array(fc.nat(), { maxLength: 2 }),
        display: optional(fc.oneof(fc.nat(), fc.constant('stray-id'))),
        stray: fc.boolean(),
      }),
      { selector: (d) => d.day, maxLength: 12 },
    ),
  })
  .map(({ itemIds, outfitIds, items, outfits, days }) => {
    const wardrobe: WireWardrobe = { clothes: {}, outfits: {}, calendar: {} };
    itemIds.forEach((itemId, i) => {
      const { photo, ...fields } = items[i]!;
      wardrobe.clothes[itemId] = { id: itemId, ...photoFor(itemId, photo), ...fields } as WireItem;
    });
    const pickItem = (n: number, stray: boolean) =>
      stray || itemIds.length === 0 ? `gone-${n}` : itemIds[n % itemIds.length]!;
    outfitIds.forEach((outfitId, i) => {
      const { photo, canvas, ...fields } = outfits[i]!;
      wardrobe.outfits[outfitId] = {
        id: outfitId,
        ...photoFor(outfitId, photo),
        ...fields,
        canvas_data: canvas.map((e) => ({
          clothing_id: pickItem(e.pick, e.stray),
          x: e.x,
          y: e.y,
          scale: e.scale,
          rotation: e.rotation,
        })),
      } as WireOutfit;
    });
    for (const d of days) {
      const entry: WireWardrobe['calendar'][string] = {
        clothes: d.clothes.map((n) => pickItem(n, d.stray)),
        outfits: outfitIds.length ? d.outfits.map((n) => outfitIds[n % outfitIds.length]!) : [],
      };
      if (d.display !== undefined) {
        const all = [...itemIds, ...outfitIds];
        entry.display_item =
          typeof d.display === 'string' || all.length === 0
            ? 'stray-id'
            : all[d.display % all.length]!;
      }
      wardrobe.calendar[d.day] = entry;
    }
    return wardrobe;
  });

describe('packed UUIDs', () => {
  it('unpack to the same version 4 UUIDs, and refuse anything else', () => {
    fc.assert(
      fc.property(fc.array(uuidV4, { minLength: 1, maxLength: 40 }), (ids) => {
        const packed = packUuids(ids)!;
        expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(unpackUuids(packed, ids.length)).toEqual(ids);
      }),
    );
    expect(packUuids([A, '11111111-2222-7333-8444-555555555555'])).toBeUndefined();
    expect(packUuids([B.toUpperCase()])).toBeUndefined();
    expect(packUuids([])).toBeUndefined();
    expect(() => unpackUuids(packUuids([A])!, 2)).toThrow(/packed ids/);
    expect(() => unpackUuids('!'.repeat(21), 1)).toThrow(/base64url/);
  });
});

describe('wardrobe columns, for any wardrobe', () => {
  it('decode(encode(w)) equals w, through JSON, with absent fields absent', () => {
    fc.assert(
      fc.property(wardrobeArb, (wardrobe) => {
        const back = roundTrip(wardrobe);
        expect(back).toStrictEqual(wardrobe);
        // Same records in the same order.
        expect(Object.keys(back.clothes)).toEqual(Object.keys(wardrobe.clothes));
        expect(Object.keys(back.outfits)).toEqual(Object.keys(wardrobe.outfits));
      }),
      { numRuns: 300 },
    );
  });

  it('answers what the default answer parses to, once validated', () => {
    fc.assert(
      fc.property(wardrobeArb, (wardrobe) => {
        const viaJson = wardrobeResponseSchema.safeParse(JSON.parse(JSON.stringify(wardrobe)));
        fc.pre(viaJson.success);
        expect(wardrobeResponseSchema.parse(roundTrip(wardrobe))).toEqual(viaJson.data);
      }),
      { numRuns: 100 },
    );
  });
});
