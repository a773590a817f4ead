import { describe, expect, it } from 'vitest';
import { at } from './testing/fixtures.js';
import { countsAsWorn, daysBetween, daysInclusive, wearDayKey } from './wear-day.js';

describe('wearDayKey: before 05:00 today is still yesterday', () => {
  it('is the previous day at 04:59', () => {
    expect(wearDayKey(at('2024-03-10', 4, 59))).toBe('2024-03-09');
  });

  it('is the day itself from 05:00', () => {
    expect(wearDayKey(at('2024-03-10', 5, 0))).toBe('2024-03-10');
  });

  it('crosses a year and a leap day', () => {
    expect(wearDayKey(at('2024-01-01', 1))).toBe('2023-12-31');
    expect(wearDayKey(at('2024-03-01', 0, 30))).toBe('2024-02-29');
  });
});

describe('countsAsWorn', () => {
  it('counts today and earlier days', () => {
    const now = at('2024-03-10', 9);
    expect(countsAsWorn('2024-03-10', now)).toBe(true);
    expect(countsAsWorn('2023-12-01', now)).toBe(true);
  });

  it('does not count a future-dated entry', () => {
    expect(countsAsWorn('2024-03-11', at('2024-03-10', 23, 59))).toBe(false);
  });

  it("does not count today's entry before 05:00", () => {
    expect(countsAsWorn('2024-03-10', at('2024-03-10', 4, 59))).toBe(false);
    expect(countsAsWorn('2024-03-09', at('2024-03-10', 4, 59))).toBe(true);
  });
});

describe('daysInclusive', () => {
  it('counts both ends', () => {
    expect(daysInclusive('2024-03-10', '2024-03-10')).toBe(1);
    expect(daysInclusive('2024-03-01', '2024-03-31')).toBe(31);
  });

  it('includes a leap day', () => {
    expect(daysInclusive('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysInclusive('2023-02-28', '2023-03-01')).toBe(2);
    expect(daysInclusive('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('is 0 when the start is after the end', () => {
    expect(daysInclusive('2024-03-11', '2024-03-10')).toBe(0);
  });

  it('measures whole days between two keys', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2024-03-01', '2024-03-01')).toBe(0);
  });
});
