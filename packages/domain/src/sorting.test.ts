import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeItemStats } from './item-stats.js';
import { computeOutfitStats } from './outfit-stats.js';
import {
  DEFAULT_ITEM_SORT,
  formatDay,
  itemSortNeedsStats,
  ITEM_SORT_OPTIONS,
  OUTFIT_SORT_OPTIONS,
  outfitSortCaption,
  sortCaption,
  sortItems,
  sortOutfits,
  type ItemSortOption,
} from './sorting.js';
import {
  at,
  day,
  item,
  outfit,
  settingsWithSubs,
  SHIRT,
  TEE,
  wardrobe,
} from './testing/fixtures.js';
import type { ClothingItem, Settings } from './types.js';

const now = at('2024-03-10', 12);
const s: Settings = settingsWithSubs('top', [TEE, SHIRT]);
const ctx = { settings: s };

function ids(list: { id: string }[]): string[] {
  return list.map((x) => x.id);
}

function sorted(
  items: ClothingItem[],
  option: ItemSortOption,
  direction: 'asc' | 'desc' = 'asc',
  cal = {},
) {
  const w = wardrobe(items, [], cal);
  return ids(sortItems(items, option, direction, computeItemStats(w, s, now), ctx));
}

describe('sort options', () => {
  it('has the exact labels of docs/spec.md §9, then Colour (README, "Colours")', () => {
    expect(ITEM_SORT_OPTIONS).toEqual([
      'Date Created',
      'Date Obtained',
      'Last Worn',
      'Times Worn',
      '# of Outfits',
      '# of Pairings',
      'Category',
      'Use Frequency',
      'Price',
      'Cost per Wear',
      'Brand',
      'Colour',
    ]);
    expect(OUTFIT_SORT_OPTIONS).toEqual([
      'Date Created',
      'Last Worn',
      'Times Worn',
      'Number of Items',
      'Total Cost',
    ]);
  });
});

