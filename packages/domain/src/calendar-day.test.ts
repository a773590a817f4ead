import { describe, expect, it } from 'vitest';
import {
  addToDay,
  calendarDayPath,
  dayThumbnail,
  monthWeeks,
  orderDayEntries,
  removeEverywhere,
  removeFromDay,
  resolveDayEntries,
  toggleDisplayItem,
} from './calendar-day.js';
import { day, item, outfit } from './testing/fixtures.js';
import type { Calendar } from './types.js';

describe('orderDayEntries', () => {
  it('puts the display item first, then outfits, then clothes', () => {
    expect(orderDayEntries(day(['c1', 'c2'], ['o1', 'o2'], 'c2'))).toEqual([
      { type: 'clothes', id: 'c2' },
      { type: 'outfits', id: 'o1' },
      { type: 'outfits', id: 'o2' },
      { type: 'clothes', id: 'c1' },
    ]);
    expect(orderDayEntries(day(['c1'], ['o1']))).toEqual([
      { type: 'outfits', id: 'o1' },
      { type: 'clothes', id: 'c1' },
    ]);
  });

  it('ignores a display item that is not on the day', () => {
    expect(orderDayEntries(day(['c1'], [], 'gone'))).toEqual([{ type: 'clothes', id: 'c1' }]);
    expect(orderDayEntries(undefined)).toEqual([]);
  });
});

describe('day updates', () => {
  const calendar: Calendar = { '2024-03-01': day(['a'], ['o'], 'a') };

  it('adds chosen items and outfits once each, creating the day if needed', () => {
    const next = addToDay(calendar, '2024-03-01', { clothes: ['a', 'b', 'b'], outfits: ['p'] });
    expect(next['2024-03-01']).toEqual(day(['a', 'b'], ['o', 'p'], 'a'));
    expect(addToDay({}, '2024-02-29', { outfits: ['o'] })).toEqual({
      '2024-02-29': day([], ['o']),
    });
    expect(calendar['2024-03-01']).toEqual(day(['a'], ['o'], 'a'));
  });

  it('removes one entry and clears the display item when it was that entry', () => {
    expect(removeFromDay(calendar, '2024-03-01', 'clothes', 'a')).toEqual({
      '2024-03-01': day([], ['o']),
    });
    expect(removeFromDay(calendar, '2024-03-01', 'outfits', 'o')).toEqual({
      '2024-03-01': day(['a'], [], 'a'),
    });
  });

  it('drops a day left empty and ignores ids not on it', () => {
    const single: Calendar = { '2024-03-02': day(['x']) };
    expect(removeFromDay(single, '2024-03-02', 'clothes', 'x')).toEqual({});
    expect(removeFromDay(single, '2024-03-02', 'outfits', 'x')).toBe(single);
  });

  it('toggles the star', () => {
    const starred = toggleDisplayItem(calendar, '2024-03-01', 'o');
    expect(starred['2024-03-01']?.displayItem).toBe('o');
    expect(toggleDisplayItem(starred, '2024-03-01', 'o')['2024-03-01']).toEqual(day(['a'], ['o']));
    expect(toggleDisplayItem(calendar, '2024-03-01', 'stranger')).toBe(calendar);
  });

  it('removes a deleted item from every day', () => {
    const cal: Calendar = { d1: day(['a', 'b']), d2: day(['a'], [], 'a'), d3: day([], ['o']) };
    expect(removeEverywhere(cal, 'clothes', 'a')).toEqual({ d1: day(['b']), d3: day([], ['o']) });
  });
});

describe('month view helpers', () => {
  it('shows the display item, else the first outfit, else the first item', () => {
    expect(dayThumbnail(day(['c'], ['o'], 'c'))).toEqual({ type: 'clothes', id: 'c' });
    expect(dayThumbnail(day(['c'], ['o']))).toEqual({ type: 'outfits', id: 'o' });
    expect(dayThumbnail(day(['c']))).toEqual({ type: 'clothes', id: 'c' });
    expect(dayThumbnail(undefined)).toBeUndefined();
  });

  it('lays out weeks from the week start', () => {
    // February 2024 starts on a Thursday and has 29 days.
    const sunday = monthWeeks(2024, 2, 0);
    expect(sunday[0]).toEqual([null, null, null, null, '2024-02-01', '2024-02-02', '2024-02-03']);
    expect(sunday.flat().filter(Boolean)).toHaveLength(29);
    const monday = monthWeeks(2024, 2, 1);
    expect(monday[0]).toEqual([
      null,
      null,
      null,
      '2024-02-01',
      '2024-02-02',
      '2024-02-03',
      '2024-02-04',
    ]);
    expect(monday.at(-1)).toEqual([
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      null,
      null,
      null,
    ]);
  });

  it('builds zero-padded day routes', () => {
    expect(calendarDayPath('2024-03-05')).toBe('/calendar/2024/03/05');
  });

  it('resolves tiles to records, skipping deleted ids', () => {
    const resolved = resolveDayEntries(day(['a', 'gone'], ['o']), {
      clothes: { a: item('a') },
      outfits: { o: outfit('o', ['a']) },
    });
    expect(resolved.map((r) => `${r.type}:${r.record.id}`)).toEqual(['outfits:o', 'clothes:a']);
  });
});
