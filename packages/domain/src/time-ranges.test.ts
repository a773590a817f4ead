import { describe, expect, it } from 'vitest';
import { at } from './testing/fixtures.js';
import { isInTimeRange, subtractMonths, timeRangeStart, TIME_RANGES } from './time-ranges.js';

describe('timeRangeStart', () => {
  const now = at('2024-08-31', 12);

  it('has the five ranges of the stats screen', () => {
    expect(TIME_RANGES).toEqual(['all', 'thisYear', 'last12Months', 'last6Months', 'last3Months']);
  });

  it('has no start for all', () => {
    expect(timeRangeStart('all', now)).toBeUndefined();
  });

  it('starts this year on 1 January', () => {
    expect(timeRangeStart('thisYear', now)).toBe('2024-01-01');
  });

  it('subtracts a year and months by the calendar', () => {
    expect(timeRangeStart('last12Months', now)).toBe('2023-08-31');
    expect(timeRangeStart('last6Months', now)).toBe('2024-02-29');
    expect(timeRangeStart('last3Months', now)).toBe('2024-05-31');
  });

  it('clamps a leap day one year back to 28 February', () => {
    expect(timeRangeStart('last12Months', at('2024-02-29'))).toBe('2023-02-28');
    expect(subtractMonths('2023-03-31', 1)).toBe('2023-02-28');
    expect(subtractMonths('2024-01-15', 3)).toBe('2023-10-15');
  });

  it('uses the wear day, so 1 January before 05:00 still belongs to last year', () => {
    expect(timeRangeStart('thisYear', at('2025-01-01', 3))).toBe('2024-01-01');
  });
});

describe('isInTimeRange', () => {
  const now = at('2024-08-31', 12);

  it('includes the first day and today, not the day before or after', () => {
    expect(isInTimeRange('2024-05-31', 'last3Months', now)).toBe(true);
    expect(isInTimeRange('2024-05-30', 'last3Months', now)).toBe(false);
    expect(isInTimeRange('2024-08-31', 'last3Months', now)).toBe(true);
    expect(isInTimeRange('2024-09-01', 'last3Months', now)).toBe(false);
  });

  it('puts everything, even a missing day, in all', () => {
    expect(isInTimeRange(undefined, 'all', now)).toBe(true);
    expect(isInTimeRange(undefined, 'thisYear', now)).toBe(false);
  });
});
