import type { WardrobeData } from '@hanger/domain';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { etagOf } from '../api/answer-etags';
import { joinWardrobe, splitWardrobe, type WardrobePart } from '../api/parse-protocol';
import { EARLY_ETAG_KEY } from './early-boot';
import { watchWardrobeForFirstView } from './first-view';
import { deferringWrites, idbPersistStorage } from '../persistence/persist-storage';

interface WardrobeState {
  /** Null until the first load on this device (or after sign-out). */
  data: WardrobeData | null;
  /** When the server last answered GET users, ISO timestamp. */
  syncedAt: string | null;
  /**
   * The ETag of the server's answer `data` is (README, Install and offline), sent as If-None-Match
   * so that an unchanged wardrobe costs a 304; null once the copy was changed here or came from
   * elsewhere.
   */
  etag: string | null;
  /** IndexedDB has been read: `data` is what this device knows. */
  hydrated: boolean;
  setData: (data: WardrobeData | null, etag?: string | null) => void;
  /** Applies a change to the data, when there is any. */
  update: (change: (data: WardrobeData) => WardrobeData) => void;
  reset: () => void;
}

export const WARDROBE_STORAGE_KEY = 'hanger-wardrobe';

type Persisted = Pick<WardrobeState, 'data' | 'syncedAt' | 'etag'>;

const wardrobeStorage = deferringWrites<Persisted>(
  idbPersistStorage<Persisted>(
    'wardrobe',
    (value) => [[EARLY_ETAG_KEY, value.state.data ? value.state.etag : null]],
    // The copy's records in parts of WARDROBE_PART_SIZE, as the parse worker sends them.
    {
      split: (value) => {
        if (!value.state.data) return { head: value, parts: [] };
        const { parts, rest } = splitWardrobe(value.state.data);
        return { head: { ...value, state: { ...value.state, data: rest } }, parts };
      },
      join: (head, parts) =>
        head.state.data
          ? {
              ...head,
              state: {
                ...head.state,
                data: joinWardrobe(parts as WardrobePart[], head.state.data),
              },
            }
          : head,
    },
  ),
  (value) => value.state.data !== null && value.state.etag !== null,
);

export const useWardrobeStore = create<WardrobeState>()(
  persist(
    (set) => ({
      data: null,
      syncedAt: null,
      etag: null,
      hydrated: false,
      setData: (data, etag = etagOf(data)) =>
        set((s) =>
          // The same copy revalidated (a 304): the data stays the same object (screens do not
          // render again); only the time of the server's answer is new.
          data !== null && data === s.data && etag === s.etag
            ? { syncedAt: new Date().toISOString() }
            : { data, etag: data ? etag : null, syncedAt: data ? new Date().toISOString() : null },
        ),
      // A local change makes the copy differ from the answer the ETag names.
      update: (change) => set((s) => (s.data ? { data: change(s.data), etag: null } : {})),
      reset: () => set({ data: null, syncedAt: null, etag: null }),
    }),
    {
      name: WARDROBE_STORAGE_KEY,
      // The copy's ETag also on its own, written with it, for the page's first script
      // (public/early.js) to send its GET users conditionally without reading the whole copy.
      // A server's answer as it came (it has an ETag) is stored once the page is idle: it is
      // the offline copy, not needed before the screen shows it (and the server still has it).
      // Changes made here (no ETag) and the sign-out's reset are stored at once.
      storage: wardrobeStorage,
      partialize: (s) => ({ data: s.data, syncedAt: s.syncedAt, etag: s.etag }),
      version: 1,
      onRehydrateStorage: () => () => useWardrobeStore.setState({ hydrated: true }),
    },
  ),
);

watchWardrobeForFirstView(() => useWardrobeStore.getState().data === null);

/** Resolves once IndexedDB has been read (at once when it already has). */
export function wardrobeHydrated(): Promise<void> {
  if (useWardrobeStore.getState().hydrated) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = useWardrobeStore.subscribe((s) => {
      if (!s.hydrated) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The wardrobe as screens read it. */
export function useWardrobe(): WardrobeData | null {
  return useWardrobeStore((s) => s.data);
}
