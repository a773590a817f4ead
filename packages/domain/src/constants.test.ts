import { describe, expect, it } from 'vitest';
import {
  clampGridCols,
  requestTimeoutMs,
  pickerGridCols,
  responsiveGridCols,
  SUCCESS_TOASTS,
  TOAST_DURATIONS,
  toastAutoDismisses,
} from './constants.js';

describe('constants of docs/spec.md §9', () => {
  it('dismiss toasts by type, never when the duration is 0 or less', () => {
    expect(TOAST_DURATIONS).toEqual({ success: 4000, info: 5000, warning: 6000, error: 8000 });
    expect(toastAutoDismisses(0)).toBe(false);
    expect(toastAutoDismisses(-1)).toBe(false);
    expect(toastAutoDismisses(4000)).toBe(true);
  });

  it('clamp grid columns to 2..10 and keep auto', () => {
    expect(clampGridCols(1)).toBe(2);
    expect(clampGridCols(11)).toBe(10);
    expect(clampGridCols(6.4)).toBe(6);
    expect(clampGridCols(undefined)).toBeUndefined();
  });

  it('default to 2/3/4/5 grid columns by viewport width', () => {
    expect(responsiveGridCols(320)).toBe(2);
    expect(responsiveGridCols(639)).toBe(2);
    expect(responsiveGridCols(640)).toBe(3);
    expect(responsiveGridCols(767)).toBe(3);
    expect(responsiveGridCols(768)).toBe(4);
    expect(responsiveGridCols(1023)).toBe(4);
    expect(responsiveGridCols(1024)).toBe(5);
    expect(responsiveGridCols(2560)).toBe(5);
  });

  it('give the item picker 3 columns on phones up to 7 on very wide screens', () => {
    const widths = [320, 639, 640, 768, 1024, 1535, 1536, 3840];
    expect(widths.map(pickerGridCols)).toEqual([3, 3, 4, 5, 6, 6, 7, 7]);
  });

  it('time out requests after 30 s on desktop and 60 s on mobile', () => {
    expect(requestTimeoutMs(false)).toBe(30_000);
    expect(requestTimeoutMs(true)).toBe(60_000);
  });

  it('name the success toasts of docs/spec.md §8', () => {
    expect(Object.values(SUCCESS_TOASTS)).toContain('Calendar item deleted successfully');
  });
});
