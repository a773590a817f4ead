import type { WardrobeData } from '@hanger/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { idbPersistStorage } from './idb-storage';

interface WardrobeState {
  /** Null until the first load on this device (or after sign-out). */
  data: WardrobeData | null;
  /** When the server last answered GET users, ISO timestamp. */
  syncedAt: string | null;
  /** IndexedDB has been read: `data` is what this device knows. */
  hydrated: boolean;
  setData: (data: WardrobeData | null) => void;
  /** Applies a change to the data, when there is any. */
  update: (change: (data: WardrobeData) => WardrobeData) => void;
  reset: () => void;
}

export const WARDROBE_STORAGE_KEY = 'hanger-wardrobe';

export const useWardrobeStore = create<WardrobeState>()(
  persist(
    (set) => ({
      data: null,
      syncedAt: null,
      hydrated: false,
      setData: (data) => set({ data, syncedAt: data ? new Date().toISOString() : null }),
      update: (change) => set((s) => (s.data ? { data: change(s.data) } : {})),
      reset: () => set({ data: null, syncedAt: null }),
    }),
    {
      name: WARDROBE_STORAGE_KEY,
      storage: idbPersistStorage<Pick<WardrobeState, 'data' | 'syncedAt'>>(),
      partialize: (s) => ({ data: s.data, syncedAt: s.syncedAt }),
      version: 1,
      onRehydrateStorage: () => () => useWardrobeStore.setState({ hydrated: true }),
    },
  ),
);

/** The wardrobe as screens read it. */
export function useWardrobe(): WardrobeData | null {
  return useWardrobeStore((s) => s.data);
}
