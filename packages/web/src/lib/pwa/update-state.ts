import { afterStartup } from '../startup-render';

/**
 * Whether a new version of the app is waiting, for the "Update available — reload" banner. Kept
 * apart from the registration code (which loads workbox-window) so the first load stays small:
 * `startServiceWorker` loads that code only once the start-up is over and the browser is idle.
 */

export interface UpdateState {
  /** A new service worker is installed and waiting for the user to choose Reload. */
  waiting: boolean;
  /** The user chose Reload: the new worker is being activated. */
  applying: boolean;
}

type Listener = () => void;

let state: UpdateState = { waiting: false, applying: false };
let apply: (() => void) | undefined;
const listeners = new Set<Listener>();

function set(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getUpdateState(): UpdateState {
  return state;
}

/** Called by the registration code when a new version is waiting; `activate` switches to it. */
export function updateReady(activate: () => void): void {
  apply = activate;
  set({ waiting: true, applying: false });
}

/** The user chose Reload. */
export function applyUpdate(): void {
  if (!apply || state.applying) return;
  set({ ...state, applying: true });
  apply();
}

/** For tests. */
export function resetUpdateState(): void {
  apply = undefined;
  set({ waiting: false, applying: false });
}

let started = false;

/**
 * How long after the app's own first screen the service worker is registered (docs/performance.md).
 * Its install fetches and stores the whole app (some 90 files, 2 MB) for offline use: on a cold
 * first visit that took about 2 s of CPU across the browser and the server, and a phone's
 * bandwidth. Registered at the page's load event, it ran while the first screen was still being
 * built (the server-drawn page loads early) and stretched the start-up's tasks on a 2-core machine;
 * the seconds after the first screen are the quiet ones.
 */
export const REGISTER_AFTER_START_MS = 3000;

/**
 * Registers the service worker once the page has loaded and the browser is idle; a first install
 * also waits until the app shows a screen of its own (the start-up's work is done: afterStartup)
 * and REGISTER_AFTER_START_MS more. Not in development (Vite serves modules, not the built shell)
 * and not where service workers do not exist.
 */
export function startServiceWorker(): void {
  if (started || import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const register = () => {
    import('./register')
      .then(({ registerServiceWorker }) => registerServiceWorker(updateReady))
      .catch((err: unknown) => console.error('Hanger: service worker registration failed', err));
  };
  const whenIdle = () => {
    if (window.requestIdleCallback) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1);
  };
  // Only a first install waits for the start-up to be over: on a later visit the worker is
  // there already, and registering only asks whether /sw.js changed.
  const installing = navigator.serviceWorker.controller === null;
  const go = () => {
    if (!installing) whenIdle();
    else void afterStartup().then(() => setTimeout(whenIdle, REGISTER_AFTER_START_MS));
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}
