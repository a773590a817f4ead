import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.js';
import {
  itemPatchResponseSchema,
  outfitPatchResponseSchema,
  wardrobeResponseSchema,
  wireSettingsSchema,
} from './schemas.js';
import type { ClothingItem, Settings } from './types.js';
import {
  itemFromWire,
  itemPatchFromWire,
  itemToWire,
  itemUpdatesToWire,
  outfitFromWire,
  outfitPatchFromWire,
  outfitToWire,
  outfitUpdatesToWire,
  parseItem,
  parseWardrobe,
  settingsFromWire,
  settingsToWire,
  wardrobeFromWire,
  wardrobeToWire,
} from './wire-mappers.js';

describe('itemFromWire / itemToWire', () => {
  it('reads camelCase, maps full_body and removes nulls', () => {
    const item = parseItem({
      id: 'i1',
      image: 'img',
      category: 'full_body',
      date_created: '2024-01-01T00:00:00Z',
      sub_category_id: 'dress',
      price: 20,
      converted_price: 18.5,
      brand: null,
      sold_price: null,
    });
    expect(item).toEqual({
      id: 'i1',
      image: 'img',
      category: 'full body',
      dateCreated: '2024-01-01T00:00:00Z',
      subCategoryId: 'dress',
      price: 20,
      convertedPrice: 18.5,
    });
    expect('brand' in item).toBe(false);
  });

  it('round-trips a full item', () => {
    const item: ClothingItem = {
      id: 'x',
      image: 'i',
      thumbnail: 't',
      category: 'full body',
      subCategoryId: 's',
      status: 'loaned',
      source: 'self made',
      brand: 'B',
      dateCreated: '2024-01-01T00:00:00Z',
      dateObtained: '2023-05-01',
      dateArchived: '2024-02-29',
      price: 10,
      currency: 'EUR',
      convertedPrice: 11,
      soldPrice: 4,
      soldCurrency: 'EUR',
      convertedSoldPrice: 4.4,
      manualTimesWorn: 2,
      scale: 0.4,
    };
    const wire = itemToWire(item);
    expect(wire.category).toBe('full_body');
    expect(wire.converted_sold_price).toBe(4.4);
    expect(itemFromWire(wire)).toEqual(item);
  });
});

describe('outfitFromWire / outfitToWire', () => {
  it('converts canvas entries and never sends locked', () => {
    const wire = outfitToWire({
      id: 'o',
      image: 'i',
      dateCreated: 'd',
      canvasData: [{ clothingId: 'a', x: 1, y: 2, scale: 3, rotation: 4, locked: true }],
    });
    expect(wire.canvas_data).toEqual([{ clothing_id: 'a', x: 1, y: 2, scale: 3, rotation: 4 }]);
    expect(outfitFromWire({ ...wire, status: null, manual_times_worn: 2 })).toEqual({
      id: 'o',
      image: 'i',
      dateCreated: 'd',
      manualTimesWorn: 2,
      canvasData: [{ clothingId: 'a', x: 1, y: 2, scale: 3, rotation: 4 }],
    });
  });
});

describe('cut-out fields (docs/cutouts.md)', () => {
  const base = { id: 'i1', image: 'cut', category: 'top', date_created: '2024-01-01T00:00:00Z' };

  it('reads an item with a cut-out, and one without any', () => {
    expect(parseItem({ ...base, original: 'orig', cutout: 'done' })).toMatchObject({
      original: 'orig',
      cutout: 'done',
    });
    const plain = parseItem({ ...base, original: null, cutout: null });
    expect('cutout' in plain || 'original' in plain).toBe(false);
    expect(() => parseItem({ ...base, cutout: 'maybe' })).toThrow();
  });

  it('reads a restore answer as fields to clear', () => {
    const patch = itemPatchFromWire(
      itemPatchResponseSchema.parse({ image: 'orig', cutout: null, original: null }),
    );
    expect(patch).toEqual({ image: 'orig', cutout: null, original: null });
  });

  it('reads the two settings when sent, and leaves them out when not', () => {
    const sent = settingsFromWire(
      wireSettingsSchema.parse({ cut_out_new_photos: false, cutouts_available: true }),
    );
    expect(sent).toMatchObject({ cutOutNewPhotos: false, cutoutsAvailable: true });
    const old = settingsFromWire(wireSettingsSchema.parse({}));
    expect('cutOutNewPhotos' in old || 'cutoutsAvailable' in old).toBe(false);
  });
});

