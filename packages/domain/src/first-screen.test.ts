import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.js';
import { DEFAULT_SORT_DIRECTION } from './constants.js';
import { DEFAULT_ITEM_FILTERS, filterItems, tabCounts, type ItemFilters } from './filtering.js';
import {
  defaultTabCounts,
  FIRST_SCREEN_TILES,
  firstScreenTiles,
  isFirstScreenView,
  type FirstScreenTile,
} from './first-screen.js';
import { DEFAULT_ITEM_SORT, sortCaption, sortItems } from './sorting.js';
import { ITEM_STATUSES, OUTFIT_STATUSES, type ItemStatus, type OutfitStatus } from './status.js';
import { itemTileLabel } from './subcategories.js';
import { item, outfit, settingsWithSubs, SHIRT, TEE, wardrobe } from './testing/fixtures.js';
import type { ClothingItem, Settings } from './types.js';

const s: Settings = settingsWithSubs('top', [TEE, SHIRT]);

/** The app's grid for the default view: the domain's filter and sort, then the first `count`. */
function gridOrder(items: readonly ClothingItem[], count = FIRST_SCREEN_TILES): string[] {
  const kept = filterItems(items, DEFAULT_ITEM_FILTERS);
  return sortItems(kept, DEFAULT_ITEM_SORT, DEFAULT_SORT_DIRECTION, new Map(), { settings: s })
    .slice(0, count)
    .map((i) => i.id);
}

const ids = (tiles: readonly FirstScreenTile[]) => tiles.map((t) => t.id);

