import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';
import type { Settings, WardrobeData } from './types.js';
import type { TimeRange } from './time-ranges.js';
import { prepareWardrobeStats, rangeItems } from './wardrobe-stats.js';
import {
  costPerWearLeaders,
  LEADERS_LIMIT,
  mostPaired,
  mostWorn,
  NOT_WORN_RECENTLY_DAYS,
  notWornRecently,
  topBy,
} from './wear-leaders.js';

const now = at('2024-06-15', 12);
const s = settings();

/** Every counted item of the wardrobe, as the stats screen prepares them. */
const counted = (w: WardrobeData, st: Settings = s) => prepareWardrobeStats(w, st, now).items;

const ids = (list: readonly { item: { id: string } }[]) => list.map((e) => e.item.id);

describe('mostWorn', () => {
  const w = wardrobe(
    [
      item('coat'),
      item('tee', { manualTimesWorn: 2 }),
      item('jeans'),
      item('scarf'),
      item('never'),
    ],
    [outfit('o1', ['coat', 'jeans'])],
    {
      '2024-06-01': day(['tee'], ['o1']),
      '2024-06-10': day(['scarf', 'jeans']),
      '2024-06-12': day(['coat']),
      '2024-07-01': day(['scarf', 'scarf']),
    },
  );
  const items = counted(w);

  it('orders by wears, then the most recent wear, and leaves out pieces never worn', () => {
    // tee: 1 day + 2 manual = 3; coat: 2 (last 06-12); jeans: 2 (last 06-10); scarf: 1 (the
    // 07-01 plan is in the future).
    expect(mostWorn(items, 10).map((l) => [l.item.id, l.timesWorn, l.lastWorn])).toEqual([
      ['tee', 3, '2024-06-01'],
      ['coat', 2, '2024-06-12'],
      ['jeans', 2, '2024-06-10'],
      ['scarf', 1, '2024-06-10'],
    ]);
  });

  it('stops at the limit', () => {
    expect(ids(mostWorn(items, 2))).toEqual(['tee', 'coat']);
    expect(mostWorn(items, 0)).toEqual([]);
    expect(mostWorn(items)).toHaveLength(LEADERS_LIMIT);
  });
});

describe('mostPaired', () => {
  it('orders by distinct partners, then outfits, and leaves out pieces never paired', () => {
    const w = wardrobe(
      [item('a'), item('b'), item('c'), item('d'), item('e'), item('solo')],
      [
        outfit('o1', ['a', 'b', 'c']),
        outfit('o2', ['a', 'b']),
        outfit('o3', ['d', 'e']),
        outfit('o4', ['solo']),
      ],
    );
    // a: b, c in 2 outfits; b: a, c in 2; c: a, b in 1; d, e: 1 partner in 1 outfit.
    expect(mostPaired(counted(w), 10).map((l) => [l.item.id, l.pairings, l.outfits])).toEqual([
      ['a', 2, 2],
      ['b', 2, 2],
      ['c', 2, 1],
      ['d', 1, 1],
      ['e', 1, 1],
    ]);
    expect(mostPaired(counted(w))).toHaveLength(LEADERS_LIMIT);
  });

  it("counts partners and shared outfits among the range's pieces only", () => {
    // shoes are this year's; jeans and tee older; the wishlist piece never counts.
    const w = wardrobe(
      [
        item('shoes', { dateObtained: '2024-03-01' }),
        item('cap', { dateObtained: '2024-04-01' }),
        item('jeans', { dateObtained: '2023-05-01' }),
        item('tee', { dateObtained: '2023-06-01' }),
        item('wish', { status: 'wishlist' }),
      ],
      [
        outfit('o1', ['shoes', 'jeans', 'tee']),
        outfit('o2', ['shoes', 'cap']),
        outfit('o3', ['jeans', 'wish']),
      ],
    );
    const prepared = prepareWardrobeStats(w, s, now);
    const leaders = (range: TimeRange) =>
      mostPaired(rangeItems(prepared, range), 10).map((l) => [l.item.id, l.pairings, l.outfits]);
    // This year: shoes and cap, paired in o2 only.
    expect(leaders('thisYear')).toEqual([
      ['cap', 1, 1],
      ['shoes', 1, 1],
    ]);
    expect(leaders('last3Months')).toEqual([]);
    expect(leaders('all')).toEqual([
      ['shoes', 3, 2],
      ['jeans', 2, 1],
      ['tee', 2, 1],
      ['cap', 1, 1],
    ]);
  });
});

