import {
  DEFAULT_ITEM_FILTERS,
  DEFAULT_ITEM_SORT,
  DEFAULT_SORT_DIRECTION,
  type ItemFilters,
  type ItemSortOption,
  type SortDirection,
} from '@hanger/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSessionStore } from '../../lib/stores/session-store';

/**
 * The item picker's filters and sort, kept apart from the Items tab's (docs/spec.md §3: the
 * picker's filters persist under their own local key). Status starts at 'in closet'.
 */

interface PickerPrefsState {
  filters: ItemFilters;
  sortOption: ItemSortOption;
  sortDirection: SortDirection;
  setFilters: (filters: ItemFilters) => void;
  /** 'Clear All': back to 'in closet' and no other filter. */
  clearFilters: () => void;
  setSortOption: (option: ItemSortOption) => void;
  setSortDirection: (direction: SortDirection) => void;
  reset: () => void;
}

export const PICKER_PREFS_KEY = 'itemPickerFilters';

const DEFAULTS = {
  filters: { ...DEFAULT_ITEM_FILTERS },
  sortOption: DEFAULT_ITEM_SORT,
  sortDirection: DEFAULT_SORT_DIRECTION,
};

export const usePickerPrefs = create<PickerPrefsState>()(
  persist(
    (set) => ({
      ...DEFAULTS,
      setFilters: (filters) => set({ filters }),
      clearFilters: () => set({ filters: { ...DEFAULT_ITEM_FILTERS } }),
      setSortOption: (sortOption) => set({ sortOption }),
      setSortDirection: (sortDirection) => set({ sortDirection }),
      reset: () => set({ ...DEFAULTS, filters: { ...DEFAULT_ITEM_FILTERS } }),
    }),
    {
      name: PICKER_PREFS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        filters: s.filters,
        sortOption: s.sortOption,
        sortDirection: s.sortDirection,
      }),
      version: 1,
    },
  ),
);

// Nothing of one user stays behind for the next: signing out forgets the picker's choices too.
useSessionStore.subscribe((state, previous) => {
  if (previous.user && !state.user) {
    usePickerPrefs.getState().reset();
    usePickerPrefs.persist.clearStorage();
  }
});