describe('firstScreenTiles', () => {
  it('draws the default view: newest Date Created first', () => {
    const items = [
      item('a', { dateCreated: '2024-01-01T10:00:00.000Z' }),
      item('b', { dateCreated: '2024-03-01T10:00:00.000Z' }),
      item('c', { dateCreated: '2024-02-01T10:00:00.000Z' }),
    ];
    expect(ids(firstScreenTiles(items, s))).toEqual(['b', 'c', 'a']);
  });

  it('breaks ties of Date Created as sortItems does: category, subcategory, then id', () => {
    const same = '2024-05-05T05:05:05.000Z';
    const items = [
      item('z-shoes', { category: 'shoes', dateCreated: same }),
      item('y-top-shirt', { category: 'top', subCategoryId: 'shirt', dateCreated: same }),
      item('x-top-tee', { category: 'top', subCategoryId: 'tee', dateCreated: same }),
      item('b-top', { category: 'top', dateCreated: same }),
      item('a-top', { category: 'top', dateCreated: same }),
      item('newest', { category: 'other', dateCreated: '2024-06-01T00:00:00.000Z' }),
    ];
    const expected = ['newest', 'x-top-tee', 'y-top-shirt', 'a-top', 'b-top', 'z-shoes'];
    expect(gridOrder(items)).toEqual(expected);
    expect(ids(firstScreenTiles(items, s))).toEqual(expected);
    // Whatever order the candidates come in.
    expect(ids(firstScreenTiles([...items].reverse(), s))).toEqual(expected);
  });

  it('gives the same order as sortItems for Date Created, newest first, for any wardrobe', () => {
    const anItem = fc.record({
      id: fc.uuid(),
      // Few distinct instants, so that ties are common.
      day: fc.integer({ min: 0, max: 6 }),
      category: fc.constantFrom(...CATEGORIES),
      sub: fc.constantFrom(undefined, 'tee', 'shirt', 'gone'),
      status: fc.constantFrom(undefined, ...ITEM_STATUSES),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(anItem, { selector: (r) => r.id, maxLength: 40 }),
        fc.integer({ min: 0, max: 20 }),
        (records, count) => {
          const items = records.map((r) =>
            item(r.id, {
              dateCreated: new Date(Date.UTC(2024, 0, 1 + r.day)).toISOString(),
              category: r.category,
              ...(r.sub ? { subCategoryId: r.sub } : {}),
              ...(r.status ? { status: r.status } : {}),
            }),
          );
          expect(ids(firstScreenTiles(items, s, count))).toEqual(gridOrder(items, count));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves out items that are not in the closet (archived, wishlist, loaned)', () => {
    const items = [
      item('closet', { status: 'clothes', dateCreated: '2024-01-01T00:00:00.000Z' }),
      item('no-status', { dateCreated: '2024-01-02T00:00:00.000Z' }),
      item('archived', { status: 'archived', dateCreated: '2024-01-03T00:00:00.000Z' }),
      item('wishlist', { status: 'wishlist', dateCreated: '2024-01-04T00:00:00.000Z' }),
      item('loaned', { status: 'loaned', dateCreated: '2024-01-05T00:00:00.000Z' }),
    ];
    expect(ids(firstScreenTiles(items, s))).toEqual(['no-status', 'closet']);
  });

  it('draws FIRST_SCREEN_TILES (15) tiles by default, or `count`, or fewer when there are fewer', () => {
    expect(FIRST_SCREEN_TILES).toBe(15);
    const items = Array.from({ length: 40 }, (_, i) =>
      item(`i${String(i).padStart(2, '0')}`, {
        dateCreated: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
      }),
    );
    const tiles = firstScreenTiles(items, s);
    expect(tiles).toHaveLength(15);
    expect(tiles[0]!.id).toBe('i39');
    expect(tiles[14]!.id).toBe('i25');
    expect(firstScreenTiles(items, s, 4).map((t) => t.id)).toEqual(['i39', 'i38', 'i37', 'i36']);
    expect(firstScreenTiles(items.slice(0, 3), s)).toHaveLength(3);
    expect(firstScreenTiles([], s)).toEqual([]);
  });

  it('labels each tile with itemTileLabel and captions it with the Date Created caption', () => {
    const items = [
      item('a', { brand: '  Uniqlo ', subCategoryId: 'tee', dateCreated: '2024-03-05T09:00:00Z' }),
      item('b', { category: 'full body', dateCreated: '2024-03-04T09:00:00Z' }),
      item('c', { brand: 'Acne', category: 'shoes', dateCreated: '2024-03-03T09:00:00Z' }),
    ];
    const tiles = firstScreenTiles(items, s);
    for (const tile of tiles) {
      const source = items.find((i) => i.id === tile.id)!;
      expect(tile.label).toBe(itemTileLabel(source, s));
      expect(tile.caption).toBe(sortCaption(DEFAULT_ITEM_SORT, source, undefined, { settings: s }));
    }
    expect(tiles.map((t) => t.label)).toEqual(['Uniqlo T-shirt', 'Full body', 'Acne Shoes']);
    // The default locale (en) spells the day out, and the user's locale is followed.
    expect(s.locale).toBe('en');
    expect(tiles[0]!.caption).toBe('Mar 5, 2024');
    const gb = firstScreenTiles(items, { ...s, locale: 'en-GB' });
    expect(gb[0]!.caption).toBe('5 Mar 2024');
  });

  it('takes the thumbnail as the photo, and the image when there is no thumbnail', () => {
    const items = [
      item('thumb', {
        image: '/media/full.webp',
        thumbnail: '/media/thumb.webp',
        dateCreated: '2024-01-03T00:00:00.000Z',
      }),
      item('none', { image: '/media/only.webp', dateCreated: '2024-01-02T00:00:00.000Z' }),
      item('empty', {
        image: '/media/fallback.webp',
        thumbnail: '',
        dateCreated: '2024-01-01T00:00:00.000Z',
      }),
    ];
    expect(firstScreenTiles(items, s).map((t) => t.src)).toEqual([
      '/media/thumb.webp',
      '/media/only.webp',
      '/media/fallback.webp',
    ]);
  });

  it('gives each tile only its id, photo, label and caption', () => {
    const [tile] = firstScreenTiles([item('a', { brand: 'X', price: 10, source: 'gifted' })], s);
    expect(Object.keys(tile!).sort()).toEqual(['caption', 'id', 'label', 'src']);
  });
});

describe('isFirstScreenView', () => {
  const base = {
    option: DEFAULT_ITEM_SORT,
    direction: DEFAULT_SORT_DIRECTION,
    cols: null,
    filters: { ...DEFAULT_ITEM_FILTERS },
  };

  it('is true for the default view: Date Created, newest first, responsive columns, in closet', () => {
    expect(base.option).toBe('Date Created');
    expect(base.direction).toBe('desc');
    expect(isFirstScreenView(base)).toBe(true);
    expect(isFirstScreenView({ ...base, filters: DEFAULT_ITEM_FILTERS })).toBe(true);
  });

  it('is false for another sort option', () => {
    expect(isFirstScreenView({ ...base, option: 'Brand' })).toBe(false);
    expect(isFirstScreenView({ ...base, option: 'Date Obtained' })).toBe(false);
    expect(isFirstScreenView({ ...base, option: 'Last Worn' })).toBe(false);
  });

  it('is false for the other direction', () => {
    expect(isFirstScreenView({ ...base, direction: 'asc' })).toBe(false);
  });

  it('is false for any saved column count', () => {
    for (const cols of [2, 3, 5, 10]) expect(isFirstScreenView({ ...base, cols })).toBe(false);
  });

  it('is false for any filter other than the defaults', () => {
    const others: ItemFilters[] = [
      { status: 'archived' },
      { status: 'wishlist' },
      { status: 'in closet', category: 'top' },
      { status: 'in closet', subCategory: 'tee' },
      { status: 'in closet', source: 'gifted' },
      { status: 'in closet', dateObtained: 'this year' },
    ];
    for (const filters of others)
      expect(isFirstScreenView({ ...base, filters }), JSON.stringify(filters)).toBe(false);
  });

  it('is still the default with a filter key present but undefined', () => {
    expect(
      isFirstScreenView({ ...base, filters: { status: 'in closet', category: undefined } }),
    ).toBe(true);
    expect(
      isFirstScreenView({
        ...base,
        filters: {
          status: 'in closet',
          category: undefined,
          subCategory: undefined,
          source: undefined,
          dateObtained: undefined,
        },
      }),
    ).toBe(true);
  });
});

describe('defaultTabCounts', () => {
  /** Records grouped by status as a database's GROUP BY gives them (null: no status stored). */
  function byStatus<S extends string>(statuses: readonly (S | undefined)[]) {
    const counts = new Map<S | null, number>();
    for (const status of statuses)
      counts.set(status ?? null, (counts.get(status ?? null) ?? 0) + 1);
    return [...counts].map(([status, count]) => ({ status, count }));
  }

  it("gives the app's tab counts of the default view, whatever the statuses", () => {
    const itemStatus = fc.option(fc.constantFrom(...ITEM_STATUSES), { nil: undefined });
    const outfitStatus = fc.option(fc.constantFrom(...OUTFIT_STATUSES), { nil: undefined });
    fc.assert(
      fc.property(fc.array(itemStatus), fc.array(outfitStatus), (itemStatuses, outfitStatuses) => {
        const clothes = itemStatuses.map((status, i) => item(`i${i}`, { status }));
        const outfits = outfitStatuses.map((status, i) => outfit(`o${i}`, [], { status }));
        const app = tabCounts(wardrobe(clothes, outfits));
        const counted = defaultTabCounts(
          byStatus<ItemStatus>(itemStatuses),
          byStatus<OutfitStatus>(outfitStatuses),
        );
        expect(counted).toEqual(app);
      }),
    );
  });

  it('counts nothing for an empty wardrobe', () => {
    expect(defaultTabCounts([], [])).toEqual({ items: 0, outfits: 0 });
  });
});