describe('notWornRecently', () => {
  const w = wardrobe(
    [
      item('old-worn', { dateObtained: '2023-01-01' }),
      item('recent', { dateObtained: '2023-01-01' }),
      item('never', { dateObtained: '2023-06-01' }),
      item('new', { dateObtained: '2024-06-01' }),
      item('edge', { dateObtained: '2024-03-17' }),
      item('archived', { dateObtained: '2020-01-01', status: 'archived' }),
      item('loaned', { dateObtained: '2020-01-01', status: 'loaned' }),
      item('manual', { dateObtained: '2023-12-01', manualTimesWorn: 9 }),
    ],
    [],
    { '2024-01-01': day(['old-worn']), '2024-06-01': day(['recent']) },
  );
  const { items: idle, total, inCloset, oldEnough } = notWornRecently(counted(w));

  it('lists pieces in the closet idle for 90 days or more, longest idle first', () => {
    // never: 2023-06-01 -> 2024-06-15 = 380 days; manual: 2023-12-01 -> 197 days; old-worn:
    // 2024-01-01 -> 166 days; edge: 2024-03-17 -> exactly 90 days.
    expect(idle.map((e) => [e.item.id, e.idleDays])).toEqual([
      ['never', 380],
      ['manual', 197],
      ['old-worn', 166],
      ['edge', 90],
    ]);
    expect(idle.find((e) => e.item.id === 'old-worn')).toMatchObject({
      lastWorn: '2024-01-01',
      since: '2024-01-01',
    });
    expect(idle.find((e) => e.item.id === 'never')).toMatchObject({ since: '2023-06-01' });
    expect(idle.find((e) => e.item.id === 'never')?.lastWorn).toBeUndefined();
    expect(idle.find((e) => e.item.id === 'manual')?.timesWorn).toBe(9);
    expect(total).toBe(4);
  });

  it('counts the pieces in the closet, and those there for 90 days or more', () => {
    // Not archived or loaned: 6. All but 'new' (14 days) started 90 or more days ago.
    expect([inCloset, oldEnough]).toEqual([6, 5]);
  });

  it('tells an empty list of new pieces from one of pieces all worn', () => {
    const fresh = wardrobe(
      [item('new', { dateObtained: '2024-05-01' }), item('worn', { dateObtained: '2024-06-01' })],
      [],
      { '2024-06-10': day(['worn']) },
    );
    expect(notWornRecently(counted(fresh))).toEqual({
      items: [],
      total: 0,
      inCloset: 2,
      oldEnough: 0,
    });
    const worn = wardrobe(
      [item('old', { dateObtained: '2023-01-01' }), item('new', { dateObtained: '2024-05-01' })],
      [],
      { '2024-04-01': day(['old']) },
    );
    expect(notWornRecently(counted(worn))).toMatchObject({ total: 0, inCloset: 2, oldEnough: 1 });
    const away = wardrobe([
      item('loaned', { dateObtained: '2020-01-01', status: 'loaned' }),
      item('archived', { dateObtained: '2020-01-01', status: 'archived' }),
    ]);
    expect(notWornRecently(counted(away))).toMatchObject({ total: 0, inCloset: 0, oldEnough: 0 });
  });

  it('keeps the longest idle up to a limit, and still counts them all', () => {
    const top = notWornRecently(counted(w), 2);
    expect(top.items.map((e) => e.item.id)).toEqual(['never', 'manual']);
    expect(top.total).toBe(4);
  });

  it('starts the clock at the tracking start when there is no date obtained', () => {
    const undated = wardrobe([item('undated', { dateCreated: '2024-06-10T10:00:00Z' })]);
    expect(notWornRecently(counted(undated)).items).toEqual([]);
    const tracked = notWornRecently(
      counted(undated, settings({ trackingStartDate: '2024-01-01' })),
    );
    expect(tracked.items.map((e) => [e.idleDays, e.since])).toEqual([[166, '2024-01-01']]);
  });

  it('uses 90 days by default', () => {
    expect(NOT_WORN_RECENTLY_DAYS).toBe(90);
    expect(notWornRecently(counted(w), Infinity, 200).total).toBe(1);
  });
});

