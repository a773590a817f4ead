import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWearIndex } from './wear-index.js';
import {
  closetStartDay,
  pairingCounts,
  pairingPartners,
  computeItemStats,
  computeSingleItemStats,
  daysInCloset,
  useFrequencyText,
  wornUseFrequency,
} from './item-stats.js';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';

const now = at('2024-03-10', 12);
const s = settings();

function statsOf(w: ReturnType<typeof wardrobe>, id: string, when = now, st = s) {
  const stats = computeItemStats(w, st, when).get(id);
  if (!stats) throw new Error(`no stats for ${id}`);
  return stats;
}

describe('dates worn', () => {
  it('counts a day once when the item is logged directly and through an outfit', () => {
    const w = wardrobe([item('a'), item('b')], [outfit('o', ['a', 'b'])], {
      '2024-03-01': day(['a'], ['o']),
      '2024-03-02': day([], ['o']),
    });
    const a = statsOf(w, 'a');
    expect(a.datesWorn).toEqual(['2024-03-01', '2024-03-02']);
    expect(a.calTimesWorn).toBe(2);
    expect(a.lastWorn).toBe('2024-03-02');
  });

  it('does not count a future-dated calendar entry', () => {
    const w = wardrobe([item('a')], [], { '2024-03-09': day(['a']), '2024-03-11': day(['a']) });
    expect(statsOf(w, 'a').datesWorn).toEqual(['2024-03-09']);
  });

  it("does not count today's entry before 05:00, and does from 05:00", () => {
    const w = wardrobe([item('a')], [], { '2024-03-10': day(['a']) });
    expect(statsOf(w, 'a', at('2024-03-10', 4, 59)).calTimesWorn).toBe(0);
    expect(statsOf(w, 'a', at('2024-03-10', 5, 0)).calTimesWorn).toBe(1);
  });

  it('lists days in ascending order whatever the calendar order', () => {
    const w = wardrobe([item('a')], [], {
      '2024-02-29': day(['a']),
      '2023-12-31': day(['a']),
      '2024-01-15': day(['a']),
    });
    expect(statsOf(w, 'a').datesWorn).toEqual(['2023-12-31', '2024-01-15', '2024-02-29']);
  });

  it('counts an item listed twice on one outfit or one day once', () => {
    const w = wardrobe([item('a')], [outfit('o', ['a', 'a'])], {
      '2024-03-01': day(['a', 'a'], ['o', 'o']),
    });
    expect(statsOf(w, 'a').calTimesWorn).toBe(1);
    expect(statsOf(w, 'a').numOutfits).toBe(1);
  });

  it('has no last worn when never worn', () => {
    const a = statsOf(wardrobe([item('a')]), 'a');
    expect(a.lastWorn).toBeUndefined();
    expect(a.datesWorn).toEqual([]);
  });
});

describe('times worn', () => {
  it('adds the manual count to the calendar count', () => {
    const w = wardrobe([item('a', { manualTimesWorn: 4 })], [], { '2024-03-01': day(['a']) });
    expect(statsOf(w, 'a')).toMatchObject({ calTimesWorn: 1, totalTimesWorn: 5 });
  });
});

