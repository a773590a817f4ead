import { dayKeyFromParts, dayNumber, daysInMonth, dayKeyFromNumber } from './day-keys.js';
import type { Calendar, CalendarEntry, ClothingItem, Outfit, WardrobeData } from './types.js';

/**
 * A calendar day as pure state updates (docs/spec.md §4). Every function returns a new calendar and
 * leaves its input untouched, so the web can apply it optimistically and the server can apply
 * the same rule to what it stores. A day left with nothing on it is removed from the calendar.
 */

export type DayEntryType = 'clothes' | 'outfits';

export interface DayEntryRef {
  type: DayEntryType;
  id: string;
}

function isEmpty(entry: CalendarEntry): boolean {
  return entry.clothes.length === 0 && entry.outfits.length === 0;
}

function withEntry(calendar: Calendar, day: string, entry: CalendarEntry): Calendar {
  const next = { ...calendar };
  if (isEmpty(entry)) delete next[day];
  else next[day] = entry;
  return next;
}

/**
 * The day's tiles in order: the display item first, then the outfits, then the clothes
 * (docs/spec.md §4). A display item that is on neither list is not shown.
 */
export function orderDayEntries(entry: CalendarEntry | undefined): DayEntryRef[] {
  if (!entry) return [];
  const out: DayEntryRef[] = [];
  const star = entry.displayItem;
  if (star !== undefined) {
    if (entry.outfits.includes(star)) out.push({ type: 'outfits', id: star });
    else if (entry.clothes.includes(star)) out.push({ type: 'clothes', id: star });
  }
  const starred = out[0];
  for (const id of entry.outfits) {
    if (!(starred?.type === 'outfits' && starred.id === id)) out.push({ type: 'outfits', id });
  }
  for (const id of entry.clothes) {
    if (!(starred?.type === 'clothes' && starred.id === id)) out.push({ type: 'clothes', id });
  }
  return out;
}

function appendUnique(list: readonly string[], ids: readonly string[]): string[] {
  const out = [...list];
  const seen = new Set(list);
  for (const id of ids) {
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

/** Saving the day picker: adds the chosen items and outfits, each once, after those present. */
export function addToDay(
  calendar: Calendar,
  day: string,
  add: { clothes?: readonly string[]; outfits?: readonly string[] },
): Calendar {
  const entry = calendar[day] ?? { clothes: [], outfits: [] };
  const next: CalendarEntry = {
    ...entry,
    clothes: appendUnique(entry.clothes, add.clothes ?? []),
    outfits: appendUnique(entry.outfits, add.outfits ?? []),
  };
  return withEntry(calendar, day, next);
}

/** Deleting one tile from a day; removing the display item clears it (docs/spec.md §4). */
export function removeFromDay(
  calendar: Calendar,
  day: string,
  type: DayEntryType,
  id: string,
): Calendar {
  const entry = calendar[day];
  if (!entry || !entry[type].includes(id)) return calendar;
  const next: CalendarEntry = { ...entry, [type]: entry[type].filter((x) => x !== id) };
  if (next.displayItem === id) delete next.displayItem;
  return withEntry(calendar, day, next);
}

/**
 * Starring: sets the day's display item, or clears it when it already is that id. Ids not on
 * the day cannot be starred.
 */
export function toggleDisplayItem(calendar: Calendar, day: string, id: string): Calendar {
  const entry = calendar[day];
  if (!entry || (!entry.clothes.includes(id) && !entry.outfits.includes(id))) return calendar;
  const next: CalendarEntry = { ...entry };
  if (next.displayItem === id) delete next.displayItem;
  else next.displayItem = id;
  return { ...calendar, [day]: next };
}

/**
 * Sets the day's display item to `id`, or clears it with `undefined`: the explicit form of the
 * star, for replaying a change whose request failed. Ids not on the day are not set.
 */
export function setDisplayItem(calendar: Calendar, day: string, id: string | undefined): Calendar {
  const entry = calendar[day];
  if (!entry || entry.displayItem === id) return calendar;
  if (id !== undefined && !entry.clothes.includes(id) && !entry.outfits.includes(id))
    return calendar;
  const next: CalendarEntry = { ...entry };
  if (id === undefined) delete next.displayItem;
  else next.displayItem = id;
  return { ...calendar, [day]: next };
}

/** Deleting an item or outfit first takes it off every day (docs/spec.md §4). */
export function removeEverywhere(calendar: Calendar, type: DayEntryType, id: string): Calendar {
  let next = calendar;
  for (const [day, entry] of Object.entries(calendar)) {
    if (entry[type].includes(id)) next = removeFromDay(next, day, type, id);
  }
  return next;
}

/** The id a month cell shows: the display item, else the first outfit, else the first item. */
export function dayThumbnail(entry: CalendarEntry | undefined): DayEntryRef | undefined {
  return orderDayEntries(entry)[0];
}

/** The records behind a day's tiles, in order; ids no longer in the wardrobe are skipped. */
export function resolveDayEntries(
  entry: CalendarEntry | undefined,
  wardrobe: Pick<WardrobeData, 'clothes' | 'outfits'>,
): ({ type: 'clothes'; record: ClothingItem } | { type: 'outfits'; record: Outfit })[] {
  const out: ({ type: 'clothes'; record: ClothingItem } | { type: 'outfits'; record: Outfit })[] =
    [];
  for (const ref of orderDayEntries(entry)) {
    if (ref.type === 'clothes') {
      const record = wardrobe.clothes[ref.id];
      if (record) out.push({ type: 'clothes', record });
    } else {
      const record = wardrobe.outfits[ref.id];
      if (record) out.push({ type: 'outfits', record });
    }
  }
  return out;
}

/**
 * The weeks of a month view starting on the user's week start (0 = Sunday): each week has seven
 * cells, a day key or null for cells outside the month.
 */
export function monthWeeks(year: number, month: number, weekStart: number): (string | null)[][] {
  const first = dayKeyFromParts(year, month, 1);
  const firstNumber = dayNumber(first);
  // 1970-01-01 was a Thursday (4).
  const weekday = (((firstNumber + 4) % 7) + 7) % 7;
  const lead = (weekday - (weekStart % 7) + 7) % 7;
  const count = daysInMonth(year, month);
  const cells: (string | null)[] = new Array<string | null>(lead).fill(null);
  for (let d = 0; d < count; d++) cells.push(dayKeyFromNumber(firstNumber + d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The route of a calendar day: /calendar/{year}/{month}/{day}, month and day zero-padded. */
export function calendarDayPath(day: string): string {
  return `/calendar/${day.slice(0, 4)}/${day.slice(5, 7)}/${day.slice(8, 10)}`;
}

/** The route of a calendar month (month 1-12, zero-padded as the day routes are). */
export function calendarMonthPath(year: number, month: number): string {
  return `/calendar/${year}/${String(month).padStart(2, '0')}`;
}
