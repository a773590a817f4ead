import { describe, expect, it } from 'vitest';
import {
  capsuleFigures,
  collectionFromWire,
  collectionPieceIds,
  collectionsWithItem,
  duplicateName,
  MAX_COLLECTION_NAME,
  outfitsYouCanMake,
  packingProgress,
  packingProgressText,
  tripDays,
  type Collection,
  type CollectionChange,
} from './collections.js';
import { newCollectionSchema, wireCollectionSchema } from './schemas.js';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';

const now = at('2024-06-15', 12);
const s = settings({ currency: 'USD' });

const w = wardrobe(
  [
    item('tee', { category: 'top', price: 20, dateObtained: '2024-05-01' }),
    item('jeans', { category: 'bottom', price: 80, dateObtained: '2023-02-01' }),
    item('boots', { category: 'shoes', price: 100, dateObtained: '2024-06-01' }),
    item('scarf', { category: 'accessory' }),
    item('coat', { category: 'outerwear', price: 300, status: 'wishlist' }),
  ],
  [
    outfit('o-day', ['tee', 'jeans']),
    outfit('o-boots', ['tee', 'jeans', 'boots']),
    outfit('o-coat', ['tee', 'coat']),
    outfit('o-wish', ['tee'], { status: 'wishlist' }),
    outfit('o-gone', ['deleted-item']),
  ],
  {
    '2024-01-10': day(['jeans']),
    '2024-06-01': day([], ['o-day']),
    '2024-06-02': day(['tee'], ['o-day']),
    '2024-06-20': day(['boots']),
  },
);

describe('collectionPieceIds', () => {
  it('lists items then the pieces of outfits, each once, leaving out deleted ids', () => {
    expect(
      collectionPieceIds({ itemIds: ['jeans', 'gone', 'tee'], outfitIds: ['o-boots', 'nope'] }, w),
    ).toEqual(['jeans', 'tee', 'boots']);
  });
});

describe('outfitsYouCanMake', () => {
  it('lists saved outfits whose pieces are all on the list', () => {
    expect(outfitsYouCanMake(['tee', 'jeans'], w)).toEqual(['o-day']);
    expect(outfitsYouCanMake(['tee', 'jeans', 'boots'], w)).toEqual(['o-day', 'o-boots']);
  });

  it('leaves out wishlist outfits and outfits without existing pieces', () => {
    expect(outfitsYouCanMake(['tee'], w)).toEqual([]);
    expect(outfitsYouCanMake([], w)).toEqual([]);
  });
});

describe('packingProgress', () => {
  it('counts an item that is also in a listed outfit once, and ignores ticks of others', () => {
    const list = { itemIds: ['tee', 'scarf'], outfitIds: ['o-day'], packedIds: ['tee', 'boots'] };
    const progress = packingProgress(list, w);
    expect(progress).toEqual({ total: 3, packed: 1 });
    expect(packingProgressText(progress)).toBe('1 of 3 packed');
  });
});

describe('tripDays', () => {
  it('lists the days inclusive, across a month end', () => {
    expect(tripDays({ startDate: '2024-05-30', endDate: '2024-06-02' })).toEqual([
      '2024-05-30',
      '2024-05-31',
      '2024-06-01',
      '2024-06-02',
    ]);
  });
  it('is empty without both dates or when reversed', () => {
    expect(tripDays({ startDate: '2024-05-30' })).toEqual([]);
    expect(tripDays({ startDate: '2024-06-02', endDate: '2024-06-01' })).toEqual([]);
  });
});

describe('capsuleFigures', () => {
  const capsule = { itemIds: ['tee', 'jeans', 'boots', 'scarf'], outfitIds: [] };

  it('counts pieces, outfits possible, wears up to today, spend and cost per wear', () => {
    const f = capsuleFigures(capsule, w, s, 'all', { now });
    expect(f.pieces).toBe(4);
    expect(f.outfitsPossible).toBe(2);
    // jeans: 01-10, 06-01, 06-02; tee: 06-01, 06-02 (logged alone and in an outfit: once); boots
    // on 06-20 is after today.
    expect(f.wears).toBe(5);
    expect(f.spend).toBe(200);
    expect(f.costPerWear).toBe(40);
    expect(f.neverWorn).toEqual(['boots', 'scarf']);
  });

  it('keeps wears and spend to the range', () => {
    const f = capsuleFigures(capsule, w, s, 'last3Months', { now });
    expect(f.wears).toBe(4);
    expect(f.spend).toBe(120);
    expect(f.costPerWear).toBe(50);
  });

  it('gives every category, with 0 for a gap', () => {
    const f = capsuleFigures(capsule, w, s, 'all', { now });
    expect(f.coverage.find((c) => c.category === 'top')?.count).toBe(1);
    expect(f.coverage.find((c) => c.category === 'outerwear')?.count).toBe(0);
    expect(f.coverage).toHaveLength(8);
  });

  it('has no cost per wear without wears and leaves wishlist prices out', () => {
    const f = capsuleFigures({ itemIds: ['coat', 'scarf'], outfitIds: [] }, w, s, 'all', { now });
    expect(f).toMatchObject({ pieces: 2, wears: 0, spend: 0 });
    expect(f.costPerWear).toBeUndefined();
  });

  it('counts the pieces of listed outfits', () => {
    const f = capsuleFigures({ itemIds: [], outfitIds: ['o-boots'] }, w, s, 'all', { now });
    expect(f.pieces).toBe(3);
    expect(f.outfitsPossible).toBe(2);
  });
});

