import { describe, expect, it } from 'vitest';
import { formatMoney } from './currency.js';
import {
  formatRecentDay,
  formatStatMoney,
  formatStatNumber,
  formatStatPercent,
  STAT_FIGURE_IDS,
  STAT_FIGURE_MISSING,
  statFigures,
} from './stats-figures.js';
import type { WardrobeStats } from './wardrobe-stats.js';

const NBSP = '\u00a0';

const stats: WardrobeStats = {
  range: 'all',
  currency: 'EUR',
  totalItems: 1234,
  spendThisYear: 99.5,
  spentInCloset: 1234.5,
  allTimeSpend: 2000,
  averageOutfitsPerItem: 2 / 3,
  maxPairings: 760_761,
  totalPairings: 12,
  pairingsPercentage: (12 / 760_761) * 100,
  averagePairingsPerItem: 24 / 1234,
  averageTimesWorn: 3.25,
  averageDaysSinceLastWorn: 10,
  averageCostPerWear: 4.125,
  wearFrequency: [],
  brandShares: [],
  sourceShares: [],
  colourShares: [],
  wearColourShares: [],
};

describe('statFigures', () => {
  it('formats every figure of the spec for an English reader', () => {
    const f = statFigures(stats, 'en-GB');
    expect(Object.keys(f)).toEqual([...STAT_FIGURE_IDS]);
    expect(Object.fromEntries(STAT_FIGURE_IDS.map((id) => [f[id].label, f[id].value]))).toEqual({
      'Spend this year': '€99.50',
      'Spent on items in closet': '€1,234.50',
      'All-time spend': '€2,000.00',
      'Total items': '1,234',
      'Average outfits per item': '0.7',
      'Max pairings': '760,761',
      'Total pairings': '12',
      'Percentage of max pairings': '0%',
      'Average pairings per item': '0',
      'Average days since last worn': '10',
      'Average times worn': '3.3',
      'Average cost per wear': '€4.13',
    });
  });

  it('follows the locale: German digits and currency placement', () => {
    const f = statFigures(stats, 'de-DE');
    expect(f.spentInCloset.value).toBe(`1.234,50${NBSP}€`);
    expect(f.totalItems.value).toBe('1.234');
    expect(f.averageTimesWorn.value).toBe('3,3');
    expect(formatStatPercent(33.333, 'de-DE')).toBe(`33,3${NBSP}%`);
  });

  it('shows a dash for averages nothing has fed yet', () => {
    const f = statFigures(
      { ...stats, averageCostPerWear: undefined, averageDaysSinceLastWorn: undefined },
      'en',
    );
    expect(f.averageCostPerWear).toMatchObject({ value: STAT_FIGURE_MISSING, missing: true });
    expect(f.averageDaysSinceLastWorn.missing).toBe(true);
    expect(f.averageTimesWorn.missing).toBe(false);
  });

  it('reads an unknown locale tag as English instead of failing', () => {
    expect(formatStatNumber(1234.56, 'not a locale!')).toBe('1,234.6');
  });
});

describe('formatRecentDay', () => {
  it('leaves the year out within the current year', () => {
    expect(formatRecentDay('2025-06-10', '2025-06-15', 'en-GB')).toBe('10 Jun');
    expect(formatRecentDay('2025-06-10', '2025-06-15', 'en-US')).toBe('Jun 10');
    expect(formatRecentDay('2025-06-10', '2025-06-15', 'de-DE')).toBe('10. Juni');
  });

  it('keeps the year for earlier years', () => {
    expect(formatRecentDay('2024-12-31', '2025-01-02', 'en-GB')).toBe('31 Dec 2024');
    expect(formatRecentDay('2024-01-15', '2025-06-15', 'de-DE')).toBe('15. Jan. 2024');
  });

  it('does not shift the day with the time zone, and passes odd input through', () => {
    expect(formatRecentDay('2025-01-01', '2025-06-15', 'en-GB')).toBe('1 Jan');
    expect(formatRecentDay('someday', '2025-06-15', 'en-GB')).toBe('someday');
  });
});

describe('formatStatMoney', () => {
  it('reads exactly as formatMoney, including an unknown code', () => {
    for (const [amount, currency, locale] of [
      [1234.5, 'EUR', 'de-DE'],
      [0.3, 'JPY', 'ja-JP'],
      [12, 'USD', 'en'],
      [12, 'XYZW', 'en'],
    ] as const) {
      expect(formatStatMoney(amount, currency, locale)).toBe(formatMoney(amount, currency, locale));
    }
    expect(formatStatMoney(12, 'XYZW', 'en')).toBe('12.00 XYZW');
  });
});
