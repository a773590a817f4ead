import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { useStartupDeferred } from '../lib/startup-render';
import { useShownAfter } from '../lib/use-shown-after';
import { useCutoutPoll } from '../lib/stores/cutout-poll';
import { useSessionStore } from '../lib/stores/session-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { LoggingInScreen } from './logging-in';

/**
 * How long a sync runs before its bar shows. A returning user's every start revalidates the stored
 * copy (a 304, usually well under a second): the bar flashed at the top of the screen for it.
 * Screen readers are told at once (the progressbar is there, only not drawn).
 */
const SYNC_BAR_DELAY_MS = 1000;

interface RequireAuthProps {
  /** The wardrobe is being fetched: the content is shown (from local data) and marked busy. */
  syncing: boolean;
  children: ReactNode;
}

/**
 * Lets only a signed-in user through (docs/spec.md §6). During the first authentication check it
 * shows a spinner, during a sign-in 'Logging in...', and otherwise sends the visitor to /login,
 * remembering where they were going.
 */
export function RequireAuth({ syncing, children }: RequireAuthProps) {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  const hydrated = useWardrobeStore((s) => s.hydrated);
  const signedOutByUser = useSessionStore((s) => s.signedOutByUser);
  const location = useLocation();
  // At start-up the screens open in a deferred render (startup-render.ts), so their first render
  // is split into short tasks; they close at once (a signed-out user's screens never render).
  const open = user !== null && hydrated;
  const opened = useStartupDeferred(open, false);
  const barShown = useShownAfter(syncing, SYNC_BAR_DELAY_MS);

  if (status === 'loggingIn') return <LoggingInScreen />;
  if (!user) {
    if (status === 'checking') return <FullScreenSpinner label="Checking your session" />;
    // After choosing to sign out, the next sign-in starts on the items, not on the profile page.
    const state = signedOutByUser ? undefined : { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  // Local data is read before the first render so a returning user never sees an empty closet flash.
  if (!hydrated || !opened) return <FullScreenSpinner label="Opening your wardrobe" />;
  return (
    <div aria-busy={syncing} data-syncing={syncing || undefined} className="contents">
      {syncing && (
        <div
          role="progressbar"
          aria-label="Syncing your wardrobe"
          className={`fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden ${barShown ? 'bg-accent-soft' : ''}`}
        >
          {barShown && (
            <div className="h-full w-1/3 animate-[sync-bar_1.2s_ease-in-out_infinite] bg-accent" />
          )}
        </div>
      )}
      <CutoutPoll />
      {children}
    </div>
  );
}

/** Cut-outs that finish show up while the app is open (lib/stores/cutout-poll.ts). */
function CutoutPoll() {
  useCutoutPoll();
  return null;
}