describe('outfits and pairings', () => {
  const w = wardrobe(
    [item('a'), item('b'), item('c'), item('d')],
    [
      outfit('o1', ['a', 'b']),
      outfit('o2', ['a', 'b', 'c']),
      outfit('o3', ['d']),
      outfit('o4', ['a', 'gone']),
    ],
  );

  it('counts outfits holding the item', () => {
    expect(statsOf(w, 'a').numOutfits).toBe(3);
    expect(statsOf(w, 'd').numOutfits).toBe(1);
  });

  it('counts distinct partners, ignoring deleted items', () => {
    expect(statsOf(w, 'a').numPairings).toBe(2);
    expect(statsOf(w, 'c').numPairings).toBe(2);
    expect(statsOf(w, 'd').numPairings).toBe(0);
  });

  it('counts the same partners as the partner sets', () => {
    const index = buildWearIndex(w, now);
    const sets = pairingPartners(index);
    const counts = pairingCounts(index);
    expect(Object.fromEntries(counts)).toEqual({ a: 2, b: 2, c: 2, d: 0 });
    for (const [id, set] of sets) expect(counts.get(id)).toBe(set.size);
  });

  it('pairings are symmetric: a partner of b means b a partner of a', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 6 }), {
          maxLength: 8,
        }),
        (outfitItems) => {
          const wr = wardrobe(
            ids.map((id) => item(id)),
            outfitItems.map((list, i) => outfit(`o${i}`, list)),
          );
          const stats = computeItemStats(wr, s, now);
          const partners = (x: string) =>
            new Set(
              outfitItems
                .filter((l) => l.includes(x))
                .flat()
                .filter((y) => y !== x),
            );
          for (const x of ids) {
            expect(stats.get(x)?.numPairings).toBe(partners(x).size);
            for (const y of partners(x)) expect(partners(y).has(x)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('days in closet', () => {
  it('counts from the date obtained to today inclusively', () => {
    expect(daysInCloset(item('a', { dateObtained: '2024-03-10' }), s, '2024-03-10')).toBe(1);
    expect(daysInCloset(item('a', { dateObtained: '2024-02-28' }), s, '2024-03-01')).toBe(3);
  });

  it('falls back to the tracking start, then the creation day', () => {
    const noDate = item('a', { dateCreated: new Date(2024, 2, 1, 12).toISOString() });
    expect(closetStartDay(noDate, { trackingStartDate: '2024-01-01' })).toBe('2024-01-01');
    expect(closetStartDay(noDate, {})).toBe('2024-03-01');
    expect(
      closetStartDay(item('b', { dateObtained: '2023-05-05' }), {
        trackingStartDate: '2024-01-01',
      }),
    ).toBe('2023-05-05');
  });

  it('ends on the archive date for an archived item', () => {
    const archived = item('a', {
      status: 'archived',
      dateObtained: '2024-01-01',
      dateArchived: '2024-01-31',
    });
    expect(statsOf(wardrobe([archived]), 'a').daysInCloset).toBe(31);
  });

  it('ignores an archive date left on an item back in the closet', () => {
    const back = item('a', {
      status: 'clothes',
      dateObtained: '2024-03-01',
      dateArchived: '2024-03-02',
    });
    expect(statsOf(wardrobe([back]), 'a').daysInCloset).toBe(10);
  });

  it('is 0 for an item obtained on a date still to come', () => {
    expect(statsOf(wardrobe([item('a', { dateObtained: '2024-04-01' })]), 'a').daysInCloset).toBe(
      0,
    );
  });
});

describe('use frequency and cost per wear', () => {
  it('is wears per day in closet', () => {
    const w = wardrobe([item('a', { dateObtained: '2024-03-01', manualTimesWorn: 5 })]);
    expect(statsOf(w, 'a').useFrequency).toBeCloseTo(0.5);
  });

  it('is 0 for a never-worn item and undefined without days in closet', () => {
    expect(statsOf(wardrobe([item('a', { dateObtained: '2024-03-01' })]), 'a').useFrequency).toBe(
      0,
    );
    expect(
      statsOf(wardrobe([item('a', { dateObtained: '2025-01-01' })]), 'a').useFrequency,
    ).toBeUndefined();
  });

  it('divides the price by total wears', () => {
    const w = wardrobe([item('a', { price: 90, manualTimesWorn: 2 })], [], {
      '2024-03-01': day(['a']),
    });
    expect(statsOf(w, 'a').costPerWear).toBe(30);
  });

  it('has none for a never-worn item or an item without a price', () => {
    expect(statsOf(wardrobe([item('a', { price: 90 })]), 'a').costPerWear).toBeUndefined();
    expect(statsOf(wardrobe([item('a', { manualTimesWorn: 3 })]), 'a').costPerWear).toBeUndefined();
  });

  it("uses the price in the user's currency", () => {
    const converted = item('a', {
      price: 100,
      currency: 'EUR',
      convertedPrice: 110,
      manualTimesWorn: 2,
    });
    expect(statsOf(wardrobe([converted]), 'a').costPerWear).toBe(55);
    const rates = { base: 'USD', date: '2024-01-01', rates: { EUR: 0.5 } };
    const unconverted = item('b', { price: 100, currency: 'EUR', manualTimesWorn: 4 });
    expect(computeItemStats(wardrobe([unconverted]), s, now, { rates }).get('b')?.costPerWear).toBe(
      50,
    );
  });
});

describe('computeSingleItemStats', () => {
  it('agrees with computeItemStats for every item of random wardrobes', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const days = ['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-10', '2024-03-11'];
    fc.assert(
      fc.property(
        fc.array(fc.subarray(ids), { maxLength: 4 }),
        fc.dictionary(
          fc.constantFrom(...days),
          fc.record({ clothes: fc.subarray(ids), outfits: fc.subarray(['o0', 'o1', 'o2', 'o3']) }),
        ),
        fc.integer({ min: 0, max: 23 }),
        (outfitItems, calendar, hour) => {
          const wr = wardrobe(
            ids.map((id, i) => item(id, { price: i * 10, manualTimesWorn: i % 2 })),
            outfitItems.map((list, i) => outfit(`o${i}`, list)),
            calendar,
          );
          const when = at('2024-03-10', hour);
          const all = computeItemStats(wr, s, when);
          for (const id of ids)
            expect(computeSingleItemStats(id, wr, s, when)).toEqual(all.get(id));
        },
      ),
    );
  });

  it('is undefined for an unknown id', () => {
    expect(computeSingleItemStats('nope', wardrobe([]), s, now)).toBeUndefined();
  });
});

describe('useFrequencyText', () => {
  it('reads in days up to a 28-day gap', () => {
    expect(useFrequencyText(1 / 2)).toBe('Once every 2 days');
    expect(useFrequencyText(1 / 7)).toBe('Once every 7 days');
    expect(useFrequencyText(1 / 28)).toBe('Once every 28 days');
  });

  it('switches to months over 28 days (a month is 30.4167 days)', () => {
    expect(useFrequencyText(1 / 28.5)).toBe('Once every month');
    expect(useFrequencyText(1 / 45)).toBe('Once every month');
    expect(useFrequencyText(1 / 46)).toBe('Once every 2 months');
    expect(useFrequencyText(1 / 365)).toBe('Once every 12 months');
  });

  it('reads a daily habit and a never-worn item plainly', () => {
    expect(useFrequencyText(1)).toBe('Once every day');
    expect(useFrequencyText(3)).toBe('Once every day');
    expect(useFrequencyText(0)).toBe('Never worn');
    expect(useFrequencyText(undefined)).toBe('Never worn');
  });
});

describe('wornUseFrequency', () => {
  it('is the use frequency of an item worn, and none for an item never worn', () => {
    const items = [item('never'), item('worn'), item('counted', { manualTimesWorn: 3 })];
    const stats = computeItemStats(wardrobe(items, [], { '2024-03-01': day(['worn']) }), s, now);
    expect(stats.get('never')?.useFrequency).toBe(0);
    expect(wornUseFrequency(stats.get('never')?.useFrequency)).toBeUndefined();
    expect(wornUseFrequency(stats.get('worn')?.useFrequency)).toBeGreaterThan(0);
    expect(wornUseFrequency(stats.get('counted')?.useFrequency)).toBe(
      stats.get('counted')?.useFrequency,
    );
    expect(wornUseFrequency(undefined)).toBeUndefined();
  });
});
