import { dayKeyFromParts, daysInMonth } from './day-keys.js';
import { wearDayKey } from './wear-day.js';

/** The stats screen's time ranges (docs/spec.md §2); 'all' is the default. */
export const TIME_RANGES = [
  'all',
  'thisYear',
  'last12Months',
  'last6Months',
  'last3Months',
] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const DEFAULT_TIME_RANGE: TimeRange = 'all';

export const TIME_RANGE_LABELS: Record<TimeRange, string> = {
  all: 'All time',
  thisYear: 'This year',
  last12Months: 'Last 12 months',
  last6Months: 'Last 6 months',
  last3Months: 'Last 3 months',
};

export function isTimeRange(value: unknown): value is TimeRange {
  return typeof value === 'string' && (TIME_RANGES as readonly string[]).includes(value);
}

/**
 * Calendar subtraction of months from a day key. A day that does not exist in the target month
 * becomes that month's last day (31 August minus 6 months is 28 or 29 February), as people count.
 */
export function subtractMonths(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  const total = year * 12 + (month - 1) - months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return dayKeyFromParts(y, m, Math.min(date, daysInMonth(y, m)));
}

/**
 * First day (inclusive) of a range, or undefined for 'all'. Ranges end today (the wear day of
 * `now`, see wear-day.ts): thisYear starts on 1 January; last12Months subtracts one year;
 * last6Months and last3Months subtract months (docs/spec.md §9).
 */
export function timeRangeStart(range: TimeRange, now: Date = new Date()): string | undefined {
  const today = wearDayKey(now);
  switch (range) {
    case 'all':
      return undefined;
    case 'thisYear':
      return `${today.slice(0, 4)}-01-01`;
    case 'last12Months':
      return subtractMonths(today, 12);
    case 'last6Months':
      return subtractMonths(today, 6);
    case 'last3Months':
      return subtractMonths(today, 3);
  }
}

/** Inclusive bounds of a range: `start` is undefined for 'all'; `end` is always today. */
export function timeRangeBounds(
  range: TimeRange,
  now: Date = new Date(),
): { start: string | undefined; end: string } {
  return { start: timeRangeStart(range, now), end: wearDayKey(now) };
}

/**
 * Whether a day lies in the range: from its start up to today. 'all' holds every day, even
 * one still to come; a missing day is only in 'all'.
 */
export function isInTimeRange(
  day: string | undefined,
  range: TimeRange,
  now: Date = new Date(),
): boolean {
  if (range === 'all') return true;
  const { start, end } = timeRangeBounds(range, now);
  return day !== undefined && start !== undefined && day >= start && day <= end;
}