describe('settingsFromWire / settingsToWire', () => {
  it('keys subcategories by the app category names, every category present', () => {
    const settings = settingsFromWire(
      wireSettingsSchema.parse({ subcategories: { full_body: [{ id: 'd', name: 'Dress' }] } }),
    );
    expect(Object.keys(settings.subcategories)).toEqual([...CATEGORIES]);
    expect(settings.subcategories['full body']).toEqual([{ id: 'd', name: 'Dress' }]);
    expect(settings).toMatchObject({
      locale: 'en',
      currency: 'USD',
      weekStart: 0,
      dataConsent: true,
    });
    expect('trackingStartDate' in settings).toBe(false);
  });

  it('round-trips', () => {
    const settings: Settings = {
      locale: 'en-GB',
      currency: 'GBP',
      weekStart: 1,
      dataConsent: false,
      trackingStartDate: '2024-01-01',
      subcategories: {
        top: [{ id: 't', name: 'Tee' }],
        bottom: [],
        'full body': [{ id: 'd', name: 'Dress' }],
        outerwear: [],
        shoes: [],
        bag: [],
        accessory: [],
        other: [],
      },
    };
    const wire = settingsToWire(settings);
    expect(wire.subcategories.full_body).toEqual([{ id: 'd', name: 'Dress' }]);
    expect(wire.week_start).toBe(1);
    expect(settingsFromWire(wireSettingsSchema.parse(wire))).toEqual(settings);
  });
});

describe('wardrobeFromWire', () => {
  const json = {
    clothes: {
      i1: { id: 'i1', image: 'a', category: 'top', date_created: '2024-01-01', price: null },
    },
    outfits: {
      o1: {
        id: 'o1',
        image: 'b',
        date_created: '2024-01-02',
        canvas_data: [{ clothing_id: 'i1', x: 0, y: 0, scale: 1, rotation: 0 }],
      },
    },
    calendar: { '2024-02-29': { clothes: ['i1'], outfits: ['o1'], display_item: 'o1' } },
  };

  it('keeps id and day keys untouched and converts records', () => {
    const w = parseWardrobe(json);
    expect(Object.keys(w.clothes)).toEqual(['i1']);
    expect(w.outfits.o1?.canvasData[0]?.clothingId).toBe('i1');
    expect(w.calendar['2024-02-29']).toEqual({
      clothes: ['i1'],
      outfits: ['o1'],
      displayItem: 'o1',
    });
  });

  it('round-trips through the wire', () => {
    const w = parseWardrobe(json);
    expect(wardrobeFromWire(wardrobeResponseSchema.parse(wardrobeToWire(w)))).toEqual(w);
  });
});

describe('update payloads', () => {
  it('sends undefined as "" to clear, maps full body, and leaves out what cannot be edited', () => {
    const payload = itemUpdatesToWire({
      category: 'full body',
      brand: undefined,
      dateArchived: '2024-02-29',
      ...({ id: 'nope', convertedPrice: 3 } as object),
    });
    expect(payload).toEqual({ category: 'full_body', brand: '', date_archived: '2024-02-29' });
  });

  it('does the same for outfits', () => {
    expect(outfitUpdatesToWire({ status: undefined, manualTimesWorn: 3 })).toEqual({
      status: '',
      manual_times_worn: 3,
    });
  });
});

describe('PATCH answers', () => {
  it('reads only the fields that changed, keeping null for the cleared ones', () => {
    const wire = itemPatchResponseSchema.parse({
      category: 'full_body',
      sub_category_id: null,
      price: 12,
      converted_price: 10.5,
      brand: '',
    });
    expect(itemPatchFromWire(wire)).toEqual({
      category: 'full body',
      subCategoryId: null,
      price: 12,
      convertedPrice: 10.5,
      brand: null,
    });
    expect(itemPatchFromWire(itemPatchResponseSchema.parse({}))).toEqual({});
  });

  it('reads a new photo of an item and an outfit', () => {
    const photo = { id: 'x', image: '/media/a', thumbnail: '/media/b' };
    expect(itemPatchFromWire(itemPatchResponseSchema.parse(photo))).toEqual(photo);
    expect(outfitPatchFromWire(outfitPatchResponseSchema.parse(photo))).toEqual(photo);
  });

  it('reads outfit fields and canvas entries', () => {
    const wire = outfitPatchResponseSchema.parse({
      status: null,
      manual_times_worn: 4,
      canvas_data: [{ clothing_id: 'a', x: 1, y: 2, scale: 3, rotation: 4 }],
    });
    expect(outfitPatchFromWire(wire)).toEqual({
      status: null,
      manualTimesWorn: 4,
      canvasData: [{ clothingId: 'a', x: 1, y: 2, scale: 3, rotation: 4 }],
    });
  });
});
