import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';
import type { ClothingItem } from './types.js';
import { TIME_RANGES } from './time-ranges.js';
import {
  brandShares,
  computeWardrobeStats,
  countSharedPairs,
  distinctPairs,
  itemsInRange,
  prepareWardrobeStats,
  rangeItems,
  sourceShares,
  statsForRange,
  wearFrequencySeries,
} from './wardrobe-stats.js';

const now = at('2024-06-15', 12);
const s = settings();

describe('computeWardrobeStats', () => {
  const w = wardrobe(
    [
      item('a', { price: 100, dateObtained: '2024-02-01', brand: 'Zara', source: 'bought new' }),
      item('b', {
        price: 50,
        dateObtained: '2023-05-01',
        status: 'archived',
        dateArchived: '2024-01-01',
      }),
      item('c', { price: 30, dateObtained: '2024-06-01', manualTimesWorn: 3 }),
      item('d', { price: 20, dateObtained: '2022-01-01', status: 'loaned' }),
      item('w', { price: 999, dateObtained: '2024-06-01', status: 'wishlist' }),
    ],
    [outfit('o1', ['a', 'b']), outfit('o2', ['a', 'c']), outfit('o3', ['a', 'b', 'w'])],
    {
      '2024-06-10': day([], ['o1']),
      '2024-06-14': day(['c'], ['o2']),
      '2024-06-20': day(['d']),
    },
  );
  const all = computeWardrobeStats(w, s, 'all', now);

  it('leaves wishlist items out of every figure', () => {
    expect(all.totalItems).toBe(4);
    expect(all.allTimeSpend).toBe(200);
  });

  it('splits spending by this year and by status in closet', () => {
    expect(all.spendThisYear).toBe(130);
    expect(all.spentInCloset).toBe(130);
  });

  it('computes the pairing figures', () => {
    expect(all.maxPairings).toBe(6);
    expect(all.totalPairings).toBe(2);
    expect(all.pairingsPercentage).toBeCloseTo((2 / 6) * 100);
    expect(all.averagePairingsPerItem).toBe(1);
  });

  it('averages outfits, wears, days since last worn and cost per wear over items', () => {
    expect(all.averageOutfitsPerItem).toBe((3 + 2 + 1 + 0) / 4);
    // a: 2 wears, b: 1, c: 3 manual + 1 day, d: planned for later only.
    expect(all.averageTimesWorn).toBe((2 + 1 + 4 + 0) / 4);
    expect(all.averageDaysSinceLastWorn).toBeCloseTo((1 + 5 + 1) / 3);
    expect(all.averageCostPerWear).toBeCloseTo((50 + 50 + 7.5) / 3);
  });

  it('narrows to items whose time in the closet started in the range', () => {
    const recent = computeWardrobeStats(w, s, 'last3Months', now);
    expect(recent.totalItems).toBe(1);
    expect(recent.allTimeSpend).toBe(30);
    const year = computeWardrobeStats(w, s, 'thisYear', now);
    expect(year.totalItems).toBe(2);
    expect(year.totalPairings).toBe(1);
  });

  it('gives zeros and no series for an empty range', () => {
    const empty = computeWardrobeStats(
      wardrobe([item('x', { dateObtained: '2020-01-01' })]),
      s,
      'last3Months',
      now,
    );
    expect(empty).toMatchObject({
      totalItems: 0,
      maxPairings: 0,
      pairingsPercentage: 0,
      averageTimesWorn: 0,
    });
    expect(empty.averageCostPerWear).toBeUndefined();
    expect(empty.averageDaysSinceLastWorn).toBeUndefined();
    expect(empty.wearFrequency).toEqual([]);
    expect(empty.brandShares).toEqual([]);
    expect(empty.sourceShares).toEqual([]);
  });

  it('keeps total pairings within the maximum for random wardrobes', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    fc.assert(
      fc.property(
        fc.array(fc.subarray(ids, { minLength: 1 }), { maxLength: 10 }),
        fc.subarray(ids),
        (outfits, wishlist) => {
          const wr = wardrobe(
            ids.map((id) => item(id, { status: wishlist.includes(id) ? 'wishlist' : undefined })),
            outfits.map((list, i) => outfit(`o${i}`, list)),
          );
          const st = computeWardrobeStats(wr, s, 'all', now);
          expect(st.totalPairings).toBeLessThanOrEqual(st.maxPairings);
          expect(st.pairingsPercentage).toBeLessThanOrEqual(100);
          expect(st.maxPairings).toBe(Math.max(0, (st.totalItems * (st.totalItems - 1)) / 2));
        },
      ),
    );
  });
});

