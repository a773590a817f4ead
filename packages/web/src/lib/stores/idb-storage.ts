import { del, get, set, setMany, type UseStore } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Persist storage on IndexedDB. Values are stored as structured clones, not JSON strings: a
 * large wardrobe outgrows localStorage's quota, and skipping stringify keeps writes cheap.
 * Where IndexedDB is missing (some private modes, tests) it falls back to memory for the session.
 */
export function idbPersistStorage<S>(
  dbName = 'hanger',
  storeName = 'state',
  /** Entries written beside the value in the same transaction (e.g. a small key read alone). */
  beside?: (value: StorageValue<S>) => [string, unknown][],
): PersistStorage<S> {
  if (typeof indexedDB === 'undefined') return memoryPersistStorage<S>();
  let store: UseStore | undefined;
  const db = () => (store ??= closableStore(dbName, storeName));
  return {
    getItem: async (name) => (await get<StorageValue<S>>(name, db())) ?? null,
    setItem: (name, value) =>
      beside ? setMany([[name, value], ...beside(value)], db()) : set(name, value, db()),
    removeItem: (name) => del(name, db()),
  };
}

/**
 * Writes that `defer` picks wait until the page is idle (at most `maxWaitMs`), so that storing a
 * large value (a 10,000-item wardrobe is some 100–400 ms of structured clone on the main thread)
 * does not stand between an answer and the screen that shows it (issue 15). Only the latest
 * waiting value is written; any other write or removal replaces it at once, and a page being
 * hidden or left writes it straight away. Reads see the waiting value.
 */
export function deferringWrites<S>(
  storage: PersistStorage<S>,
  defer: (value: StorageValue<S>) => boolean,
  maxWaitMs = 2000,
): PersistStorage<S> & { flush: () => void } {
  let waiting: { name: string; value: StorageValue<S> } | null = null;
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel?.();
    cancel = null;
    const write = waiting;
    waiting = null;
    if (write) void Promise.resolve(storage.setItem(write.name, write.value)).catch(logFailure);
  };
  const drop = () => {
    cancel?.();
    cancel = null;
    waiting = null;
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  return {
    getItem: (name) => (waiting?.name === name ? waiting.value : storage.getItem(name)),
    setItem: (name, value) => {
      if (!defer(value)) {
        drop();
        return storage.setItem(name, value);
      }
      waiting = { name, value };
      cancel ??= whenIdle(flush, maxWaitMs);
    },
    removeItem: (name) => {
      drop();
      return storage.removeItem(name);
    },
    flush,
  };
}

function logFailure(err: unknown): void {
  console.warn('Hanger: could not store the local copy', err);
}

/** Runs `fn` once the page is idle, or after `maxWaitMs`; answers a cancel. */
function whenIdle(fn: () => void, maxWaitMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fn, { timeout: maxWaitMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, Math.min(maxWaitMs, 300));
  return () => clearTimeout(timer);
}

export function memoryPersistStorage<S>(): PersistStorage<S> {
  const values = new Map<string, StorageValue<S>>();
  return {
    getItem: (name) => values.get(name) ?? null,
    setItem: (name, value) => void values.set(name, value),
    removeItem: (name) => void values.delete(name),
  };
}

/**
 * idb-keyval's store, except that the connection closes when another tab or the sign-out asks to
 * delete the database (versionchange), instead of blocking the deletion until the page closes.
 * The next use opens it again.
 */
export function closableStore(dbName: string, storeName: string): UseStore {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName);
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        db.onclose = () => {
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => {
        opening = null;
        reject(request.error ?? new Error(`Could not open ${dbName}`));
      };
    }));
  return (mode, callback) =>
    open().then((db) => {
      const tx = db.transaction(storeName, mode);
      return callback(tx.objectStore(storeName));
    });
}
