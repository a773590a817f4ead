import { monthWeeks, resolveDayEntries } from './calendar-day.js';
import { dayKeyFromParts, isDayKey } from './day-keys.js';
import type { Calendar, ClothingItem, Outfit, WardrobeData } from './types.js';
import { wearDayKey } from './wear-day.js';

/**
 * The calendar month screen as data: which day sits in which cell, what each day shows, which day
 * is "today" and which days are still plans. "Today" is the wear day of docs/spec.md §4 (before
 * 05:00 it is still yesterday), the same day every stat counts up to, so a day the month shows as
 * worn is a day the stats count and a day it shows as planned is one they do not.
 */

/** The first and last year a calendar route may name (four digits, as the routes print them). */
export const CALENDAR_MIN_YEAR = 1000;
export const CALENDAR_MAX_YEAR = 9999;

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export type DayRecord =
  { type: 'clothes'; record: ClothingItem } | { type: 'outfits'; record: Outfit };

export interface MonthCell {
  day: string;
  /** Day of the month, 1–31. */
  date: number;
  /** The wear day of "now": marked on the month, where "Log today" logs. */
  today: boolean;
  /** After today: what is on it is a plan and does not count as worn yet. */
  planned: boolean;
  /** The display item, else the first outfit, else the first item (ids still in the wardrobe). */
  cover?: DayRecord;
  /** How many items and outfits the day holds (ids still in the wardrobe). */
  count: number;
}

export interface MonthGrid extends YearMonth {
  /** Weeks of seven cells from the week start; null outside the month. */
  weeks: (MonthCell | null)[][];
  /** Weekday numbers (0 = Sunday) of the columns, from the week start. */
  weekdays: number[];
  /** Days of the month with something on them that counts as worn. */
  wornDays: number;
  /** Days of the month with something planned on them. */
  plannedDays: number;
}

/** A year the calendar routes accept. */
export function isCalendarYear(year: number): boolean {
  return Number.isInteger(year) && year >= CALENDAR_MIN_YEAR && year <= CALENDAR_MAX_YEAR;
}

/**
 * A real day (a day key) in a year the calendar routes accept: a day the app can open, so what
 * is logged on it can be seen and removed. The server logs wears on these days only.
 */
export function isCalendarDayKey(value: unknown): value is string {
  return isDayKey(value) && isCalendarYear(Number(value.slice(0, 4)));
}

/** Weekday numbers (0 = Sunday … 6 = Saturday) in column order for a week start. */
export function weekdayOrder(weekStart: number): number[] {
  const start = ((Math.trunc(weekStart) % 7) + 7) % 7;
  return Array.from({ length: 7 }, (_, i) => (start + i) % 7);
}

/** The month `by` months away (negative goes back), across years. */
export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const total = year * 12 + (month - 1) + by;
  return { year: Math.floor(total / 12), month: (total % 12) + 1 };
}

/** The month a day key falls in. */
export function monthOfDay(day: string): YearMonth {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** Lays out one month of the calendar for the month screen. */
export function monthGrid(
  wardrobe: Pick<WardrobeData, 'clothes' | 'outfits' | 'calendar'>,
  { year, month }: YearMonth,
  weekStart: number,
  now: Date = new Date(),
): MonthGrid {
  const today = wearDayKey(now);
  const weekdays = weekdayOrder(weekStart);
  let wornDays = 0;
  let plannedDays = 0;
  const weeks = monthWeeks(year, month, weekdays[0]!).map((week) =>
    week.map((day): MonthCell | null => {
      if (day === null) return null;
      const entries = resolveDayEntries(wardrobe.calendar[day], wardrobe);
      const planned = day > today;
      if (entries.length > 0) {
        if (planned) plannedDays += 1;
        else wornDays += 1;
      }
      const cell: MonthCell = {
        day,
        date: Number(day.slice(8, 10)),
        today: day === today,
        planned,
        count: entries.length,
      };
      if (entries[0]) cell.cover = entries[0];
      return cell;
    }),
  );
  return { year, month, weeks, weekdays, wornDays, plannedDays };
}

/** What a calendar address names, once checked. */
export type CalendarRoute =
  | { kind: 'month'; year: number; month: number; canonical: string }
  | { kind: 'day'; day: string; canonical: string }
  /** Not a real month or day: go to `fallback` instead (its month, or else today's month). */
  | { kind: 'invalid'; fallback: YearMonth | null };

function toInt(value: string | undefined): number {
  return value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * Reads /calendar/{year}/{month}[/{day}]. An unknown year or month names no month (go to today's);
 * a day that does not exist in a real month goes to that month. `canonical` is the zero-padded
 * address, to redirect '/2025/3/5' to '/2025/03/05'.
 */
export function parseCalendarRoute(params: {
  year?: string;
  month?: string;
  day?: string;
}): CalendarRoute {
  const year = toInt(params.year);
  const month = toInt(params.month);
  if (!isCalendarYear(year) || !(month >= 1 && month <= 12)) {
    return { kind: 'invalid', fallback: null };
  }
  if (params.day === undefined) {
    return {
      kind: 'month',
      year,
      month,
      canonical: `/calendar/${year}/${String(month).padStart(2, '0')}`,
    };
  }
  const date = toInt(params.day);
  const key = Number.isNaN(date) ? '' : dayKeyFromParts(year, month, date);
  if (!isDayKey(key)) return { kind: 'invalid', fallback: { year, month } };
  return {
    kind: 'day',
    day: key,
    canonical: `/calendar/${key.slice(0, 4)}/${key.slice(5, 7)}/${key.slice(8, 10)}`,
  };
}

/** Ids already on a day, so a picker can leave them out (logging twice is not two wears). */
export function idsOnDay(
  calendar: Calendar,
  day: string,
): { clothes: Set<string>; outfits: Set<string> } {
  const entry = calendar[day];
  return { clothes: new Set(entry?.clothes ?? []), outfits: new Set(entry?.outfits ?? []) };
}
