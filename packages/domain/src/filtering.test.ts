import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ITEM_FILTERS,
  filterItems,
  filterOutfits,
  filterPickerItems,
  groupCounts,
  hasActiveFilters,
  hasActiveItemFilters,
  hasActiveOutfitFilters,
  tabCounts,
  withCategory,
} from './filtering.js';
import { computeOutfitStats } from './outfit-stats.js';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';

const now = at('2024-03-10', 12);
const items = [
  item('closet', {
    category: 'top',
    subCategoryId: 'tee',
    source: 'preloved',
    dateObtained: '2024-01-05',
  }),
  item('nostatus', { category: 'top', dateObtained: '2023-12-31' }),
  item('blank-sub', { category: 'top', subCategoryId: '' }),
  item('archived', { status: 'archived', category: 'shoes' }),
  item('loaned', { status: 'loaned' }),
  item('wish', { status: 'wishlist', category: 'bag' }),
];
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('filterItems', () => {
  it("shows items 'in closet' by default: status clothes or none", () => {
    expect(ids(filterItems(items, {}, { now }))).toEqual(['closet', 'nostatus', 'blank-sub']);
    expect(ids(filterItems(items, DEFAULT_ITEM_FILTERS, { now }))).toEqual([
      'closet',
      'nostatus',
      'blank-sub',
    ]);
  });

  it('filters archived items', () => {
    expect(ids(filterItems(items, { status: 'archived' }, { now }))).toEqual(['archived']);
  });

  it('filters by category and subcategory, None matching empty or missing', () => {
    expect(ids(filterItems(items, { category: 'top', subCategory: 'tee' }, { now }))).toEqual([
      'closet',
    ]);
    expect(ids(filterItems(items, { category: 'top', subCategory: 'none' }, { now }))).toEqual([
      'nostatus',
      'blank-sub',
    ]);
  });

  it("filters by source, 'not specified' matching items without one", () => {
    expect(ids(filterItems(items, { source: 'preloved' }, { now }))).toEqual(['closet']);
    expect(ids(filterItems(items, { source: 'not specified' }, { now }))).toEqual([
      'nostatus',
      'blank-sub',
    ]);
  });

  it("keeps only items obtained this year for 'this year', leaving out items without a date", () => {
    expect(ids(filterItems(items, { dateObtained: 'this year' }, { now }))).toEqual(['closet']);
  });

  it('can ignore status for screens limited to one status', () => {
    const wishlist = items.filter((i) => i.status === 'wishlist');
    expect(ids(filterItems(wishlist, { category: 'bag' }, { now, ignoreStatus: true }))).toEqual([
      'wish',
    ]);
  });
});

describe('filterPickerItems', () => {
  it('offers loaned and wishlist statuses and leaves out items already picked', () => {
    expect(ids(filterPickerItems(items, { status: 'loaned' }, [], { now }))).toEqual(['loaned']);
    expect(ids(filterPickerItems(items, { status: 'wishlist' }, new Set(), { now }))).toEqual([
      'wish',
    ]);
    expect(ids(filterPickerItems(items, {}, ['closet'], { now }))).toEqual([
      'nostatus',
      'blank-sub',
    ]);
  });
});

describe('filterOutfits', () => {
  const outfits = [
    outfit('worn', ['a']),
    outfit('manual', ['a'], { manualTimesWorn: 1 }),
    outfit('never', ['a']),
    outfit('arch', ['a'], { status: 'archived' }),
    outfit('wish', ['a'], { status: 'wishlist' }),
  ];
  const w = wardrobe([item('a')], outfits, {
    '2024-03-01': day([], ['worn']),
    '2024-03-20': day([], ['never']),
  });
  const stats = computeOutfitStats(w, settings(), now);

  it("shows 'in closet' outfits by default", () => {
    expect(ids(filterOutfits(outfits, {}, stats))).toEqual(['worn', 'manual', 'never']);
    expect(ids(filterOutfits(outfits, { status: 'archived' }, stats))).toEqual(['arch']);
    expect(ids(filterOutfits(outfits, { status: 'wishlist' }, stats))).toEqual(['wish']);
  });

  it('filters never worn and worn 1+ times (a future plan is not a wear)', () => {
    expect(ids(filterOutfits(outfits, { timesWorn: 'Never Worn' }, stats))).toEqual(['never']);
    expect(ids(filterOutfits(outfits, { timesWorn: 'Worn 1+ Times' }, stats))).toEqual([
      'worn',
      'manual',
    ]);
  });

  it('hides outfits already on the day', () => {
    expect(ids(filterOutfits(outfits, {}, stats, new Set(['worn'])))).toEqual(['manual', 'never']);
  });
});

describe('active filters', () => {
  it('does not count the default status as active', () => {
    expect(hasActiveItemFilters({})).toBe(false);
    expect(hasActiveItemFilters({ status: 'in closet' })).toBe(false);
    expect(hasActiveOutfitFilters({ status: 'in closet' })).toBe(false);
  });

  it('counts any other choice', () => {
    expect(hasActiveItemFilters({ status: 'archived' })).toBe(true);
    expect(hasActiveItemFilters({ category: 'top' })).toBe(true);
    expect(hasActiveItemFilters({ subCategory: 'none' })).toBe(true);
    expect(hasActiveItemFilters({ source: 'not specified' })).toBe(true);
    expect(hasActiveItemFilters({ dateObtained: 'this year' })).toBe(true);
    expect(hasActiveOutfitFilters({ timesWorn: 'Never Worn' })).toBe(true);
    expect(hasActiveFilters({ timesWorn: 'Worn 1+ Times' })).toBe(true);
    expect(hasActiveFilters({ status: 'wishlist' })).toBe(true);
    expect(hasActiveFilters({})).toBe(false);
  });
});

describe('withCategory', () => {
  it('clears the subcategory when the category changes', () => {
    expect(
      withCategory({ category: 'top', subCategory: 'tee', source: 'gifted' }, 'shoes'),
    ).toEqual({
      category: 'shoes',
      source: 'gifted',
    });
    expect(withCategory({ category: 'top', subCategory: 'tee' }, undefined)).toEqual({});
  });
});

describe('counts', () => {
  const w = wardrobe(items, [
    outfit('o1', ['closet']),
    outfit('o2', ['closet'], { status: 'archived' }),
    outfit('o3', []),
  ]);

  it('counts in-closet items and outfits without filters', () => {
    expect(tabCounts(w, undefined, undefined, undefined, now)).toEqual({ items: 3, outfits: 2 });
  });

  it('follows the active filters', () => {
    expect(
      tabCounts(
        w,
        { category: 'shoes', status: 'archived' },
        { status: 'archived' },
        new Map(),
        now,
      ),
    ).toEqual({
      items: 1,
      outfits: 1,
    });
  });

  it('counts the wishlist and loaned groups', () => {
    expect(groupCounts(w)).toEqual({ wishlist: 1, loaned: 1 });
  });
});
