import { describe, expect, it } from 'vitest';
import { computeOutfitStats, computeSingleOutfitStats } from './outfit-stats.js';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';

const now = at('2024-03-10', 12);
const s = settings();

describe('computeOutfitStats', () => {
  const w = wardrobe(
    [item('a', { price: 40 }), item('b', { price: 25.5 }), item('c')],
    [outfit('o1', ['a', 'b', 'c', 'deleted'], { manualTimesWorn: 2 }), outfit('o2', ['c'])],
    {
      '2024-03-01': day([], ['o1']),
      '2024-03-05': day(['a'], ['o1', 'o1']),
      '2024-03-12': day([], ['o1', 'o2']),
    },
  );
  const stats = computeOutfitStats(w, s, now);

  it('lists days worn up to today and the last one', () => {
    expect(stats.get('o1')).toMatchObject({
      datesWorn: ['2024-03-01', '2024-03-05'],
      lastWorn: '2024-03-05',
    });
  });

  it('adds manual wears to calendar wears', () => {
    expect(stats.get('o1')?.totalTimesWorn).toBe(4);
  });

  it('has no last worn when only planned for a later day', () => {
    expect(stats.get('o2')?.lastWorn).toBeUndefined();
    expect(stats.get('o2')?.totalTimesWorn).toBe(0);
  });

  it('counts existing items and sums their prices, unpriced items adding nothing', () => {
    expect(stats.get('o1')).toMatchObject({ numItems: 3, totalCost: 65.5, pricedItems: 2 });
    expect(stats.get('o2')).toMatchObject({ numItems: 1, totalCost: 0, pricedItems: 0 });
  });

  it('counts a piece priced 0 as priced: its outfit costs 0, not an unknown amount', () => {
    const free = wardrobe([item('gift', { price: 0 }), item('c')], [outfit('o', ['gift', 'c'])]);
    expect(computeOutfitStats(free, s, now).get('o')).toMatchObject({
      totalCost: 0,
      pricedItems: 1,
    });
  });

  it('gives the same answer for a single outfit', () => {
    expect(computeSingleOutfitStats('o1', w, s, now)).toEqual(stats.get('o1'));
    expect(computeSingleOutfitStats('zz', w, s, now)).toBeUndefined();
  });
});
