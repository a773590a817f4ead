import {
  ERROR_CATALOGUE,
  ERROR_TOASTS,
  defaultSettings,
  type Settings,
  type User,
} from '@hanger/domain';
import { clearAccessToken, primeAccessToken } from '../access-token';
import { parseSettingsOffThread, warmAnswerWorker } from '../api/parse-off-thread';
import { fetchStart, takeStart, type StartAnswer } from '../api/start';
import { onSessionExpired, toCatalogueError } from '../api/transport';
import type { IdentityUser } from '../auth-client';
import { clearAllLocalData, resetLocalStores } from './local-stores';
import { useSessionStore } from './session-store';
import { loadSettings } from './settings-actions';
import { toast } from './toast-store';
import { loadWardrobe } from './wardrobe-load';

/**
 * The session's life (docs/spec.md §4): on an auth-state change with a user the app logs in, loads
 * settings and fetches the whole wardrobe; without one it logs out, clearing every local store.
 *
 * Start-up is one round trip before the wardrobe (docs/performance.md): GET /api/start answers the
 * session's user, an access token and the settings together, and GET users follows at once.
 */

function toUser(identity: IdentityUser, settings: Settings): User {
  return {
    uid: identity.id,
    displayName: identity.name,
    email: identity.email,
    ...(identity.image ? { photoURL: identity.image } : {}),
    settings,
  };
}

/** Refreshes settings and wardrobe from the server; the cached copies stay on screen meanwhile. */
export async function syncFromServer(): Promise<void> {
  const session = useSessionStore.getState();
  session.setSyncing(true);
  try {
    await Promise.all([loadSettings(), loadWardrobe()]);
  } finally {
    useSessionStore.getState().setSyncing(false);
  }
}

/**
 * The start answer's settings, read off the main thread; null, said with 'Failed to Load Settings',
 * if unreadable. Settings the server sends as it sent them last time, to this build of the app,
 * are the ones read then (docs/performance.md): a returning user's start validates nothing and
 * starts no worker for them.
 */
async function readStartSettings(answer: StartAnswer): Promise<Settings | null> {
  const wire = answer.settings ?? {};
  const sent = `${import.meta.url}\n${JSON.stringify(wire)}`;
  const last = useSessionStore.getState().startSettings;
  if (last?.sent === sent) return last.settings;
  try {
    const settings = await parseSettingsOffThread(wire);
    useSessionStore.getState().setStartSettings({ sent, settings });
    return settings;
  } catch (err) {
    toast.error(ERROR_TOASTS.loadSettings, toCatalogueError(err).message);
    return null;
  }
}

async function applyStartSettings(answer: StartAnswer): Promise<void> {
  const settings = await readStartSettings(answer);
  if (!settings) return;
  const current = useSessionStore.getState().user?.settings;
  // Unchanged settings (the usual case) re-render nothing.
  if (!current || JSON.stringify(current) !== JSON.stringify(settings))
    useSessionStore.getState().setSettings(settings);
}

/** After a start answer with a user: the wardrobe is asked for at once, the settings applied. */
async function syncAfterStart(answer: StartAnswer): Promise<void> {
  useSessionStore.getState().setSyncing(true);
  try {
    await Promise.all([loadWardrobe(), applyStartSettings(answer)]);
  } finally {
    useSessionStore.getState().setSyncing(false);
  }
}

/**
 * Completes a sign-in: 'Logging in...' shows until the settings and wardrobe have arrived (or
 * failed, with their own toasts). `start` is asked for (GET /api/start) when not given.
 */
export async function logIn(start?: StartAnswer): Promise<boolean> {
  const store = useSessionStore.getState();
  store.setStatus('loggingIn');
  let answer = start ?? null;
  if (!answer) {
    try {
      answer = await fetchStart();
    } catch {
      answer = null;
    }
  }
  const who = answer?.user ?? null;
  if (!answer || !who || !answer.token) {
    useSessionStore.getState().setStatus('signedOut');
    return false;
  }
  primeAccessToken(answer.token);
  const previous = useSessionStore.getState().user;
  if (previous && previous.uid !== who.id) {
    // Another account on this device: nothing of the previous one may show.
    resetLocalStores();
    useSessionStore.getState().setStatus('loggingIn');
  }
  const settings = previous?.uid === who.id ? previous.settings : defaultSettings();
  useSessionStore.getState().setUser(toUser(who, settings));
  await syncAfterStart(answer);
  useSessionStore.getState().setStatus('signedIn');
  return true;
}

/**
 * Ends the identity session and clears everything local: stores, the outbox (the caller warned
 * about waiting changes), caches, IndexedDB and storage. This browser's other windows of the app
 * leave too (followSignOutElsewhere).
 */
