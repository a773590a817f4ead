import { describe, expect, it } from 'vitest';
import { monthWeeks, setDisplayItem } from './calendar-day.js';
import {
  idsOnDay,
  isCalendarDayKey,
  monthGrid,
  monthOfDay,
  parseCalendarRoute,
  shiftMonth,
  weekdayOrder,
} from './calendar-month.js';
import { dayNumber, daysInMonth } from './day-keys.js';
import { at, day, item, outfit, wardrobe } from './testing/fixtures.js';

/** Weekday of a day key, 0 = Sunday, independent of the code under test. */
function weekdayOf(key: string): number {
  return new Date(`${key}T12:00:00Z`).getUTCDay();
}

const MONTHS: [number, number][] = [
  [2024, 2], // leap February, starts on a Thursday
  [2023, 2], // 28 days starting on a Wednesday: exactly four weeks from a Wednesday start
  [2024, 9], // starts on a Sunday
  [2024, 6], // starts on a Saturday, 30 days: six rows from a Sunday start
  [2025, 12],
  [2026, 3],
];

describe('monthWeeks at every week start', () => {
  for (let weekStart = 0; weekStart <= 6; weekStart++) {
    it(`puts every day under its weekday when weeks start on day ${weekStart}`, () => {
      for (const [year, month] of MONTHS) {
        const weeks = monthWeeks(year, month, weekStart);
        const cells = weeks.flat();
        // Whole weeks, at most six, none of them empty.
        expect(cells.length % 7).toBe(0);
        expect(weeks.length).toBeGreaterThanOrEqual(4);
        expect(weeks.length).toBeLessThanOrEqual(6);
        for (const week of weeks) expect(week.some((c) => c !== null)).toBe(true);
        // Every day of the month once, in order, without gaps.
        const days = cells.filter((c): c is string => c !== null);
        expect(days).toHaveLength(daysInMonth(year, month));
        for (let i = 1; i < days.length; i++)
          expect(dayNumber(days[i]!) - dayNumber(days[i - 1]!)).toBe(1);
        expect(cells.indexOf(days[0]!)).toBeLessThan(7);
        // Column c holds weekday (weekStart + c) % 7.
        cells.forEach((c, i) => {
          if (c !== null) expect(weekdayOf(c)).toBe((weekStart + (i % 7)) % 7);
        });
      }
    });
  }

  it('starts February 2024 (a Thursday) in the right column for each week start', () => {
    // Column of the 1st = (Thursday - weekStart) mod 7.
    const expected = [4, 3, 2, 1, 0, 6, 5];
    for (let weekStart = 0; weekStart <= 6; weekStart++) {
      expect(monthWeeks(2024, 2, weekStart)[0]!.indexOf('2024-02-01')).toBe(expected[weekStart]);
    }
  });

  it('fills exactly four rows when a 28-day February starts on the week start', () => {
    // 1 February 2026 is a Sunday.
    expect(monthWeeks(2026, 2, 0)).toHaveLength(4);
    expect(monthWeeks(2026, 2, 1)).toHaveLength(5);
  });

  it('orders the weekday headers from the week start', () => {
    expect(weekdayOrder(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdayOrder(6)).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(weekdayOrder(8)).toEqual(weekdayOrder(1));
    expect(weekdayOrder(-1)).toEqual(weekdayOrder(6));
  });
});

describe('monthGrid', () => {
  const data = wardrobe(
    [item('tee'), item('jeans'), item('coat')],
    [outfit('look', ['tee', 'jeans'])],
    {
      '2024-03-01': day(['tee'], ['look'], 'tee'),
      '2024-03-09': day(['jeans', 'gone']),
      '2024-03-10': day(['coat']),
      '2024-03-20': day([], ['look']),
      '2024-03-21': day(['gone']),
    },
  );

  function cell(grid: ReturnType<typeof monthGrid>, key: string) {
    return grid.weeks.flat().find((c) => c?.day === key);
  }

  it('covers each day with its display item, else the first outfit, and counts what it holds', () => {
    const grid = monthGrid(data, { year: 2024, month: 3 }, 1, at('2024-03-15', 12));
    expect(cell(grid, '2024-03-01')).toMatchObject({
      date: 1,
      count: 2,
      cover: { type: 'clothes', record: { id: 'tee' } },
    });
    expect(cell(grid, '2024-03-20')?.cover).toMatchObject({
      type: 'outfits',
      record: { id: 'look' },
    });
    // Deleted ids are neither the cover nor counted.
    expect(cell(grid, '2024-03-09')).toMatchObject({
      count: 1,
      cover: { record: { id: 'jeans' } },
    });
    expect(cell(grid, '2024-03-21')?.count).toBe(0);
    expect(cell(grid, '2024-03-21')?.cover).toBeUndefined();
  });

  it('marks today and plans by the wear-day rule the stats use', () => {
    const noon = monthGrid(data, { year: 2024, month: 3 }, 0, at('2024-03-10', 12));
    expect(cell(noon, '2024-03-10')).toMatchObject({ today: true, planned: false });
    expect(cell(noon, '2024-03-20')).toMatchObject({ today: false, planned: true });
    expect(noon.wornDays).toBe(3);
    expect(noon.plannedDays).toBe(1);

    // At 04:30 it is still the 9th: the 10th's entry is a plan, not a wear.
    const night = monthGrid(data, { year: 2024, month: 3 }, 0, at('2024-03-10', 4, 30));
    expect(cell(night, '2024-03-09')?.today).toBe(true);
    expect(cell(night, '2024-03-10')).toMatchObject({ today: false, planned: true });
    expect(night.wornDays).toBe(2);
    expect(night.plannedDays).toBe(2);

    const morning = monthGrid(data, { year: 2024, month: 3 }, 0, at('2024-03-10', 5, 30));
    expect(cell(morning, '2024-03-10')).toMatchObject({ today: true, planned: false });
  });

  it('uses the week start for the columns', () => {
    const grid = monthGrid(data, { year: 2024, month: 3 }, 1, at('2024-03-10'));
    expect(grid.weekdays[0]).toBe(1);
    // 1 March 2024 is a Friday: fifth column from Monday.
    expect(grid.weeks[0]!.findIndex((c) => c?.day === '2024-03-01')).toBe(4);
  });
});

describe('month arithmetic', () => {
  it('shifts across years', () => {
    expect(shiftMonth({ year: 2024, month: 1 }, -1)).toEqual({ year: 2023, month: 12 });
    expect(shiftMonth({ year: 2024, month: 12 }, 1)).toEqual({ year: 2025, month: 1 });
    expect(shiftMonth({ year: 2024, month: 5 }, -17)).toEqual({ year: 2022, month: 12 });
    expect(monthOfDay('2024-02-29')).toEqual({ year: 2024, month: 2 });
  });
});

describe('parseCalendarRoute', () => {
  it('reads months and days and gives their zero-padded address', () => {
    expect(parseCalendarRoute({ year: '2024', month: '3' })).toEqual({
      kind: 'month',
      year: 2024,
      month: 3,
      canonical: '/calendar/2024/03',
    });
    expect(parseCalendarRoute({ year: '2024', month: '02', day: '29' })).toEqual({
      kind: 'day',
      day: '2024-02-29',
      canonical: '/calendar/2024/02/29',
    });
  });

  it('sends an unknown year or month to no month, and a day that does not exist to its month', () => {
    for (const params of [
      { year: '2024', month: '13' },
      { year: '2024', month: '0' },
      { year: 'abcd', month: '03' },
      { year: '999', month: '03' },
      { year: '20245', month: '03' },
      { year: '2024', month: '-1' },
      { year: '2024', month: '1e1', day: '01' },
      {},
    ]) {
      expect(parseCalendarRoute(params)).toEqual({ kind: 'invalid', fallback: null });
    }
    expect(parseCalendarRoute({ year: '2023', month: '02', day: '29' })).toEqual({
      kind: 'invalid',
      fallback: { year: 2023, month: 2 },
    });
    expect(parseCalendarRoute({ year: '2024', month: '04', day: 'x' })).toMatchObject({
      fallback: { year: 2024, month: 4 },
    });
    expect(parseCalendarRoute({ year: '2024', month: '04', day: '0' }).kind).toBe('invalid');
  });

  it('opens exactly the days isCalendarDayKey accepts (the days the server logs on)', () => {
    for (const key of ['0000-01-01', '0001-01-01', '0999-12-31', '1000-01-01', '9999-12-31']) {
      const route = parseCalendarRoute({
        year: key.slice(0, 4),
        month: key.slice(5, 7),
        day: key.slice(8, 10),
      });
      expect(route.kind === 'day', key).toBe(isCalendarDayKey(key));
    }
    expect(isCalendarDayKey('1000-01-01')).toBe(true);
    expect(isCalendarDayKey('9999-12-31')).toBe(true);
    expect(isCalendarDayKey('0999-12-31')).toBe(false);
    expect(isCalendarDayKey('2023-02-29')).toBe(false);
    expect(isCalendarDayKey(20240101)).toBe(false);
  });
});

describe('day helpers', () => {
  it('lists what is already on a day', () => {
    const ids = idsOnDay({ '2024-03-01': day(['a'], ['o']) }, '2024-03-01');
    expect([...ids.clothes]).toEqual(['a']);
    expect([...ids.outfits]).toEqual(['o']);
    expect(idsOnDay({}, '2024-03-01').clothes.size).toBe(0);
  });

  it('sets or clears the star explicitly, only for ids on the day', () => {
    const cal = { d: day(['a'], ['o']) };
    expect(setDisplayItem(cal, 'd', 'o').d?.displayItem).toBe('o');
    expect(setDisplayItem(setDisplayItem(cal, 'd', 'o'), 'd', 'o').d?.displayItem).toBe('o');
    expect(setDisplayItem({ d: day(['a'], [], 'a') }, 'd', undefined).d).toEqual(day(['a']));
    expect(setDisplayItem(cal, 'd', 'stranger')).toBe(cal);
    expect(setDisplayItem(cal, 'nope', 'a')).toBe(cal);
  });
});
