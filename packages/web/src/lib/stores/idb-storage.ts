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
