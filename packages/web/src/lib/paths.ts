import { calendarMonthPath, wearDayKey } from '@hanger/domain';

/** Links into the route table of docs/spec.md §2 that the domain package does not already build. */

/**
 * The calendar month containing today, today as the calendar counts it (docs/spec.md §4: before
 * 05:00 it is still the day before): at 03:00 on 1 January /calendar opens December, where the
 * Today button and today's mark are.
 */
export function currentCalendarPath(now: Date = new Date()): string {
  const [year, month] = wearDayKey(now).split('-').map(Number) as [number, number];
  return calendarMonthPath(year, month);
}

export const itemPath = (id: string) => `/items/${encodeURIComponent(id)}`;
export const outfitPath = (id: string) => `/outfits/${encodeURIComponent(id)}`;
export const outfitEditPath = (id: string) => `/outfits/${encodeURIComponent(id)}/edit`;
