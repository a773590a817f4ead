import { describe, expect, it } from 'vitest';
import { useClothesFilters, useOutfitsFilters } from './filters-store';
import { UI_PREFS_STORAGE_KEY, useUiPrefsStore } from './ui-prefs-store';

describe('UI preferences', () => {
  it('persist in localStorage under the names of docs/spec.md §3', () => {
    const prefs = useUiPrefsStore.getState();
    prefs.setItemSort('Cost per Wear', 'asc');
    prefs.setItemGridCols(7);
    prefs.setOutfitSort('Total Cost');
    prefs.setOutfitSortDirection('asc');
    prefs.setOutfitGridCols(3);
    const stored = JSON.parse(localStorage.getItem(UI_PREFS_STORAGE_KEY) ?? '{}') as {
      state: unknown;
    };
    expect(stored.state).toEqual({
      itemSortOption: 'Cost per Wear',
      itemSortDirection: 'asc',
      itemGridCols: 7,
      outfitSortOption: 'Total Cost',
      outfitSortDirection: 'asc',
      outfitGridCols: 3,
    });
  });

  it('keep grid columns within 2 to 10, and null means auto', () => {
    const prefs = useUiPrefsStore.getState();
    prefs.setItemGridCols(14);
    expect(useUiPrefsStore.getState().itemGridCols).toBe(10);
    prefs.setItemGridCols(1);
    expect(useUiPrefsStore.getState().itemGridCols).toBe(2);
    prefs.setItemGridCols(null);
    expect(useUiPrefsStore.getState().itemGridCols).toBeNull();
  });
});

describe('filters', () => {
  it('are kept for the session only, under clothesFilters and outfitsFilters', () => {
    useClothesFilters.getState().setFilters({ category: 'shoes', status: 'in closet' });
    useOutfitsFilters.getState().setFilters({ status: 'archived' });
    expect(JSON.parse(sessionStorage.getItem('clothesFilters') ?? '{}').state.filters).toEqual({
      category: 'shoes',
      status: 'in closet',
    });
    expect(JSON.parse(sessionStorage.getItem('outfitsFilters') ?? '{}').state.filters).toEqual({
      status: 'archived',
    });
    expect(localStorage.getItem('clothesFilters')).toBeNull();
  });

  it("go back to 'in closet' on Clear All", () => {
    useClothesFilters.getState().setFilters({ category: 'bag', source: 'gifted' });
    useClothesFilters.getState().reset();
    expect(useClothesFilters.getState().filters).toEqual({ status: 'in closet' });
  });
});
