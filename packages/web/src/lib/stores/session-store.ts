import type { Settings, User } from '@hanger/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * checking: the first authentication check is running and nobody is known yet;
 * loggingIn: a sign-in succeeded and the user's settings and wardrobe are loading;
 * signedIn / signedOut: settled.
 */
export type AuthStatus = 'checking' | 'loggingIn' | 'signedIn' | 'signedOut';

interface SessionState {
  user: User | null;
  status: AuthStatus;
  /** The wardrobe or settings are being fetched from the server. */
  syncing: boolean;
  /** The user chose to sign out: the next sign-in starts afresh instead of returning to the last page. */
  signedOutByUser: boolean;
  /**
   * The settings of the last GET /api/start answer read, as sent (with the app build that read
   * them) and as read: the same answer again needs no reading (session-actions.ts).
   */
  startSettings: { sent: string; settings: Settings } | null;
  setUser: (user: User | null) => void;
  setSettings: (settings: Settings) => void;
  setStatus: (status: AuthStatus) => void;
  setSyncing: (syncing: boolean) => void;
  setStartSettings: (read: { sent: string; settings: Settings }) => void;
  /** Empties the session; `byUser` when the person signed out themselves. */
  reset: (byUser?: boolean) => void;
}

export const SESSION_STORAGE_KEY = 'hanger-session';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      status: 'checking',
      syncing: false,
      signedOutByUser: false,
      startSettings: null,
      setUser: (user) => set({ user }),
      setSettings: (settings) => set((s) => (s.user ? { user: { ...s.user, settings } } : {})),
      setStatus: (status) =>
        set(status === 'loggingIn' ? { status, signedOutByUser: false } : { status }),
      setSyncing: (syncing) => set({ syncing }),
      setStartSettings: (startSettings) => set({ startSettings }),
      reset: (byUser = false) =>
        set({
          user: null,
          status: 'signedOut',
          syncing: false,
          signedOutByUser: byUser,
          startSettings: null,
        }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // The user and whether they were signed in survive a reload; syncing never does.
      partialize: (s) => ({
        user: s.user,
        status: s.user ? ('signedIn' as const) : ('checking' as const),
        startSettings: s.user ? s.startSettings : null,
      }),
      version: 1,
    },
  ),
);

/** The signed-in user's id, or null: the api client refuses to call without one. */
export function currentUserId(): string | null {
  return useSessionStore.getState().user?.uid ?? null;
}
