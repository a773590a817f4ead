import type { WardrobeData } from '@hanger/domain';
import { useEffect } from 'react';
import { useOutbox } from '../outbox/state';
import { useSessionStore } from './session-store';
import { loadWardrobe } from './wardrobe-load';
import { useWardrobeStore } from './wardrobe-store';

/**
 * The live update of cut-outs (docs/cutouts.md): while an item's cut-out is pending and the page
 * is visible, the wardrobe is revalidated every CUTOUT_POLL_MS. GET /api/users answers 304 while
 * nothing changed (the stored copy's ETag goes as If-None-Match), so a wait costs a few hundred
 * bytes every few seconds; a finished job changes the wardrobe's version and the next answer
 * brings the cut-out, which every tile and page shows without a reload.
 */

export const CUTOUT_POLL_MS = 3000;

/** Whether any item's cut-out is queued or running. */
export function hasPendingCutout(data: WardrobeData | null): boolean {
  if (!data) return false;
  for (const id in data.clothes) if (data.clothes[id]!.cutout === 'pending') return true;
  return false;
}

/** The server cuts out photos (settings `cutouts_available`); every control hides otherwise. */
export function useCutoutsAvailable(): boolean {
  return useSessionStore((s) => s.user?.settings.cutoutsAvailable === true);
}

export interface PollerDeps {
  /** Something is pending, the page is visible and the server can be reached. */
  shouldPoll: () => boolean;
  /** One revalidation; the next waits for it to settle. */
  revalidate: () => Promise<unknown>;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  interval?: number;
}

export interface Poller {
  /** Call when anything shouldPoll reads may have changed; `now` revalidates at once. */
  update: (now?: boolean) => void;
  stop: () => void;
}

/**
 * Revalidates every `interval` while shouldPoll() holds, one request at a time, and stops as soon
 * as it does not (the wardrobe has no pending item, the page is hidden, the device is offline).
 */
export function createPoller(deps: PollerDeps): Poller {
  const interval = deps.interval ?? CUTOUT_POLL_MS;
  let timer: unknown = null;
  let inFlight = false;
  let stopped = false;

  const clear = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  };

  const run = async () => {
    timer = null;
    if (stopped || !deps.shouldPoll()) return;
    inFlight = true;
    try {
      await deps.revalidate();
    } catch (err) {
      console.error('Hanger: revalidating the wardrobe for cut-outs failed', err);
    } finally {
      inFlight = false;
    }
    schedule();
  };

  const schedule = (delay = interval) => {
    if (stopped || inFlight || timer !== null) return;
    if (!deps.shouldPoll()) return;
    timer = deps.setTimer(() => void run(), delay);
  };

  return {
    update(now = false) {
      if (stopped) return;
      if (!deps.shouldPoll()) {
        clear();
        return;
      }
      if (now) {
        clear();
        schedule(0);
      } else schedule();
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Runs the poll for the signed-in screens (app/require-auth.tsx). Revalidations are quiet:
 * a failed one is only logged, and the next is tried after the interval.
 */
export function useCutoutPoll(): void {
  useEffect(() => {
    const poller = createPoller({
      shouldPoll: () =>
        pageVisible() &&
        useOutbox.getState().online &&
        useSessionStore.getState().user?.settings.cutoutsAvailable === true &&
        hasPendingCutout(useWardrobeStore.getState().data),
      revalidate: () => loadWardrobe({ quiet: true }),
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
    const update = () => poller.update();
    const unsubscribe = [
      useWardrobeStore.subscribe((s, prev) => s.data !== prev.data && update()),
      useSessionStore.subscribe((s, prev) => s.user !== prev.user && update()),
      useOutbox.subscribe((s, prev) => s.online !== prev.online && update()),
    ];
    // Back on the page, the cut-outs that finished meanwhile show at once.
    const onVisible = () => poller.update(pageVisible());
    document.addEventListener('visibilitychange', onVisible);
    update();
    return () => {
      poller.stop();
      for (const off of unsubscribe) off();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
