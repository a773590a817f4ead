import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKeyFromNumber,
  dayKeyOf,
  dayNumber,
  daysInMonth,
  isDayKey,
  isLeapYear,
  toDayKey,
} from './day-keys.js';

describe('day keys', () => {
  it('knows leap years by the Gregorian rule', () => {
    expect([2024, 2000, 2400].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 4)).toBe(30);
  });

  it('accepts only real dates', () => {
    expect(isDayKey('2024-02-29')).toBe(true);
    expect(isDayKey('2023-02-29')).toBe(false);
    expect(isDayKey('2024-06-31')).toBe(false);
    expect(isDayKey('24-06-01')).toBe(false);
    expect(isDayKey(20240601)).toBe(false);
  });

  it('steps over a leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
  });

  it('reads the local calendar day of a moment', () => {
    expect(dayKeyOf(new Date(2024, 1, 29, 23, 59))).toBe('2024-02-29');
    expect(dayKeyOf(new Date(2024, 0, 5, 0, 0))).toBe('2024-01-05');
  });

  it('takes the day of a timestamp in local time and keeps a day key as it is', () => {
    const local = new Date(2024, 2, 10, 22, 30);
    expect(toDayKey(local.toISOString())).toBe('2024-03-10');
    expect(toDayKey('2024-03-10')).toBe('2024-03-10');
  });

  it('agrees with the Date calendar and rejects malformed keys', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(dayNumber('2024/02/29')).toBeNaN();
    expect(dayNumber('2024-0a-29')).toBeNaN();
    expect(dayNumber('')).toBeNaN();
  });

  it('converts day numbers both ways for any date', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (n) => {
        const key = dayKeyFromNumber(n);
        return isDayKey(key) && dayNumber(key) === n;
      }),
    );
  });
});
