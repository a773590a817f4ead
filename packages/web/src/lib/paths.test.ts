import { describe, expect, it } from 'vitest';
import { currentCalendarPath } from './paths';

describe('currentCalendarPath', () => {
  it('opens the month of today', () => {
    expect(currentCalendarPath(new Date(2026, 10, 28, 9, 0))).toBe('/calendar/2026/11');
  });

  it('before 05:00 on the first of a month, opens the month before, where today still is', () => {
    expect(currentCalendarPath(new Date(2027, 0, 1, 3, 0))).toBe('/calendar/2026/12');
    expect(currentCalendarPath(new Date(2027, 0, 1, 5, 0))).toBe('/calendar/2027/01');
  });
});