describe('itemsInRange', () => {
  it('uses the tracking start, then creation, when there is no date obtained', () => {
    const w = wardrobe([
      item('a', { dateCreated: '2024-06-01T10:00:00Z' }),
      item('b', { dateCreated: '2024-06-01T10:00:00Z' }),
    ]);
    expect(itemsInRange(w, s, 'last3Months', now).map((i) => i.id)).toEqual(['a', 'b']);
    expect(
      itemsInRange(w, settings({ trackingStartDate: '2023-01-01' }), 'last3Months', now),
    ).toEqual([]);
  });
});

describe('countSharedPairs', () => {
  it('counts a pair once however many outfits share it', () => {
    expect(
      countSharedPairs(
        [
          ['a', 'b'],
          ['b', 'a'],
          ['a', 'b', 'c'],
        ],
        new Set(['a', 'b', 'c']),
      ),
    ).toBe(3);
    expect(countSharedPairs([['a', 'b', 'c']], new Set(['a', 'c']))).toBe(1);
  });
});

describe('distinctPairs', () => {
  it('lists each pair sharing a group once, lower position first, by first position', () => {
    expect([...distinctPairs([[2, 0], [0, 2, 1], [3], [1, 2]], 4)]).toEqual([0, 2, 0, 1, 1, 2]);
    expect([...distinctPairs([], 0)]).toEqual([]);
    expect([...distinctPairs([[4]], 5)]).toEqual([]);
  });

  it('is the set of pairs of every group (property)', () => {
    const groupsOf = fc.integer({ min: 0, max: 40 }).chain((n) =>
      fc.tuple(
        fc.constant(n),
        n === 0
          ? fc.constant([] as number[][])
          : fc.array(fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 8 }), {
              maxLength: 60,
            }),
      ),
    );
    fc.assert(
      fc.property(groupsOf, ([n, groups]) => {
        const expected = new Set<string>();
        for (const g of groups)
          for (const a of g) for (const b of g) if (a < b) expected.add(`${a},${b}`);
        const got = distinctPairs(groups, n);
        const seen: string[] = [];
        for (let k = 0; k < got.length; k += 2) {
          expect(got[k]!).toBeLessThan(got[k + 1]!);
          if (k > 0) expect(got[k]!).toBeGreaterThanOrEqual(got[k - 2]!);
          seen.push(`${got[k]},${got[k + 1]}`);
        }
        expect(seen.length).toBe(new Set(seen).size);
        expect(new Set(seen)).toEqual(expected);
      }),
    );
  });
});

describe('wearFrequencySeries', () => {
  it('runs from 1 to 5 at least, as the share of items worn at least x times', () => {
    expect(wearFrequencySeries([0, 1, 2, 4])).toEqual([
      { timesWorn: 1, percent: 75 },
      { timesWorn: 2, percent: 50 },
      { timesWorn: 3, percent: 25 },
      { timesWorn: 4, percent: 25 },
      { timesWorn: 5, percent: 0 },
    ]);
  });

  it('extends to the wear count at the 90th percentile', () => {
    // 10 items: the 9th smallest count (nearest rank) is 12.
    const counts = [1, 1, 2, 3, 5, 8, 9, 10, 12, 40];
    const series = wearFrequencySeries(counts);
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ timesWorn: 1, percent: 100 });
    expect(series[11]).toEqual({ timesWorn: 12, percent: 20 });
  });

  it('is empty when nothing was worn', () => {
    expect(wearFrequencySeries([])).toEqual([]);
    expect(wearFrequencySeries([0, 0])).toEqual([]);
  });

  it('matches the definition computed by sorting, for any counts', () => {
    const reference = (counts: number[]) => {
      const sorted = [...counts].sort((a, b) => a - b);
      const maxX = Math.max(5, sorted[Math.ceil(0.9 * counts.length) - 1]!);
      return Array.from({ length: maxX }, (_, i) => ({
        timesWorn: i + 1,
        percent: (counts.filter((c) => c >= i + 1).length / counts.length) * 100,
      }));
    };
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 60 }), (counts) => {
        const series = wearFrequencySeries(counts);
        if (counts.every((c) => c === 0)) return series.length === 0;
        expect(series).toEqual(reference(counts));
        return true;
      }),
    );
  });

  it('never rises as x grows and starts at the share of worn items', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 60 }), { minLength: 1, maxLength: 50 }), (counts) => {
        const series = wearFrequencySeries(counts);
        if (!counts.some((c) => c > 0)) return series.length === 0;
        expect(series[0]?.percent).toBeCloseTo(
          (counts.filter((c) => c >= 1).length / counts.length) * 100,
        );
        expect(series.length).toBeGreaterThanOrEqual(5);
        for (let i = 1; i < series.length; i++)
          expect(series[i]!.percent).toBeLessThanOrEqual(series[i - 1]!.percent);
        return true;
      }),
    );
  });
});