describe('sortItems', () => {
  it('sorts by date created in both directions', () => {
    const items = [
      item('a', { dateCreated: '2024-01-02T00:00:00Z' }),
      item('b', { dateCreated: '2024-01-03T00:00:00Z' }),
      item('c', { dateCreated: '2024-01-01T00:00:00Z' }),
    ];
    expect(sorted(items, 'Date Created', 'desc')).toEqual(['b', 'a', 'c']);
    expect(sorted(items, 'Date Created', 'asc')).toEqual(['c', 'a', 'b']);
  });

  it('puts items without a value last in both directions', () => {
    const items = [
      item('none'),
      item('old', { dateObtained: '2020-01-01' }),
      item('new', { dateObtained: '2024-01-01' }),
    ];
    expect(sorted(items, 'Date Obtained', 'asc')).toEqual(['old', 'new', 'none']);
    expect(sorted(items, 'Date Obtained', 'desc')).toEqual(['new', 'old', 'none']);
  });

  it('breaks ties by category order, then subcategory order, then id — in either direction', () => {
    const items = [
      item('z-shoes', { category: 'shoes', price: 10 }),
      item('b-top-shirt', { category: 'top', subCategoryId: 'shirt', price: 10 }),
      item('c-top-none', { category: 'top', price: 10 }),
      item('a-top-shirt', { category: 'top', subCategoryId: 'shirt', price: 10 }),
      item('d-top-tee', { category: 'top', subCategoryId: 'tee', price: 10 }),
      item('e-full', { category: 'full body', price: 10 }),
    ];
    const expected = ['d-top-tee', 'a-top-shirt', 'b-top-shirt', 'c-top-none', 'e-full', 'z-shoes'];
    expect(sorted(items, 'Price', 'asc')).toEqual(expected);
    expect(sorted(items, 'Price', 'desc')).toEqual(expected);
  });

  it.each(
    ITEM_SORT_OPTIONS.flatMap(
      (o) =>
        [
          [o, 'asc'],
          [o, 'desc'],
        ] as const,
    ),
  )('breaks a full tie under %s %s by category, subcategory, then id', (option, direction) => {
    const same = { price: 20, brand: 'COS', dateObtained: '2024-01-01', manualTimesWorn: 1 };
    const items = [
      item('b', { ...same, category: 'top', subCategoryId: 'shirt' }),
      item('c', { ...same, category: 'top' }),
      item('a', { ...same, category: 'top', subCategoryId: 'shirt' }),
      item('d', { ...same, category: 'top', subCategoryId: 'tee' }),
    ];
    expect(sorted(items, option, direction)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('sorts by category order, with ties by subcategory and id', () => {
    const items = [
      item('o', { category: 'other' }),
      item('t2', { category: 'top', subCategoryId: 'shirt' }),
      item('t1', { category: 'top', subCategoryId: 'tee' }),
      item('f', { category: 'full body' }),
      item('b', { category: 'bottom' }),
    ];
    expect(sorted(items, 'Category', 'asc')).toEqual(['t1', 't2', 'b', 'f', 'o']);
    expect(sorted(items, 'Category', 'desc')).toEqual(['o', 'f', 'b', 't1', 't2']);
  });

  it('sorts by wear stats, never-worn items last for last worn and cost per wear', () => {
    const items = [
      item('never', { price: 10 }),
      item('once', { price: 50 }),
      item('twice', { price: 10 }),
      item('noprice'),
    ];
    const cal = {
      '2024-03-01': day(['once', 'twice']),
      '2024-03-05': day(['twice', 'noprice']),
    };
    expect(sorted(items, 'Times Worn', 'desc', cal)).toEqual(['twice', 'noprice', 'once', 'never']);
    expect(sorted(items, 'Last Worn', 'asc', cal)).toEqual(['once', 'noprice', 'twice', 'never']);
    expect(sorted(items, 'Cost per Wear', 'asc', cal)).toEqual([
      'twice',
      'once',
      'never',
      'noprice',
    ]);
    expect(sorted(items, 'Cost per Wear', 'desc', cal)).toEqual([
      'once',
      'twice',
      'never',
      'noprice',
    ]);
  });

  it('puts never-worn items last by use frequency in both directions, as by last worn', () => {
    const items = [
      item('never', { dateObtained: '2024-03-01' }),
      item('weekly', { dateObtained: '2024-02-25' }),
      item('daily', { dateObtained: '2024-03-09' }),
      item('counted', { dateObtained: '2024-01-01', manualTimesWorn: 1 }),
    ];
    const cal = {
      '2024-03-01': day(['weekly']),
      '2024-03-09': day(['daily']),
      '2024-03-10': day(['daily']),
    };
    expect(sorted(items, 'Use Frequency', 'asc', cal)).toEqual([
      'counted',
      'weekly',
      'daily',
      'never',
    ]);
    expect(sorted(items, 'Use Frequency', 'desc', cal)).toEqual([
      'daily',
      'weekly',
      'counted',
      'never',
    ]);
    expect(sorted(items, 'Last Worn', 'asc', cal).at(-1)).toBe('never');
  });

  it('sorts a price of 0 as a price, before the items without one', () => {
    const items = [item('none'), item('free', { price: 0 }), item('ten', { price: 10 })];
    const cal = { '2024-03-01': day(['free', 'ten', 'none']) };
    for (const option of ['Price', 'Cost per Wear'] as const) {
      expect(sorted(items, option, 'asc', cal)).toEqual(['free', 'ten', 'none']);
      expect(sorted(items, option, 'desc', cal)).toEqual(['ten', 'free', 'none']);
    }
  });

  it('puts a date obtained that is not a day with the items without one', () => {
    const items = [
      item('blank', { dateObtained: '' }),
      item('new', { dateObtained: '2024-01-01' }),
      item('old', { dateObtained: '2023-12-31' }),
    ];
    expect(sorted(items, 'Date Obtained', 'asc')).toEqual(['old', 'new', 'blank']);
    expect(sorted(items, 'Date Obtained', 'desc')).toEqual(['new', 'old', 'blank']);
  });

  it.each(
    ITEM_SORT_OPTIONS.flatMap(
      (o) =>
        [
          [o, 'asc'],
          [o, 'desc'],
        ] as const,
    ),
  )(
    'under %s %s, an item whose caption shows no value comes after every one that has one',
    (option, direction) => {
      const items = [
        item('bare', { dateObtained: '2024-03-01' }),
        item('full', {
          price: 0,
          brand: 'Arket',
          dateObtained: '2024-02-01',
          category: 'shoes',
        }),
        item('half', { price: 30, dateObtained: '2024-01-15', manualTimesWorn: 2 }),
        item('worn', { brand: 'Ålesund', category: 'bag' }),
      ];
      const w = wardrobe(items, [outfit('o', ['full', 'worn'])], {
        '2024-03-02': day(['full', 'worn']),
        '2024-03-20': day(['bare']),
      });
      const stats = computeItemStats(w, s, now);
      const none = (i: ClothingItem) =>
        ['—', 'Never worn'].includes(sortCaption(option, i, stats.get(i.id), ctx));
      const order = sortItems(items, option, direction, stats, ctx);
      const firstNone = order.findIndex(none);
      if (firstNone !== -1) expect(order.slice(firstNone).every(none)).toBe(true);
    },
  );

  it('sorts by brand ignoring case, items without one last', () => {
    const items = [
      item('x'),
      item('y', { brand: 'zara' }),
      item('z', { brand: 'Arket' }),
      item('w', { brand: 'COS' }),
    ];
    expect(sorted(items, 'Brand', 'asc')).toEqual(['z', 'w', 'y', 'x']);
    expect(sorted(items, 'Brand', 'desc')).toEqual(['y', 'w', 'z', 'x']);
  });

  it("sorts brands as the user's locale reads them, accents and case aside", () => {
    const items = [
      item('zara', { brand: 'Zara' }),
      item('alesund', { brand: 'Ålesund' }),
      item('arket', { brand: 'arket' }),
      item('eclat', { brand: 'Éclat' }),
      item('cos', { brand: 'COS' }),
    ];
    const inLocale = (locale: string, direction: 'asc' | 'desc' = 'asc') =>
      ids(sortItems(items, 'Brand', direction, new Map(), { settings: { ...s, locale } }));
    expect(inLocale('en')).toEqual(['alesund', 'arket', 'cos', 'eclat', 'zara']);
    expect(inLocale('en', 'desc')).toEqual(['zara', 'eclat', 'cos', 'arket', 'alesund']);
    // Swedish puts Å after Z.
    expect(inLocale('sv')).toEqual(['arket', 'cos', 'eclat', 'zara', 'alesund']);
    // A locale Intl refuses sorts as English does.
    expect(inLocale('not a locale!')).toEqual(inLocale('en'));
  });

  it('ties brands that differ only in case or accents, then breaks the tie as usual', () => {
    const items = [
      item('c', { brand: 'cos', category: 'shoes' }),
      item('b', { brand: 'Cös', category: 'top' }),
      item('a', { brand: 'COS', category: 'shoes' }),
    ];
    expect(sorted(items, 'Brand', 'asc')).toEqual(['b', 'a', 'c']);
    expect(sorted(items, 'Brand', 'desc')).toEqual(['b', 'a', 'c']);
  });

  it('sorts by outfits, pairings and use frequency', () => {
    const items = [
      item('a', { dateObtained: '2024-03-01' }),
      item('b', { dateObtained: '2024-03-09' }),
      item('c'),
    ];
    const w = wardrobe(items, [outfit('o1', ['a', 'b']), outfit('o2', ['a', 'c'])], {
      '2024-03-09': day(['a', 'b']),
    });
    const stats = computeItemStats(w, s, now);
    expect(ids(sortItems(items, '# of Outfits', 'desc', stats, ctx))).toEqual(['a', 'b', 'c']);
    expect(ids(sortItems(items, '# of Pairings', 'desc', stats, ctx))).toEqual(['a', 'b', 'c']);
    // b: 1 wear in 2 days; a: 1 wear in 10 days; c never worn (no use frequency: last).
    expect(ids(sortItems(items, 'Use Frequency', 'desc', stats, ctx))).toEqual(['b', 'a', 'c']);
    expect(ids(sortItems(items, 'Use Frequency', 'asc', stats, ctx))).toEqual(['a', 'b', 'c']);
  });

  it('is a permutation whose order does not depend on the input order', () => {
    const arbItem = fc.record({
      id: fc.string({ minLength: 1, maxLength: 3 }),
      category: fc.constantFrom('top', 'bottom', 'shoes', 'full body' as const),
      subCategoryId: fc.option(fc.constantFrom('tee', 'shirt', 'gone'), { nil: undefined }),
      price: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      brand: fc.option(fc.constantFrom('A', 'b', 'B'), { nil: undefined }),
      dateObtained: fc.option(fc.constantFrom('2024-01-01', '2024-02-29'), { nil: undefined }),
      manualTimesWorn: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbItem, { selector: (i) => i.id, maxLength: 12 }),
        fc.constantFrom(...ITEM_SORT_OPTIONS),
        fc.constantFrom('asc' as const, 'desc' as const),
        (raw, option, direction) => {
          const items = raw.map((r) => item(r.id, r as Partial<ClothingItem>));
          const stats = computeItemStats(wardrobe(items), s, now);
          const once = ids(sortItems(items, option, direction, stats, ctx));
          const reversed = ids(sortItems([...items].reverse(), option, direction, stats, ctx));
          expect([...once].sort()).toEqual(ids(items).sort());
          expect(reversed).toEqual(once);
        },
      ),
    );
  });
});

describe('sortOutfits', () => {
  const items = [item('a', { price: 10 }), item('b', { price: 5 })];
  const outfits = [
    outfit('o1', ['a'], { dateCreated: '2024-01-03T00:00:00Z' }),
    outfit('o2', ['a', 'b'], { dateCreated: '2024-01-01T00:00:00Z' }),
    outfit('o3', ['b'], { dateCreated: '2024-01-02T00:00:00Z' }),
    outfit('o0', ['b'], { dateCreated: '2024-01-02T00:00:00Z' }),
  ];
  const w = wardrobe(items, outfits, {
    '2024-03-01': day([], ['o3']),
    '2024-03-02': day([], ['o3', 'o1']),
  });
  const stats = computeOutfitStats(w, s, now);
  const sortBy = (o: (typeof OUTFIT_SORT_OPTIONS)[number], d: 'asc' | 'desc') =>
    ids(sortOutfits(outfits, o, d, stats));

  it('sorts by each option with ties broken by id ascending', () => {
    expect(sortBy('Date Created', 'desc')).toEqual(['o1', 'o0', 'o3', 'o2']);
    expect(sortBy('Times Worn', 'desc')).toEqual(['o3', 'o1', 'o0', 'o2']);
    expect(sortBy('Number of Items', 'asc')).toEqual(['o0', 'o1', 'o3', 'o2']);
    expect(sortBy('Total Cost', 'desc')).toEqual(['o2', 'o1', 'o0', 'o3']);
  });

  it.each(
    OUTFIT_SORT_OPTIONS.flatMap(
      (o) =>
        [
          [o, 'asc'],
          [o, 'desc'],
        ] as const,
    ),
  )('breaks a full tie under %s %s by id', (option, direction) => {
    const twins = ['o9', 'o2', 'o5'].map((id) => outfit(id, ['a']));
    const st = computeOutfitStats(wardrobe(items, twins), s, now);
    expect(ids(sortOutfits(twins, option, direction, st))).toEqual(['o2', 'o5', 'o9']);
  });

  it('puts never-worn outfits last by last worn', () => {
    expect(sortBy('Last Worn', 'asc')).toEqual(['o1', 'o3', 'o0', 'o2']);
    expect(sortBy('Last Worn', 'desc')).toEqual(['o1', 'o3', 'o0', 'o2']);
  });

  it('puts outfits of unpriced pieces last by total cost; pieces priced 0 cost 0', () => {
    const pieces = [item('a', { price: 10 }), item('free', { price: 0 }), item('bare')];
    const looks = [
      outfit('unpriced', ['bare']),
      outfit('zero', ['free', 'bare']),
      outfit('ten', ['a', 'bare']),
      outfit('empty', []),
    ];
    const st = computeOutfitStats(wardrobe(pieces, looks), s, now);
    expect(ids(sortOutfits(looks, 'Total Cost', 'asc', st))).toEqual([
      'zero',
      'ten',
      'empty',
      'unpriced',
    ]);
    expect(ids(sortOutfits(looks, 'Total Cost', 'desc', st))).toEqual([
      'ten',
      'zero',
      'empty',
      'unpriced',
    ]);
    expect(outfitSortCaption('Total Cost', looks[0]!, st.get('unpriced'), s)).toBe('—');
    expect(outfitSortCaption('Total Cost', looks[1]!, st.get('zero'), s)).toBe('$0.00');
  });
});

describe('captions', () => {
  const w = wardrobe(
    [
      item('a', {
        price: 12.5,
        brand: 'COS',
        category: 'top',
        subCategoryId: 'tee',
        dateObtained: '2024-02-29',
      }),
    ],
    [outfit('o', ['a'])],
    { '2024-03-01': day(['a']) },
  );
  const st = computeItemStats(w, s, now).get('a');
  const a = w.clothes.a!;

  it('shows the value of each item sort option', () => {
    const gb = { settings: { ...s, locale: 'en-GB' } };
    expect(sortCaption('Date Obtained', a, st, gb)).toBe('29 Feb 2024');
    expect(sortCaption('Last Worn', a, st, gb)).toBe('1 Mar 2024');
    expect(sortCaption('Times Worn', a, st, ctx)).toBe('1 wear');
    expect(sortCaption('# of Outfits', a, st, ctx)).toBe('1 outfit');
    expect(sortCaption('# of Pairings', a, st, ctx)).toBe('0 pairings');
    expect(sortCaption('Category', a, st, ctx)).toBe('top · T-shirt');
    expect(sortCaption('Price', a, st, ctx)).toBe('$12.50');
    expect(sortCaption('Cost per Wear', a, st, ctx)).toBe('$12.50/wear');
    expect(sortCaption('Brand', a, st, ctx)).toBe('COS');
    expect(sortCaption('Use Frequency', a, st, ctx)).toBe('Once every 11 days');
  });

  it('says so when there is no value', () => {
    const bare = item('b');
    expect(sortCaption('Last Worn', bare, undefined, ctx)).toBe('Never worn');
    expect(sortCaption('Price', bare, undefined, ctx)).toBe('—');
    expect(sortCaption('Brand', bare, undefined, ctx)).toBe('—');
  });

  it('shows outfit total cost with a $ sign in the default currency', () => {
    const os = computeOutfitStats(w, s, now).get('o');
    expect(outfitSortCaption('Total Cost', w.outfits.o!, os, s)).toBe('$12.50');
    expect(outfitSortCaption('Number of Items', w.outfits.o!, os, s)).toBe('1 item');
  });
});

describe('formatDay', () => {
  it('writes a day key or timestamp in the locale, the same on every call', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDay('2024-03-05', 'en-GB')).toBe('5 Mar 2024');
      expect(formatDay('2024-03-05T23:30:00Z', 'en-US')).toBe('Mar 5, 2024');
      expect(formatDay('2024-03-05', 'de-DE')).toBe('5. März 2024');
    }
  });

  it('writes English days without Intl exactly as Intl writes them, every month', () => {
    for (const locale of ['en', 'en-US', 'en-GB']) {
      const intl = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
      for (const [y, d] of [
        [2024, 1],
        [1999, 9],
        [2031, 28],
      ] as const) {
        for (let m = 1; m <= 12; m++) {
          const key = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          expect(formatDay(key, locale)).toBe(intl.format(new Date(Date.UTC(y, m - 1, d))));
        }
      }
    }
  });

  it('answers the day key for a locale Intl refuses, and the value for what is not a day', () => {
    expect(formatDay('2024-03-05', 'not a locale!')).toBe('2024-03-05');
    expect(formatDay('2024-03-05', 'not a locale!')).toBe('2024-03-05');
    expect(formatDay('soon', 'en-GB')).toBe('soon');
  });
});

