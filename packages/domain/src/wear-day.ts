import { WEAR_DAY_START_HOUR } from './constants.js';
import { addDays, dayKeyOf, dayNumber } from './day-keys.js';

/**
 * The wear-day rule (docs/spec.md §4): a wear counts only for days up to today, and before 05:00
 * local time "today" is still the previous day (a night out ends after midnight). Every derived
 * stat uses this one "today", so days in closet, last worn and time ranges agree with each other.
 */
export function wearDayKey(now: Date = new Date()): string {
  const key = dayKeyOf(now);
  return now.getHours() < WEAR_DAY_START_HOUR ? addDays(key, -1) : key;
}

/** Whether a calendar day's entries count as worn at `now` (future plans do not). */
export function countsAsWorn(day: string, now: Date = new Date()): boolean {
  return day <= wearDayKey(now);
}

/**
 * Days from `from` to `to`, both included: the same day is 1. A start after the end gives 0
 * (an item obtained on a date still to come has not been in the closet yet).
 */
export function daysInclusive(from: string, to: string): number {
  const n = dayNumber(to) - dayNumber(from) + 1;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Whole days from `from` to `to` (0 when the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}
