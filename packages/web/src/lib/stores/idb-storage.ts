import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Persist storage on IndexedDB. Values are stored as structured clones, not JSON strings: a
 * large wardrobe outgrows localStorage's quota, and skipping stringify keeps writes cheap.
 * Where IndexedDB is missing (some private modes, tests) it falls back to memory for the session.
 */
export function idbPersistStorage<S>(dbName = 'hanger', storeName = 'state'): PersistStorage<S> {
  if (typeof indexedDB === 'undefined') return memoryPersistStorage<S>();
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(dbName, storeName));
  return {
    getItem: async (name) => (await get<StorageValue<S>>(name, db())) ?? null,
    setItem: (name, value) => set(name, value, db()),
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
