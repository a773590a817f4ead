import { ERROR_CATALOGUE, type Settings, type User } from '@hanger/domain';
import { clearAccessToken } from '../access-token';
import { loadParsers } from '../api/answers';
import { onSessionExpired } from '../api/transport';
import { getSessionUser, signOutOfIdentity, type IdentityUser } from '../auth-client';
import { resetLocalStores } from './local-stores';
import { useSessionStore } from './session-store';
import { loadSettings } from './settings-actions';
import { toast } from './toast-store';
import { loadWardrobe } from './wardrobe-actions';

/**
 * The session's life (SPEC §4): on an auth-state change with a user the app logs in, loads
 * settings and fetches the whole wardrobe; without one it logs out, clearing every local store.
 */

/** Settings with every default, until the server's arrive. */
async function defaultSettings(): Promise<Settings> {
  return (await loadParsers()).parseSettingsAnswer({});
}

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
 * Completes a sign-in: 'Logging in...' shows until the settings and wardrobe have arrived (or
 * failed, with their own toasts). `identity` is read from the session cookie when not given.
 */
export async function logIn(identity?: IdentityUser): Promise<boolean> {
  const store = useSessionStore.getState();
  store.setStatus('loggingIn');
  let who = identity ?? null;
  if (!who) {
    try {
      who = await getSessionUser();
    } catch {
      who = null;
    }
  }
  if (!who) {
    useSessionStore.getState().setStatus('signedOut');
    return false;
  }
  const previous = useSessionStore.getState().user;
  if (previous && previous.uid !== who.id) {
    // Another account on this device: nothing of the previous one may show.
    resetLocalStores();
    useSessionStore.getState().setStatus('loggingIn');
  }
  const settings = previous?.uid === who.id ? previous.settings : await defaultSettings();
  useSessionStore.getState().setUser(toUser(who, settings));
  await syncFromServer();
  useSessionStore.getState().setStatus('signedIn');
  return true;
}

/** Clears the user, the wardrobe and every local store, and ends the identity session. */
export async function logOut(): Promise<void> {
  try {
    await signOutOfIdentity();
  } catch (err) {
    // Signing out locally must not depend on the network; the cookie expires on its own.
    console.warn('Hanger: sign-out request failed', err);
  }
  clearAccessToken();
  // Leaves the status 'signedOut'; nothing is written to storage after it is cleared.
  resetLocalStores(true);
}

let started: Promise<void> | null = null;

/**
 * The first authentication check at start-up. A returning user is shown their cached wardrobe
 * at once (status stays signedIn) while the session is confirmed and the data refreshed; only
 * a first visit shows the spinner while the check runs.
 */
export function startSession(): Promise<void> {
  started ??= (async () => {
    onSessionExpired(() => void expireSession());
    // Fetch the answer parsers while the session is checked; the first sync needs them.
    void loadParsers().catch(() => undefined);
    const cached = useSessionStore.getState().user;
    useSessionStore.getState().setStatus(cached ? 'signedIn' : 'checking');
    let identity: IdentityUser | null;
    try {
      identity = await getSessionUser();
    } catch {
      // Offline or the server is down: a returning user keeps working from local data.
      if (!cached) useSessionStore.getState().setStatus('signedOut');
      return;
    }
    if (!identity) {
      if (cached) resetLocalStores();
      else useSessionStore.getState().setStatus('signedOut');
      return;
    }
    if (cached && cached.uid === identity.id) {
      useSessionStore.getState().setUser(toUser(identity, cached.settings));
      await syncFromServer();
      return;
    }
    await logIn(identity);
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
