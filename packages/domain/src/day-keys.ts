/**
 * `YYYY-MM-DD` day keys: the calendar's keys and the format of dateObtained / dateArchived.
 * Keys compare correctly as strings, and convert to a day number (days since 1970-01-01) for
 * arithmetic without touching time zones.
 */

const DAY_KEY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True for a well-formed key naming a real date (2024-02-29 yes, 2023-02-29 no). */
export function isDayKey(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY_KEY_PATTERN.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Day key from calendar parts (month 1-12). */
export function dayKeyFromParts(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The local calendar day of a moment, as a key. */
export function dayKeyOf(date: Date): string {
  return dayKeyFromParts(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

const ZERO = 48;

function digits(key: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = key.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Days since 1970-01-01 for a day key; NaN when the key is malformed. Computed with integer
 * arithmetic (the proleptic Gregorian "days from civil" formula) because stats call it for every
 * item and every wear, and a Date per call would dominate their cost.
 */
export function dayNumber(key: string): number {
  if (key.length < 10 || key.charCodeAt(4) !== 45 || key.charCodeAt(7) !== 45) return Number.NaN;
  let y = digits(key, 0, 4);
  const m = digits(key, 5, 7);
  const d = digits(key, 8, 10);
  if (Number.isNaN(y + m + d)) return Number.NaN;
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The day key for a day number (inverse of dayNumber). */
export function dayKeyFromNumber(n: number): string {
  const d = new Date(n * MS_PER_DAY);
  return dayKeyFromParts(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Shift a day key by whole days. */
export function addDays(key: string, days: number): string {
  return dayKeyFromNumber(dayNumber(key) + days);
}

/**
 * Day key of an ISO timestamp or a day key. A timestamp is read in local time, because the day
 * something was created is the day the user saw on their clock.
 */
export function toDayKey(value: string): string {
  if (DAY_KEY_PATTERN.test(value)) return value;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value.slice(0, 10) : dayKeyOf(d);
}
