import type { WardrobeStats } from './wardrobe-stats.js';

/** The figures of the stats screen (docs/spec.md §2), in the spec's order, as the screen shows them. */
export const STAT_FIGURE_IDS = [
  'spendThisYear',
  'spentInCloset',
  'allTimeSpend',
  'totalItems',
  'averageOutfitsPerItem',
  'maxPairings',
  'totalPairings',
  'pairingsPercentage',
  'averagePairingsPerItem',
  'averageDaysSinceLastWorn',
  'averageTimesWorn',
  'averageCostPerWear',
] as const;
export type StatFigureId = (typeof STAT_FIGURE_IDS)[number];

export const STAT_FIGURE_LABELS: Record<StatFigureId, string> = {
  spendThisYear: 'Spend this year',
  spentInCloset: 'Spent on items in closet',
  allTimeSpend: 'All-time spend',
  totalItems: 'Total items',
  averageOutfitsPerItem: 'Average outfits per item',
  maxPairings: 'Max pairings',
  totalPairings: 'Total pairings',
  pairingsPercentage: 'Percentage of max pairings',
  averagePairingsPerItem: 'Average pairings per item',
  averageDaysSinceLastWorn: 'Average days since last worn',
  averageTimesWorn: 'Average times worn',
  averageCostPerWear: 'Average cost per wear',
};

/** Shown for a figure that has no value yet (no item worn, no priced item worn). */
export const STAT_FIGURE_MISSING = '—';

export interface StatFigure {
  id: StatFigureId;
  label: string;
  /** Formatted for the user's locale; money in the user's currency. */
  value: string;
  /** True when the figure has no value yet and `value` is the dash. */
  missing: boolean;
}

// Building a NumberFormat costs far more than using one; the screen formats a dozen numbers per
// range switch, so formats are kept per locale and options.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      // An unknown locale tag reads as English rather than breaking the screen.
      format = new Intl.NumberFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Money as formatMoney shows it ("$12.50", "12,50 €"), with the format kept: the screen shows a
 * few dozen amounts per range. An unknown currency code falls back to the amount and the code.
 */
export function formatStatMoney(amount: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A count or an average: grouped digits, at most `maxFractionDigits` decimals ("1,234.5"). */
export function formatStatNumber(value: number, locale: string, maxFractionDigits = 1): string {
  return numberFormat(locale, { maximumFractionDigits: maxFractionDigits }).format(value);
}

/** A share given as 0 to 100, with at most one decimal ("33.3%", "33,3 %"). */
export function formatStatPercent(percent: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day close to today, short: "10 Jun" in the current year, "15 Jan 2024" before it, in the
 * locale's own order ("10. Juni", "Jun 10"). Day keys are calendar days, so they are formatted
 * in UTC and never shift with the time zone.
 */
export function formatRecentDay(day: string, today: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  const withYear = day.slice(0, 4) !== today.slice(0, 4);
  const key = `${locale}|${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
      ...(withYear ? { year: 'numeric' } : {}),
    };
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat('en', options);
    }
    dayFormats.set(key, format);
  }
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}

/** Every figure of the screen, formatted for the user's locale and currency. */
export function statFigures(
  stats: WardrobeStats,
  locale: string,
): Record<StatFigureId, StatFigure> {
  const money = (v: number) => formatStatMoney(v, stats.currency, locale);
  const num = (v: number) => formatStatNumber(v, locale);
  const values: Record<StatFigureId, string | undefined> = {
    spendThisYear: money(stats.spendThisYear),
    spentInCloset: money(stats.spentInCloset),
    allTimeSpend: money(stats.allTimeSpend),
    totalItems: num(stats.totalItems),
    averageOutfitsPerItem: num(stats.averageOutfitsPerItem),
    maxPairings: num(stats.maxPairings),
    totalPairings: num(stats.totalPairings),
    pairingsPercentage: formatStatPercent(stats.pairingsPercentage, locale),
    averagePairingsPerItem: num(stats.averagePairingsPerItem),
    averageDaysSinceLastWorn:
      stats.averageDaysSinceLastWorn === undefined
        ? undefined
        : num(stats.averageDaysSinceLastWorn),
    averageTimesWorn: num(stats.averageTimesWorn),
    averageCostPerWear:
      stats.averageCostPerWear === undefined ? undefined : money(stats.averageCostPerWear),
  };
  const out = {} as Record<StatFigureId, StatFigure>;
  for (const id of STAT_FIGURE_IDS) {
    const value = values[id];
    out[id] = {
      id,
      label: STAT_FIGURE_LABELS[id],
      value: value ?? STAT_FIGURE_MISSING,
      missing: value === undefined,
    };
  }
  return out;
}
