import type { ItemFilters } from '@hanger/domain';
import { create } from 'zustand';
import { useSessionStore } from '../../lib/stores/session-store';

export type GroupName = 'wishlist' | 'loaned';

interface GroupFiltersState {
  filters: Record<GroupName, ItemFilters>;
  setFilters: (group: GroupName, filters: ItemFilters) => void;
  reset: (group?: GroupName) => void;
}

const EMPTY: Record<GroupName, ItemFilters> = { wishlist: {}, loaned: {} };

/**
 * The wishlist and loaned screens' filters. They are their own, so filtering a group never changes
 * the Items tab or its count, and they live in memory: kept while moving between a group and an
 * item, gone on reload.
 */
export const useGroupFilters = create<GroupFiltersState>()((set) => ({
  filters: EMPTY,
  setFilters: (group, filters) => set((s) => ({ filters: { ...s.filters, [group]: filters } })),
  reset: (group) => set((s) => ({ filters: group ? { ...s.filters, [group]: {} } : EMPTY })),
}));

// Another person signing in on this tab starts from unfiltered groups.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.uid !== previous.user?.uid) useGroupFilters.getState().reset();
});
