import {
  DEFAULT_ITEM_FILTERS,
  DEFAULT_OUTFIT_FILTERS,
  type ItemFilters,
  type OutfitFilters,
} from '@hanger/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The Items and Outfits views' filters, kept for the browser session only (docs/spec.md §4) under
 * the keys clothesFilters and outfitsFilters: a new visit starts from the defaults.
 */

interface FiltersState<F> {
  filters: F;
  setFilters: (filters: F) => void;
  /** 'Clear All': back to the defaults ('in closet'). */
  reset: () => void;
}

function filtersStore<F extends object>(name: string, defaults: Readonly<F>) {
  return create<FiltersState<F>>()(
    persist(
      (set) => ({
        filters: { ...defaults },
        setFilters: (filters) => set({ filters }),
        reset: () => set({ filters: { ...defaults } }),
      }),
      {
        name,
        storage: createJSONStorage(() => sessionStorage),
        partialize: (s) => ({ filters: s.filters }),
        version: 1,
      },
    ),
  );
}

export const CLOTHES_FILTERS_KEY = 'clothesFilters';
export const OUTFITS_FILTERS_KEY = 'outfitsFilters';

export const useClothesFilters = filtersStore<ItemFilters>(
  CLOTHES_FILTERS_KEY,
  DEFAULT_ITEM_FILTERS,
);
export const useOutfitsFilters = filtersStore<OutfitFilters>(
  OUTFITS_FILTERS_KEY,
  DEFAULT_OUTFIT_FILTERS,
);
