import { wearDayKey } from '@hanger/domain';
import { useEffect, useState } from 'react';

/**
 * "Now" for the calendar screens, refreshed every minute so that a screen left open past
 * midnight or 05:00 moves "today" (and what counts as planned) on by itself.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Today by the wear-day rule (docs/spec.md §4: before 05:00 it is still yesterday). */
export function useWearToday(): string {
  return wearDayKey(useNow());
}

function utcDate(day: string): Date {
  return new Date(
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))),
  );
}

const longDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const weekdayLong = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const weekdayNarrow = new Intl.DateTimeFormat('en-GB', { weekday: 'narrow', timeZone: 'UTC' });
const monthTitle = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tuesday 5 March" */
export function longDayLabel(day: string): string {
  return longDay.format(utcDate(day));
}

/** "Tuesday" */
export function weekdayName(day: string): string {
  return weekdayLong.format(utcDate(day));
}

/** "March 2024" */
export function monthLabel(year: number, month: number): string {
  return monthTitle.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** Column headers for weekday numbers (0 = Sunday): short ("Mon") and narrow ("M") forms. */
export function weekdayHeaders(
  weekdays: readonly number[],
): { short: string; narrow: string; long: string }[] {
  return weekdays.map((wd) => {
    // 2023-01-01 was a Sunday.
    const date = new Date(Date.UTC(2023, 0, 1 + wd));
    return {
      short: weekdayShort.format(date),
      narrow: weekdayNarrow.format(date),
      long: weekdayLong.format(date),
    };
  });
}
