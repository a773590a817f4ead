import {
  defaultSettings,
  encodeWardrobeColumns,
  filterItems,
  itemToWire,
  sortItems,
  type ClothingItem,
  type ItemSortOption,
  type SortDirection,
} from '@hanger/domain';
import { item } from '../../test-utils/fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstViewFromWire, previewServes, type FirstViewQuery } from './first-view';
import { pickFirstView, selectFirstView } from './first-view-pick';

/** What the worker and then the page make of an answer. */
function firstViewOfAnswer(json: unknown, query: FirstViewQuery) {
  const head = pickFirstView(json, query);
  return head && firstViewFromWire(query, head);
}
import { parseWardrobeAnswer } from './wire-parse';

const settings = defaultSettings();
const NOW = new Date('2026-06-01T12:00:00Z');
const CATEGORIES = ['top', 'bottom', 'shoes', 'outerwear'] as const;
const STATUSES = [undefined, 'clothes', 'archived', 'wishlist', 'loaned'] as const;

/** What the Items grid shows for the whole wardrobe. */
function view(items: ClothingItem[], q: FirstViewQuery): ClothingItem[] {
  return sortItems(filterItems(items, q.filters, { now: NOW }), q.option, q.direction, new Map(), {
    settings: { ...settings, locale: q.locale ?? settings.locale },
  });
}

const itemArb = (i: number) =>
  fc
    .record({
      // Few distinct times, dates and brands: ties at the cut are the case to get right.
      t: fc.integer({ min: 0, max: 6 }),
      obtained: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      brand: fc.option(
        fc.constantFrom('Arket', 'arket ', 'Årket', 'COS', 'Cös', 'Uniqlo', 'Zara', 'Ålesund'),
        { nil: undefined },
      ),
      category: fc.constantFrom(...CATEGORIES),
      status: fc.constantFrom(...STATUSES),
    })
    .map(({ t, obtained, brand, category, status }) =>
      item(`i${String(i).padStart(3, '0')}`, {
        dateCreated: new Date(Date.UTC(2025, 0, 1 + t)).toISOString(),
        category,
        ...(obtained ? { dateObtained: `202${obtained}-03-0${obtained}` } : {}),
        ...(brand ? { brand } : {}),
        ...(status ? { status } : {}),
      }),
    );

const wardrobeArb = fc
  .integer({ min: 0, max: 60 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => itemArb(i))));

const queryArb = fc.record({
  filters: fc.constantFrom(
    { status: 'in closet' as const },
    { status: 'archived' as const },
    { category: 'top' as const },
    { status: 'in closet' as const, category: 'shoes' as const },
  ),
  option: fc.constantFrom<ItemSortOption>('Date Created', 'Date Obtained', 'Brand'),
  direction: fc.constantFrom<SortDirection>('asc', 'desc'),
  // Swedish sorts Å after Z; English with the A's.
  locale: fc.constantFrom('en', 'sv'),
  count: fc.integer({ min: 1, max: 20 }),
});

describe('the first screen of /items, ahead of the wardrobe', () => {
  it('is an exact head of the view the whole wardrobe gives, once the page sorts it', () => {
    fc.assert(
      fc.property(wardrobeArb, queryArb, (items, q) => {
        const head = selectFirstView(items, q, NOW);
        expect(head).not.toBeNull();
        const whole = view(items, q);
        const shown = view(head!, q);
        expect(shown.length).toBeGreaterThanOrEqual(Math.min(q.count, whole.length));
        expect(shown.map((i) => i.id)).toEqual(whole.slice(0, shown.length).map((i) => i.id));
      }),
    );
  });

  it('keeps every record tied at the cut, brands the locale reads as one included', () => {
    const items = [
      item('a', { brand: 'COS', category: 'shoes' }),
      item('b', { brand: 'Cös', category: 'top' }),
      item('c', { brand: 'Zara', category: 'top' }),
    ];
    const q: FirstViewQuery = {
      filters: {},
      option: 'Brand',
      direction: 'asc',
      locale: 'en',
      count: 1,
    };
    const head = selectFirstView(items, q, NOW)!;
    expect(head.map((i) => i.id).sort()).toEqual(['a', 'b']);
    expect(view(head, q)[0]!.id).toBe(view(items, q)[0]!.id);
  });

  it('is not picked for sorts that need stats or settings', () => {
    const items = [item('a'), item('b')];
    const q: FirstViewQuery = {
      filters: {},
      option: 'Times Worn',
      direction: 'desc',
      locale: 'en',
      count: 1,
    };
    expect(selectFirstView(items, q)).toBeNull();
    expect(selectFirstView(items, { ...q, option: 'Price' })).toBeNull();
  });

  it('serves only the view it was picked for', () => {
    const preview = {
      query: {
        filters: { status: 'in closet' as const },
        option: 'Date Created' as const,
        direction: 'desc' as const,
        locale: 'en',
        count: 10,
      },
      clothes: [],
    };
    const closet = { status: 'in closet' as const };
    expect(previewServes(preview, closet, 'Date Created', 'desc', 'en')).toBe(true);
    expect(previewServes(preview, closet, 'Date Created', 'asc', 'en')).toBe(false);
    expect(previewServes(preview, { status: 'archived' }, 'Date Created', 'desc', 'en')).toBe(
      false,
    );
    expect(previewServes(preview, closet, 'Brand', 'desc', 'en')).toBe(false);
    // Picked in another locale: its head of a text sort may not be this locale's.
    expect(previewServes(preview, closet, 'Date Created', 'desc', 'sv')).toBe(false);
  });

  it('comes from the answer, in columns or maps, as the same records the whole answer gives', () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      item(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, {
        dateCreated: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        image: `/media/m/u/${i}-image.webp`,
        ...(i % 4 === 0 ? { status: 'archived' as const } : {}),
      }),
    );
    const maps = {
      clothes: Object.fromEntries(items.map((i) => [i.id, itemToWire(i)])),
      outfits: {},
      calendar: {},
    };
    const query: FirstViewQuery = {
      filters: { status: 'in closet' },
      option: 'Date Created',
      direction: 'desc',
      locale: 'en',
      count: 5,
    };
    // Blank optional fields are absent, as the schema reads them.
    const tee = maps.clothes[items[29]!.id]!;
    Object.assign(tee, { brand: ' ', source: '', status: '' });
    for (const json of [maps, encodeWardrobeColumns(maps)]) {
      const answer: unknown = JSON.parse(JSON.stringify(json));
      const whole = parseWardrobeAnswer(answer);
      const preview = firstViewOfAnswer(answer, query);
      const clothes = preview!.clothes;
      expect(clothes.map((c) => c.id)).toContain(items[29]!.id);
      expect(view(clothes, query).map((c) => c.id)).toEqual(
        view(Object.values(whole.clothes), query)
          .slice(0, 5)
          .map((c) => c.id),
      );
      for (const c of clothes) expect(c).toEqual(whole.clothes[c.id]);
    }
  });

  it('is not given for an answer that is not a wardrobe (the whole check says why)', () => {
    const query: FirstViewQuery = {
      filters: {},
      option: 'Date Created',
      direction: 'desc',
      locale: 'en',
      count: 5,
    };
    expect(firstViewOfAnswer({ clothes: { x: { id: 1 } } }, query)).toBeNull();
    expect(firstViewOfAnswer({ format: 'hanger-wardrobe-columns', v: 2 }, query)).toBeNull();
    expect(firstViewOfAnswer([], query)).toBeNull();
  });
});
