import { deleteAllCaches, hasCaches } from '../persistence/caches';
import { deleteDatabase, hasIndexedDb } from '../persistence/database';
import { DATABASES } from '../persistence/schema';
import { SW_MESSAGE } from './names';

const ASK_TIMEOUT_MS = 5000;

/** Posts `type` to a worker and waits for its reply on a message port; false on timeout. */
function ask(worker: ServiceWorker, type: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), ASK_TIMEOUT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

/**
 * Deletes everything the app keeps in Cache Storage (app shell, photos, shared files) and the
 * photo cache's LRU index. Called at sign-out, after the outbox has been dealt with.
 *
 * When a service worker is active it does the clearing itself (so its in-memory LRU index is reset
 * too) and then downloads the public app shell again in the background, so the app still opens
 * offline for the next person to sign in; the shell holds no personal data. Without a worker, or
 * if it does not answer in time, the page deletes the caches and the index directly.
 */
export async function clearOfflineCaches(): Promise<void> {
  let cleared = false;
  if ('serviceWorker' in navigator) {
    const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
    const worker = registration?.active;
    if (worker) cleared = await ask(worker, SW_MESSAGE.clearCaches);
  }
  if (cleared) return;
  if (hasCaches()) await deleteAllCaches();
  // The worker's connection to the index closes itself when asked (persistence/database.ts).
  if (hasIndexedDb()) await deleteDatabase(DATABASES.photoLru.name, ASK_TIMEOUT_MS);
}