function branded(brands: (string | undefined)[]): ClothingItem[] {
  return brands.map((brand, i) => item(`i${i}`, brand === undefined ? {} : { brand }));
}

describe('brandShares', () => {
  it('keeps a brand at exactly 3% and groups one under 3%', () => {
    // 100 items: A 3 (3%), B 2 (2%), C 1 (1%), the rest 'Main'.
    const brands = [
      ...Array<string>(3).fill('A'),
      'B',
      'B',
      'C',
      ...Array<string>(94).fill('Main'),
    ];
    expect(brandShares(branded(brands))).toEqual([
      { label: 'Main', count: 94, percent: 94 },
      { label: 'A', count: 3, percent: 3 },
      { label: 'All other brands (<3% each)', count: 3, percent: 3 },
    ]);
  });

  it("labels items without a brand 'None specified' and merges spellings of one brand", () => {
    expect(brandShares(branded(['Zara', ' zara ', undefined, '']))).toEqual([
      { label: 'Zara', count: 2, percent: 50 },
      { label: 'None specified', count: 2, percent: 50 },
    ]);
  });

  it("is one 'None specified' slice when no item has a brand, and empty only for no items", () => {
    expect(brandShares(branded([undefined, '  ']))).toEqual([
      { label: 'None specified', count: 2, percent: 100 },
    ]);
    expect(brandShares(branded([undefined]))).toEqual([
      { label: 'None specified', count: 1, percent: 100 },
    ]);
    expect(brandShares([])).toEqual([]);
  });

  it('shares always add up to 100%', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.option(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G'), { nil: undefined }),
          { minLength: 1, maxLength: 80 },
        ),
        (brands) => {
          const slices = brandShares(branded(brands));
          expect(slices.reduce((sum, sl) => sum + sl.count, 0)).toBe(brands.length);
          expect(slices.reduce((sum, sl) => sum + sl.percent, 0)).toBeCloseTo(100);
          return true;
        },
      ),
    );
  });
});

describe('sourceShares', () => {
  it('uses the colours of the spec and puts not specified last', () => {
    const items = [
      item('a', { source: 'preloved' }),
      item('b'),
      item('c', { source: 'bought new' }),
      item('d', { source: 'preloved' }),
    ];
    expect(sourceShares(items)).toEqual([
      { source: 'bought new', label: 'bought new', count: 1, percent: 25, color: '#3b82f6' },
      { source: 'preloved', label: 'preloved', count: 2, percent: 50, color: '#22c55e' },
      { source: 'unknown', label: 'not specified', count: 1, percent: 25, color: '#9ca3af' },
    ]);
  });
});

