import { orderDayEntries } from './calendar-day.js';
import { addDays, isDayKey } from './day-keys.js';
import { subcategoryName } from './subcategories.js';
import type { ClothingItem, Settings, WardrobeData } from './types.js';
import { countsAsWorn } from './wear-day.js';

/**
 * The wear calendar as an iCalendar feed (RFC 5545) a phone calendar subscribes to: one all-day
 * event per day that has something on it, saying what was worn (days up to today) or is planned
 * (later days). Items have no names, so each is called by its subcategory, else its category, with
 * its brand. The feed names things only: no photo links, which would outlive a revoked feed URL.
 */

/** Longest content line in octets, CRLF excluded (RFC 5545 §3.1). */
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const utf8 = new TextEncoder();

/**
 * Folds a content line into lines of at most 75 octets, each continuation starting with one space
 * (RFC 5545 §3.1). A line is only broken between characters, never inside a UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  if (utf8.encode(line).length <= MAX_LINE_OCTETS) return `${line}\r\n`;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; continuations 74 after their leading space.
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return `${parts.join('\r\n ')}\r\n`;
}

/** `YYYY-MM-DD` as an iCalendar DATE, `YYYYMMDD`. */
function icsDate(day: string): string {
  return day.replace(/-/g, '');
}

/** A moment as an iCalendar UTC DATE-TIME, e.g. `20250102T030405Z`. */
export function icsDateTime(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** What an item is called where a name is needed: subcategory (else category), then brand. */
export function itemDisplayName(item: ClothingItem, settings: Settings): string {
  const kind = subcategoryName(item, settings) ?? item.category;
  const brand = item.brand?.trim();
  return brand ? `${kind} (${brand})` : kind;
}

export interface CalendarIcsOptions {
  /** The moment of the feed: DTSTAMP, and which days count as worn rather than planned. */
  now?: Date;
  /**
   * Makes each event's UID unique to this account without naming it (e.g. a hash of the user id).
   * A day keeps the same UID on every fetch, so calendars update the event instead of adding one.
   */
  uidSuffix: string;
  /** Calendar name shown by subscribing apps. */
  calendarName?: string;
}

interface DayLines {
  summary: string;
  description: string[];
}

/** What one day says, or undefined when nothing on it still exists. */
function describeDay(
  wardrobe: WardrobeData,
  settings: Settings,
  day: string,
  now: Date,
): DayLines | undefined {
  const entries = orderDayEntries(wardrobe.calendar[day]);
  const names: string[] = [];
  const description: string[] = [];
  const seen = new Set<string>();
  const addName = (name: string, key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    names.push(name);
  };
  for (const entry of entries) {
    if (entry.type === 'outfits') {
      const outfit = wardrobe.outfits[entry.id];
      if (!outfit) continue;
      const itemNames: string[] = [];
      for (const placed of outfit.canvasData) {
        const item = wardrobe.clothes[placed.clothingId];
        if (!item) continue;
        const name = itemDisplayName(item, settings);
        itemNames.push(name);
        addName(name, item.id);
      }
      if (itemNames.length === 0) addName('Outfit', outfit.id);
      description.push(itemNames.length > 0 ? `Outfit: ${itemNames.join(', ')}` : 'Outfit');
    } else {
      const item = wardrobe.clothes[entry.id];
      if (!item) continue;
      const name = itemDisplayName(item, settings);
      addName(name, item.id);
      description.push(name);
    }
  }
  if (description.length === 0) return undefined;
  const verb = countsAsWorn(day, now) ? 'Worn' : 'Planned';
  return { summary: `${verb}: ${names.join(', ')}`, description };
}

/** The whole feed as text with CRLF line ends. */
export function calendarIcs(
  wardrobe: WardrobeData,
  settings: Settings,
  options: CalendarIcsOptions,
): string {
  const now = options.now ?? new Date();
  const stamp = icsDateTime(now);
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hanger//Wardrobe calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(options.calendarName ?? 'Hanger: what I wore')}`,
    // Ask subscribing apps to look again every few hours (Apple and Google honour one of these).
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
  const days = Object.keys(wardrobe.calendar).filter(isDayKey).sort();
  for (const day of days) {
    const described = describeDay(wardrobe, settings, day, now);
    if (!described) continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${day}-${options.uidSuffix}@hanger`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(day)}`,
      `DTEND;VALUE=DATE:${icsDate(addDays(day, 1))}`,
      `SUMMARY:${escapeIcsText(described.summary)}`,
      `DESCRIPTION:${escapeIcsText(described.description.join('\n'))}`,
      // All-day notes, not appointments: they do not make the day look busy.
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join('');
}
