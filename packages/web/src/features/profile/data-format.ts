import { formatStatNumber } from '@hanger/domain';

/** Words and numbers of the "Your data" screens, in the user's locale. */

/** "1,204" as the locale groups digits. */
export function formatCount(n: number, locale: string): string {
  return formatStatNumber(n, locale, 0);
}

/** "1 item", "1,204 calendar days": the count grouped as the locale groups digits. */
export function countOf(n: number, one: string, many: string, locale: string): string {
  return `${formatCount(n, locale)} ${n === 1 ? one : many}`;
}

/** "a, b and c" (Intl.ListFormat where the locale has it). */
export function listOf(parts: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
  } catch {
    return parts.join(', ');
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "840 kB", "12.4 MB", "1.2 GB" (decimal units, as operating systems show file sizes). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const options: Intl.NumberFormatOptions = {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit <= 1 || value >= 100 ? 0 : 1,
  };
  try {
    return new Intl.NumberFormat(locale, options).format(value);
  } catch {
    return new Intl.NumberFormat('en', options).format(value);
  }
}

/** "38 %" as the locale writes a share of 0 to 1. */
export function formatShare(share: number, locale: string): string {
  const options: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 0 };
  const clamped = Math.min(1, Math.max(0, share));
  try {
    return new Intl.NumberFormat(locale, options).format(clamped);
  } catch {
    return new Intl.NumberFormat('en', options).format(clamped);
  }
}

/** A moment as a date the locale reads ("23 Nov 2026"), or null when it cannot be read. */
export function formatDate(iso: string | null, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}
