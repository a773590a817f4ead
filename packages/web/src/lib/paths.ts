import { calendarMonthPath } from '@hanger/domain';

/** Links into the route table of SPEC §2 that the domain package does not already build. */

/** The calendar month containing today (local time). */
export function currentCalendarPath(now: Date = new Date()): string {
  return calendarMonthPath(now.getFullYear(), now.getMonth() + 1);
}

export const itemPath = (id: string) => `/items/${encodeURIComponent(id)}`;
export const outfitPath = (id: string) => `/outfits/${encodeURIComponent(id)}`;
export const outfitEditPath = (id: string) => `/outfits/${encodeURIComponent(id)}/edit`;
