/**
 * Whether a new version of the app is waiting, for the "Update available — reload" banner. Kept
 * apart from the registration code (which loads workbox-window) so the first load stays small:
 * `startServiceWorker` loads that code only once the page has loaded and the browser is idle.
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
 * Registers the service worker once the page has loaded and the browser is idle, so it never
 * competes with the first paint. Not in development (Vite serves modules, not the built shell)
 * and not where service workers do not exist.
 */
export function startServiceWorker(): void {
  if (started || import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const go = () => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
    idle(() => {
      import('./register')
        .then(({ registerServiceWorker }) => registerServiceWorker(updateReady))
        .catch((err: unknown) => console.error('Hanger: service worker registration failed', err));
    });
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}