describe('prepareWardrobeStats', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  const days = ['2023-01-01', '2024-01-10', '2024-03-20', '2024-06-01', '2024-06-20', undefined];
  const arbitraryWardrobe = fc
    .record({
      obtained: fc.array(fc.constantFrom(...days), { minLength: 6, maxLength: 6 }),
      wishlist: fc.subarray(ids),
      outfits: fc.array(fc.subarray(ids, { minLength: 1 }), { maxLength: 8 }),
    })
    .map(({ obtained, wishlist, outfits }) =>
      wardrobe(
        ids.map((id, i) =>
          item(id, {
            ...(obtained[i] ? { dateObtained: obtained[i] } : {}),
            ...(wishlist.includes(id) ? { status: 'wishlist' as const } : {}),
          }),
        ),
        outfits.map((list, i) => outfit(`o${i}`, list)),
      ),
    );

  it('gives each range exactly the items itemsInRange names, and their pairs', () => {
    fc.assert(
      fc.property(arbitraryWardrobe, (w) => {
        const prepared = prepareWardrobeStats(w, s, now);
        for (const range of TIME_RANGES) {
          const mine = rangeItems(prepared, range).map((e) => e.item.id);
          const reference = itemsInRange(w, s, range, now).map((i) => i.id);
          expect([...mine].sort()).toEqual([...reference].sort());
          const pairs = countSharedPairs(
            Object.values(w.outfits).map((o) => o.canvasData.map((c) => c.clothingId)),
            new Set(reference),
          );
          expect(statsForRange(prepared, range).totalPairings).toBe(pairs);
        }
      }),
    );
  });

  it("shows a range whose pieces have no brand as 'None specified', as its sources show them", () => {
    const w = wardrobe([
      item('bag', { dateObtained: '2015-05-05' }),
      item('new', { dateObtained: '2024-06-01' }),
    ]);
    const prepared = prepareWardrobeStats(w, s, now);
    expect(statsForRange(prepared, 'all').brandShares).toEqual([
      { label: 'None specified', count: 2, percent: 100 },
    ]);
    const recent = statsForRange(prepared, 'last3Months');
    expect(recent.brandShares).toEqual([{ label: 'None specified', count: 1, percent: 100 }]);
    expect(recent.sourceShares.map((sl) => [sl.label, sl.count])).toEqual([['not specified', 1]]);
  });

  it("counts each piece's pairings among the range's pieces, as the range's total pairings", () => {
    // The QA case: shoes bought this year, worn in one outfit with two older pieces.
    const w = wardrobe(
      [
        item('shoes', { dateObtained: '2024-03-01' }),
        item('jeans', { dateObtained: '2023-05-01' }),
        item('tee', { dateObtained: '2023-06-01' }),
        item('wish', { status: 'wishlist' }),
      ],
      [outfit('o1', ['shoes', 'jeans', 'tee']), outfit('o2', ['jeans', 'wish'])],
    );
    const prepared = prepareWardrobeStats(w, s, now);
    const facts = (range: 'all' | 'thisYear') =>
      rangeItems(prepared, range).map((e) => [e.item.id, e.pairings, e.pairedOutfits, e.outfits]);
    expect(statsForRange(prepared, 'thisYear').totalPairings).toBe(0);
    expect(facts('thisYear')).toEqual([['shoes', 0, 0, 1]]);
    // All time: the three pairs of o1. The wishlist piece is never counted, so o2 pairs nothing
    // (the jeans are still in it: 2 outfits).
    expect(statsForRange(prepared, 'all').totalPairings).toBe(3);
    expect(facts('all')).toEqual([
      ['jeans', 2, 1, 2],
      ['tee', 2, 1, 1],
      ['shoes', 2, 1, 1],
    ]);
  });

  it("agrees with a count by hand of each range's partners and shared outfits", () => {
    fc.assert(
      fc.property(arbitraryWardrobe, (w) => {
        const prepared = prepareWardrobeStats(w, s, now);
        const outfits = Object.values(w.outfits).map((o) => [
          ...new Set(o.canvasData.map((c) => c.clothingId)),
        ]);
        for (const range of TIME_RANGES) {
          const mine = new Set(itemsInRange(w, s, range, now).map((i) => i.id));
          const entries = rangeItems(prepared, range);
          for (const e of entries) {
            const id = e.item.id;
            const partners = new Set<string>();
            let shared = 0;
            for (const ids of outfits) {
              if (!ids.includes(id)) continue;
              const others = ids.filter((o) => o !== id && mine.has(o));
              others.forEach((o) => partners.add(o));
              if (others.length > 0) shared += 1;
            }
            expect([id, e.pairings, e.pairedOutfits]).toEqual([id, partners.size, shared]);
          }
          const sum = entries.reduce((n, e) => n + e.pairings, 0);
          expect(sum).toBe(2 * statsForRange(prepared, range).totalPairings);
        }
      }),
    );
  });

  it('labels a brand as written on the piece that came first', () => {
    const w = wardrobe([
      item('x', { brand: 'COS', dateObtained: '2024-05-01' }),
      item('y', { brand: 'cos', dateObtained: '2020-01-01' }),
    ]);
    expect(statsForRange(prepareWardrobeStats(w, s, now), 'all').brandShares[0]?.label).toBe('cos');
  });

  it('keeps a piece with a date that is not a day in all time only', () => {
    const w = wardrobe([
      item('bad', { dateObtained: 'sometime' }),
      item('epoch', { dateObtained: '1970-01-01' }),
      item('new', { dateObtained: '2024-06-01' }),
    ]);
    const prepared = prepareWardrobeStats(w, s, now);
    expect(rangeItems(prepared, 'all').map((e) => e.item.id)).toEqual(['epoch', 'new', 'bad']);
    expect(rangeItems(prepared, 'last3Months').map((e) => e.item.id)).toEqual(['new']);
  });

  it('keeps facts that do not depend on the range', () => {
    const w = wardrobe(
      [
        item('a', { price: 30, dateObtained: '2024-01-01', manualTimesWorn: 1 }),
        item('w', { status: 'wishlist' }),
      ],
      [],
      { '2024-06-05': day(['a']) },
    );
    expect(prepareWardrobeStats(w, s, now).items).toEqual([
      expect.objectContaining({
        start: '2024-01-01',
        price: 30,
        wears: 2,
        lastWorn: '2024-06-05',
        daysSinceWorn: 10,
        // 2024-01-01 to 2024-06-15.
        daysSinceStart: 166,
        idleDays: 10,
        costPerWear: 15,
        inCloset: true,
        obtainedThisYear: true,
      }),
    ]);
  });
});
