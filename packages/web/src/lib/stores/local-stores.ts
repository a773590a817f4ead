import { loadOutbox } from '../outbox/port';
import { deleteAllDatabases } from '../persistence/database';
import { useClothesFilters, useOutfitsFilters } from './filters-store';
import { clearFirstView } from './first-view';
import { useSessionStore } from './session-store';
import { useUiPrefsStore } from './ui-prefs-store';
import { useWardrobeStore } from './wardrobe-store';

/** Empties every store and what it persisted: on sign-out nothing of the user stays behind. */
export function resetLocalStores(byUser = false): void {
  useSessionStore.getState().reset(byUser);
  useWardrobeStore.getState().reset();
  clearFirstView();
  useUiPrefsStore.getState().reset();
  useClothesFilters.getState().reset();
  useOutfitsFilters.getState().reset();
  useSessionStore.persist.clearStorage();
  useUiPrefsStore.persist.clearStorage();
  useClothesFilters.persist.clearStorage();
  useOutfitsFilters.persist.clearStorage();
  useWardrobeStore.persist.clearStorage();
}

/** How long sign-out waits for a database another tab still holds open. */
const DELETE_WAIT_MS = 2000;

/**
 * Sign-out: nothing of the user stays on the device. The stores are emptied, then the outbox with
 * its photos, the service worker's caches and the photo index, every IndexedDB database of this
 * origin (the wardrobe copy among them) and the app's localStorage and sessionStorage.
 */
export async function clearAllLocalData(): Promise<void> {
  resetLocalStores(true);
  // Both are loaded on demand: they have no place in the initial bundle.
  await (await loadOutbox()).clear();
  await import('../pwa/caches')
    .then((m) => m.clearOfflineCaches())
    .catch((err: unknown) => console.warn('Hanger: could not clear the offline caches', err));
  await deleteAllDatabases(DELETE_WAIT_MS);
  // Everything this origin keeps is the app's; the stores above wrote their last values already.
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      storage?.clear();
    } catch {
      // Storage can be disabled (some private modes): nothing was kept there then.
    }
  }
}