describe('itemSortNeedsStats', () => {
  const items = [
    item('a', { price: 12.5, brand: 'COS', subCategoryId: 'tee', dateObtained: '2024-02-29' }),
    item('b', { category: 'bottom', brand: 'Uniqlo', manualTimesWorn: 4 }),
    item('c', { price: 3, category: 'top', subCategoryId: 'shirt', dateCreated: '2023-01-01' }),
    item('d', { dateObtained: '2024-01-05', dateCreated: '2024-02-01T10:00:00.000Z' }),
  ];
  const w = wardrobe(items, [outfit('o', ['a', 'b']), outfit('p', ['c', 'd', 'a'])], {
    '2024-03-01': day(['a', 'c']),
    '2024-03-09': day(['c']),
    '2024-01-02': day(['d', 'b']),
  });
  const stats = computeItemStats(w, s, now);
  const none = new Map();

  it('leaves out only options whose order and captions are the same without stats', () => {
    for (const option of ITEM_SORT_OPTIONS) {
      if (itemSortNeedsStats(option)) continue;
      for (const direction of ['asc', 'desc'] as const) {
        expect(ids(sortItems(items, option, direction, none, ctx))).toEqual(
          ids(sortItems(items, option, direction, stats, ctx)),
        );
      }
      for (const it of items) {
        expect(sortCaption(option, it, undefined, ctx)).toBe(
          sortCaption(option, it, stats.get(it.id), ctx),
        );
      }
    }
  });

  it('needs stats for the wear, outfit and cost options, not for the default sort', () => {
    expect(ITEM_SORT_OPTIONS.filter(itemSortNeedsStats)).toEqual([
      'Last Worn',
      'Times Worn',
      '# of Outfits',
      '# of Pairings',
      'Use Frequency',
      'Cost per Wear',
    ]);
    expect(itemSortNeedsStats(DEFAULT_ITEM_SORT)).toBe(false);
    // Each of them changes a caption once the item has a wear history.
    for (const option of ITEM_SORT_OPTIONS.filter(itemSortNeedsStats)) {
      expect(sortCaption(option, items[0]!, undefined, ctx)).not.toBe(
        sortCaption(option, items[0]!, stats.get('a'), ctx),
      );
    }
  });
});
