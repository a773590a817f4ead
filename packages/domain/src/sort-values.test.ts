import { describe, expect, it } from 'vitest';
import { ITEM_SORT_OPTIONS, itemSortNeedsStats } from './sorting.js';
import {
  PLAIN_ITEM_SORTS,
  compareSortValues,
  dayValue,
  plainItemSortValue,
  textCollator,
} from './sort-values.js';
import type { ClothingItem } from './types.js';

const item = (fields: Partial<ClothingItem>): ClothingItem =>
  ({
    id: 'a',
    image: '/m/a',
    category: 'top',
    dateCreated: '2024-03-05T10:00:00Z',
    ...fields,
  }) as ClothingItem;

describe('plain item sort values', () => {
  it('read only the item: none of them needs stats', () => {
    for (const option of PLAIN_ITEM_SORTS) {
      expect(ITEM_SORT_OPTIONS).toContain(option);
      expect(itemSortNeedsStats(option)).toBe(false);
    }
  });

  it('compare differently written timestamps by time, brands without case or spaces', () => {
    const a = plainItemSortValue('Date Created', item({ dateCreated: '2024-03-05T10:00:00Z' }));
    const b = plainItemSortValue(
      'Date Created',
      item({ dateCreated: '2024-03-05T11:00:00+01:00' }),
    );
    expect(a).toBe(b);
    expect(plainItemSortValue('Date Created', item({ dateCreated: 'not a date' }))).toBeUndefined();
    expect(plainItemSortValue('Brand', item({ brand: '  COS ' }))).toBe('cos');
    expect(plainItemSortValue('Brand', item({ brand: '   ' }))).toBeUndefined();
    expect(plainItemSortValue('Times Worn', item({}))).toBeUndefined();
  });

  it('give a date obtained as its day, and none for what is not a day', () => {
    const obtained = (dateObtained: string) =>
      plainItemSortValue('Date Obtained', item({ dateObtained }));
    expect(obtained('2023-01-02')).toBe(dayValue('2023-01-02'));
    expect(Number(obtained('2023-01-02')) - Number(obtained('2022-12-31'))).toBe(2);
    expect(obtained('')).toBeUndefined();
    expect(obtained('someday')).toBeUndefined();
    expect(dayValue(undefined)).toBeUndefined();
  });

  it('order numbers by size and text as read in the locale, case and accents aside', () => {
    expect(compareSortValues(2, 10)).toBeLessThan(0);
    expect(compareSortValues('b', 'a')).toBeGreaterThan(0);
    expect(compareSortValues('a', 'a')).toBe(0);
    expect(compareSortValues('Ålesund', 'zara')).toBeLessThan(0);
    expect(compareSortValues('ÉCLAT', 'eclat')).toBe(0);
    expect(compareSortValues('Ålesund', 'zara', textCollator('sv'))).toBeGreaterThan(0);
  });

  it('build one collator per locale, English for a locale Intl refuses', () => {
    expect(textCollator('sv')).toBe(textCollator('sv'));
    expect(textCollator('not a locale!')).toBe(textCollator('en'));
    expect(textCollator()).toBe(textCollator('en'));
  });
});