describe('helpers and schemas', () => {
  it('names a copy within the limit', () => {
    expect(duplicateName('Lisbon')).toBe('Lisbon (copy)');
    expect(duplicateName('x'.repeat(200))).toHaveLength(MAX_COLLECTION_NAME);
  });

  it('finds the collections holding an item', () => {
    const a = { id: 'a', itemIds: ['tee'] };
    const b = { id: 'b', itemIds: ['jeans'] };
    expect(collectionsWithItem([a, b], 'tee')).toEqual([a]);
  });

  it('reads a wire collection', () => {
    const wire = wireCollectionSchema.parse({
      id: 'c1',
      kind: 'packing',
      name: 'Lisbon',
      note: null,
      start_date: '2024-07-01',
      end_date: '2024-07-05',
      destination: '',
      date_created: '2024-06-01T10:00:00.000Z',
      item_ids: ['tee'],
      outfit_ids: [],
      packed_ids: [],
    });
    expect(collectionFromWire(wire)).toEqual({
      id: 'c1',
      kind: 'packing',
      name: 'Lisbon',
      startDate: '2024-07-01',
      endDate: '2024-07-05',
      dateCreated: '2024-06-01T10:00:00.000Z',
      itemIds: ['tee'],
      outfitIds: [],
      packedIds: [],
    });
  });

  it('refuses a trip that ends before it starts and a blank name', () => {
    expect(
      newCollectionSchema.safeParse({
        kind: 'packing',
        name: 'Trip',
        start_date: '2024-07-05',
        end_date: '2024-07-01',
      }).success,
    ).toBe(false);
    expect(newCollectionSchema.safeParse({ kind: 'capsule', name: '  ' }).success).toBe(false);
    expect(newCollectionSchema.parse({ kind: 'capsule', name: ' Summer ', note: '' })).toEqual({
      kind: 'capsule',
      name: 'Summer',
      note: null,
    });
  });
});

describe('applyCollectionChange', () => {
  const base: Collection = {
    id: 'c1',
    kind: 'packing',
    name: 'Trip',
    note: 'n',
    dateCreated: '2024-06-01T00:00:00.000Z',
    itemIds: ['a'],
    outfitIds: [],
    packedIds: ['a'],
  };

  it('applies each change idempotently', async () => {
    const { applyCollectionChange } = await import('./collections.js');
    const changes: CollectionChange[] = [
      { type: 'add', id: 'c1', itemIds: ['b', 'a'], outfitIds: ['o'] },
      { type: 'packed', id: 'c1', itemIds: ['b'], packed: true },
      { type: 'update', id: 'c1', fields: { name: 'Rome', note: null, startDate: '2024-07-01' } },
      { type: 'remove', id: 'c1', entry: 'item', entryId: 'a' },
    ];
    let once = [base];
    for (const change of changes) once = applyCollectionChange(once, change);
    let twice = [base];
    for (const change of changes)
      twice = applyCollectionChange(applyCollectionChange(twice, change), change);
    expect(twice).toEqual(once);
    expect(once[0]).toEqual({
      id: 'c1',
      kind: 'packing',
      name: 'Rome',
      startDate: '2024-07-01',
      dateCreated: '2024-06-01T00:00:00.000Z',
      itemIds: ['b'],
      outfitIds: ['o'],
      packedIds: ['b'],
    });
    expect(applyCollectionChange(once, { type: 'delete', id: 'c1' })).toEqual([]);
    expect(applyCollectionChange([base], { type: 'create', collection: base })).toEqual([base]);
  });

  it('renames an offline item and drops one that will never exist', async () => {
    const { renameInCollectionChange, collectionChangeWithout } = await import('./collections.js');
    const add = { type: 'add' as const, id: 'c1', itemIds: ['tmp-1', 'x'], outfitIds: [] };
    expect(renameInCollectionChange(add, 'tmp-1', 'real')).toEqual({
      ...add,
      itemIds: ['real', 'x'],
    });
    expect(collectionChangeWithout({ ...add, itemIds: ['tmp-1'] }, 'tmp-1')).toBeNull();
    expect(collectionChangeWithout(add, 'tmp-1')).toEqual({ ...add, itemIds: ['x'] });
  });
});

describe('wardrobeOfCollection', () => {
  it('keeps the pieces and the outfits made of them, and the calendar', async () => {
    const { wardrobeOfCollection } = await import('./collections.js');
    const limited = wardrobeOfCollection({ itemIds: ['tee', 'jeans'], outfitIds: [] }, w);
    expect(Object.keys(limited.clothes)).toEqual(['tee', 'jeans']);
    expect(Object.keys(limited.outfits)).toEqual(['o-day']);
    expect(limited.calendar).toBe(w.calendar);
  });
});
