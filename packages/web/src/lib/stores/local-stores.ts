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

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DELETE_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = done;
    request.onerror = done;
  });
}

/**
 * Sign-out: nothing of the user stays on the device. The stores are emptied, then the outbox with
 * its photos, the service worker's caches and the photo index, every IndexedDB database of this
 * origin (the wardrobe copy among them) and the app's localStorage and sessionStorage.
 */
export async function clearAllLocalData(): Promise<void> {
  resetLocalStores(true);
  // Both are loaded on demand: they have no place in the initial bundle.
  await (await import('../outbox/outbox')).clearOutbox();
  await import('../pwa/caches')
    .then((m) => m.clearOfflineCaches())
    .catch((err: unknown) => console.warn('Hanger: could not clear the offline caches', err));
  if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function') {
    const databases = await indexedDB.databases().catch(() => []);
    await Promise.all(databases.flatMap((db) => (db.name ? [deleteDatabase(db.name)] : [])));
  }
  // Everything this origin keeps is the app's; the stores above wrote their last values already.
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      storage?.clear();
    } catch {
      // Storage can be disabled (some private modes): nothing was kept there then.
    }
  }
}
