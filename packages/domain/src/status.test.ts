import { describe, expect, it } from 'vitest';
import {
  isItemStatus,
  isOutfitStatus,
  itemStatus,
  itemStatusLabel,
  outfitStatus,
  outfitStatusLabel,
} from './status.js';

describe('statuses', () => {
  it("read a missing item status as clothes, shown as 'in closet'", () => {
    expect(itemStatus(undefined)).toBe('clothes');
    expect(itemStatus('')).toBe('clothes');
    expect(itemStatus(null)).toBe('clothes');
    expect(itemStatusLabel(undefined)).toBe('in closet');
    expect(itemStatusLabel('loaned')).toBe('loaned');
  });

  it('read a missing outfit status as outfits', () => {
    expect(outfitStatus(undefined)).toBe('outfits');
    expect(outfitStatusLabel(undefined)).toBe('in closet');
    expect(outfitStatusLabel('wishlist')).toBe('wishlist');
  });

  it('know which statuses exist for which record', () => {
    expect(isItemStatus('loaned')).toBe(true);
    expect(isOutfitStatus('loaned')).toBe(false);
    expect(isOutfitStatus('outfits')).toBe(true);
  });
});
