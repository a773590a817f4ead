import { computeItemStats, computeOutfitStats } from '@hanger/domain';
import { at, day } from '@hanger/domain/testing';
import { describe, expect, it } from 'vitest';
import { item, outfit, settings, wardrobeOf } from '../test-utils/fixtures';
import { itemStatsFor, wearIndexFor } from './use-wardrobe-stats';

const wardrobe = () =>
  wardrobeOf(
    [item('a', { price: 40 }), item('b', { price: 10, dateObtained: '2024-01-01' }), item('c')],
    [outfit('o', ['a', 'b'])],
    { '2024-06-01': day(['c'], ['o']), '2024-06-20': day(['a']) },
  );

describe('wearIndexFor / itemStatsFor', () => {
  it('answer what the domain computes for the wardrobe', () => {
    const data = wardrobe();
    const now = at('2024-06-15');
    expect(itemStatsFor(data, settings, now).itemStats).toEqual(
      computeItemStats(data, settings, now),
    );
    expect(computeOutfitStats(data, settings, now, { index: wearIndexFor(data, now) })).toEqual(
      computeOutfitStats(data, settings, now),
    );
  });

  it('build once per wardrobe object, settings object and day', () => {
    const data = wardrobe();
    const now = at('2024-06-15');
    const first = itemStatsFor(data, settings, now);
    expect(wearIndexFor(data, now)).toBe(first.index);
    expect(itemStatsFor(data, settings, at('2024-06-15', 20))).toEqual(first);
    expect(itemStatsFor(data, settings, at('2024-06-15', 20)).itemStats).toBe(first.itemStats);

    // Same content, another object: built again (a change to the wardrobe is a new object).
    const copy = { ...data };
    expect(itemStatsFor(copy, settings, now).index).not.toBe(first.index);
    // New settings: the item stats again, on the same index.
    const euro = { ...settings, currency: 'EUR' };
    const again = itemStatsFor(data, euro, now);
    expect(again.index).toBe(first.index);
    expect(again.itemStats).not.toBe(first.itemStats);
    expect(again.itemStats).toEqual(computeItemStats(data, euro, now));
    // A new day: the 2024-06-20 wear now counts.
    const later = itemStatsFor(data, euro, at('2024-06-21'));
    expect(later.index).not.toBe(first.index);
    expect(later.itemStats.get('a')?.calTimesWorn).toBe(2);
    expect(first.itemStats.get('a')?.calTimesWorn).toBe(1);
  });
});
