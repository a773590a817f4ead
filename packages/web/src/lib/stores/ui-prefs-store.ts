import {
  DEFAULT_ITEM_SORT,
  DEFAULT_OUTFIT_SORT,
  DEFAULT_SORT_DIRECTION,
  clampGridCols,
  type ItemSortOption,
  type OutfitSortOption,
  type SortDirection,
} from '@hanger/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The UI preferences of docs/spec.md §3, under the spec's names; grid columns null means 'auto'. */
export interface UiPrefs {
  itemSortOption: ItemSortOption;
  itemSortDirection: SortDirection;
  itemGridCols: number | null;
  outfitSortOption: OutfitSortOption;
  outfitSortDirection: SortDirection;
  outfitGridCols: number | null;
}

interface UiPrefsState extends UiPrefs {
  setItemSort: (option: ItemSortOption, direction?: SortDirection) => void;
  setItemSortDirection: (direction: SortDirection) => void;
  /** 2–10, or null for the responsive default. */
  setItemGridCols: (cols: number | null) => void;
  setOutfitSort: (option: OutfitSortOption, direction?: SortDirection) => void;
  setOutfitSortDirection: (direction: SortDirection) => void;
  setOutfitGridCols: (cols: number | null) => void;
  reset: () => void;
}

export const DEFAULT_UI_PREFS: UiPrefs = {
  itemSortOption: DEFAULT_ITEM_SORT,
  itemSortDirection: DEFAULT_SORT_DIRECTION,
  itemGridCols: null,
  outfitSortOption: DEFAULT_OUTFIT_SORT,
  outfitSortDirection: DEFAULT_SORT_DIRECTION,
  outfitGridCols: null,
};

export const UI_PREFS_STORAGE_KEY = 'hanger-ui-preferences';

const cols = (value: number | null) => (value === null ? null : (clampGridCols(value) ?? null));

export const useUiPrefsStore = create<UiPrefsState>()(
  persist(
    (set) => ({
      ...DEFAULT_UI_PREFS,
      setItemSort: (itemSortOption, direction) =>
        set((s) => ({ itemSortOption, itemSortDirection: direction ?? s.itemSortDirection })),
      setItemSortDirection: (itemSortDirection) => set({ itemSortDirection }),
      setItemGridCols: (value) => set({ itemGridCols: cols(value) }),
      setOutfitSort: (outfitSortOption, direction) =>
        set((s) => ({ outfitSortOption, outfitSortDirection: direction ?? s.outfitSortDirection })),
      setOutfitSortDirection: (outfitSortDirection) => set({ outfitSortDirection }),
      setOutfitGridCols: (value) => set({ outfitGridCols: cols(value) }),
      reset: () => set(DEFAULT_UI_PREFS),
    }),
    {
      name: UI_PREFS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): UiPrefs => ({
        itemSortOption: s.itemSortOption,
        itemSortDirection: s.itemSortDirection,
        itemGridCols: s.itemGridCols,
        outfitSortOption: s.outfitSortOption,
        outfitSortDirection: s.outfitSortDirection,
        outfitGridCols: s.outfitGridCols,
      }),
      version: 1,
    },
  ),
);