describe('costPerWearLeaders', () => {
  const w = wardrobe([
    item('coat', { price: 300, manualTimesWorn: 30 }), // 10 per wear
    item('tee', { price: 20, manualTimesWorn: 10 }), // 2 per wear
    item('boots', { price: 200, manualTimesWorn: 2 }), // 100 per wear
    item('dress', { price: 150 }), // never worn: 150
    item('scarf', { price: 40, manualTimesWorn: 1 }), // 40 per wear
    item('free', { price: 0, manualTimesWorn: 5 }), // no price to earn
    item('gift', { manualTimesWorn: 5 }), // no price
    item('euro', { price: 100, currency: 'EUR', convertedPrice: 110, manualTimesWorn: 11 }), // 10
  ]);
  const items = counted(w);

  it('puts the cheapest wears first and the dearest (never worn included) on the other list', () => {
    const { earned, notYet } = costPerWearLeaders(items, 3);
    // 6 priced pieces: the best half (3) earned their price.
    expect(earned.map((e) => [e.item.id, e.costPerWear])).toEqual([
      ['tee', 2],
      ['coat', 10],
      ['euro', 10],
    ]);
    expect(notYet.map((e) => [e.item.id, e.costPerWear, e.timesWorn])).toEqual([
      ['dress', 150, 0],
      ['boots', 100, 2],
      ['scarf', 40, 1],
    ]);
  });

  it('uses the converted price in the user currency', () => {
    const { earned } = costPerWearLeaders(items, 5);
    expect(earned.find((e) => e.item.id === 'euro')?.price).toBe(110);
  });

  it('never shows a piece on both lists, and only worn pieces earned their price', () => {
    const wornCounts = fc.array(fc.option(fc.nat({ max: 6 }), { nil: undefined }), {
      minLength: 0,
      maxLength: 14,
    });
    fc.assert(
      fc.property(wornCounts, fc.integer({ min: 0, max: 6 }), (counts, limit) => {
        const list = counted(
          wardrobe(counts.map((n, i) => item(`i${i}`, { price: 10 + i, manualTimesWorn: n ?? 0 }))),
        );
        const { earned, notYet } = costPerWearLeaders(list, limit);
        const a = new Set(ids(earned));
        expect(ids(notYet).some((id) => a.has(id))).toBe(false);
        expect(earned.every((e) => e.timesWorn > 0)).toBe(true);
        expect(earned.length).toBeLessThanOrEqual(Math.min(limit, Math.ceil(list.length / 2)));
        expect(notYet.length).toBeLessThanOrEqual(limit);
        for (let i = 1; i < earned.length; i++)
          expect(earned[i]!.costPerWear).toBeGreaterThanOrEqual(earned[i - 1]!.costPerWear);
        for (let i = 1; i < notYet.length; i++)
          expect(notYet[i]!.costPerWear).toBeLessThanOrEqual(notYet[i - 1]!.costPerWear);
      }),
    );
  });
});

describe('topBy', () => {
  it('gives the same first entries as a full sort, for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 10 }),
        (values, limit) => {
          const compare = (a: number, b: number) => b - a;
          expect(topBy(values, limit, compare)).toEqual([...values].sort(compare).slice(0, limit));
        },
      ),
    );
  });
});