export async function logOut(): Promise<void> {
  try {
    // Loaded when used: the identity client stays out of the first load (docs/design.md,
    // Performance targets: initial JS within 150 kB gzip).
    const { signOutOfIdentity } = await import('../auth-client');
    await signOutOfIdentity();
  } catch (err) {
    // Signing out locally must not depend on the network; the cookie expires on its own.
    console.warn('Hanger: sign-out request failed', err);
  }
  clearAccessToken();
  // Leaves the status 'signedOut'; nothing is written to storage after it is cleared.
  await clearAllLocalData();
  announceSignOut();
}

/** The channel on which this browser's windows of the app tell each other of a sign-out. */
const SESSION_CHANNEL = 'hanger-session';

/** Tells this browser's other windows of the app that the account signed out (or was deleted). */
export function announceSignOut(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ type: 'signed-out' });
  channel.close();
}

/**
 * Leaves in this window too when another window of this browser signed out: its wardrobe in
 * memory, its own session storage and its access token go, and the guarded screens send it to
 * the sign-in screen (on a shared device, one sign-out leaves no window showing the account).
 * Answers the clean-up.
 */
export function followSignOutElsewhere(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type !== 'signed-out' || !useSessionStore.getState().user) return;
    clearAccessToken();
    void clearAllLocalData();
  };
  return () => channel.close();
}

/**
 * A page load with a live session on a device that keeps nothing of it (a first visit, cleared
 * storage): nobody is logging in, so the app opens as soon as the settings are read, with the
 * grid's loading state (docs/spec.md §4: a spinner while loading) until the wardrobe is in. The
 * screens are therefore mounted while the wardrobe is still on its way (behind index.html's first
 * screen), and its arrival draws only the grid (docs/performance.md).
 */
async function resumeOnThisDevice(
  answer: StartAnswer,
  identity: IdentityUser,
  token: string,
): Promise<void> {
  primeAccessToken(token);
  // The page's first script has asked for the wardrobe already (early-boot.ts): reading the
  // settings first (a small message to the parse worker) delays only the screens, not the answer.
  const settings = (await readStartSettings(answer)) ?? defaultSettings();
  const session = useSessionStore.getState();
  session.setUser(toUser(identity, settings));
  session.setStatus('signedIn');
  session.setSyncing(true);
  try {
    await loadWardrobe();
  } finally {
    useSessionStore.getState().setSyncing(false);
  }
}

let started: Promise<void> | null = null;

function sameIdentity(user: User, identity: IdentityUser): boolean {
  return (
    user.displayName === identity.name &&
    user.email === identity.email &&
    (user.photoURL ?? null) === (identity.image ?? null)
  );
}

/**
 * The workers that read the wardrobe answer, loading while GET /api/start runs: on a first visit,
 * whose answer is the whole wardrobe. A returning user's copy is revalidated (a 304, nothing to
 * read): their start leaves the workers to be made if an answer does come (docs/performance.md).
 */
export function warmParsersForStart(): void {
  if (!useSessionStore.getState().user) warmAnswerWorker();
}

/**
 * The first authentication check at start-up. A returning user is shown their cached wardrobe
 * at once (status stays signedIn) while the session is confirmed and the data refreshed; only
 * a first visit shows the spinner while the check runs.
 */
export function startSession(): Promise<void> {
  started ??= (async () => {
    onSessionExpired(() => void expireSession());
    warmParsersForStart();
    const cached = useSessionStore.getState().user;
    useSessionStore.getState().setStatus(cached ? 'signedIn' : 'checking');
    let answer: StartAnswer;
    try {
      answer = await takeStart();
    } catch {
      // Offline or the server is down: a returning user keeps working from local data.
      if (!cached) useSessionStore.getState().setStatus('signedOut');
      return;
    }
    const identity = answer.user;
    if (!identity || !answer.token) {
      if (cached) resetLocalStores();
      else useSessionStore.getState().setStatus('signedOut');
      return;
    }
    if (cached && cached.uid === identity.id) {
      primeAccessToken(answer.token);
      // Only a changed name or picture re-renders what shows the user.
      if (!sameIdentity(cached, identity))
        useSessionStore.getState().setUser(toUser(identity, cached.settings));
      await syncAfterStart(answer);
      return;
    }
    if (!cached) {
      await resumeOnThisDevice(answer, identity, answer.token);
      return;
    }
    await logIn(answer);
  })();
  return started;
}

let expiring = false;

/** The identity service no longer honours the session: say so once, then sign out locally. */
async function expireSession(): Promise<void> {
  if (expiring || !useSessionStore.getState().user) return;
  expiring = true;
  try {
    toast.warning('Signed out', ERROR_CATALOGUE.UNAUTHORIZED);
    clearAccessToken();
    resetLocalStores();
  } finally {
    expiring = false;
  }
}

/** For tests: forget that start-up ran. */
export function resetSessionStartForTests(): void {
  started = null;
}
