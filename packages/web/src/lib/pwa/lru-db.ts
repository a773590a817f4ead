import type { LruRecord } from './lru';
import { PHOTO_LRU_DB, PHOTO_LRU_STORE } from './names';

/**
 * The photo LRU index on disk (IndexedDB), for the service worker. The connection closes itself
 * when the page deletes the database (sign-out deletes every database of the origin), so that
 * deletion is never blocked by the worker; the next write opens a new one.
 */

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(PHOTO_LRU_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(PHOTO_LRU_STORE);
    request.onsuccess = () => {
      const db = request.result;
      const forget = () => {
        db.close();
        opening = undefined;
      };
      db.onversionchange = forget;
      db.onclose = () => (opening = undefined);
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error(`could not open ${PHOTO_LRU_DB}`));
    };
  });
  return opening;
}

async function transaction(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => void,
): Promise<void> {
  const db = await open();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(PHOTO_LRU_STORE, mode);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    work(tx.objectStore(PHOTO_LRU_STORE));
  });
}

/** Every stored record. */
export async function readLru(): Promise<[string, LruRecord][]> {
  let keys: IDBValidKey[] = [];
  let values: LruRecord[] = [];
  await transaction('readonly', (store) => {
    const k = store.getAllKeys();
    const v = store.getAll();
    k.onsuccess = () => (keys = k.result);
    v.onsuccess = () => (values = v.result as LruRecord[]);
  });
  return keys.map((key, i) => [String(key), values[i]!]);
}

/** Stores and deletes records in one transaction. */
export async function writeLru(
  put: readonly (readonly [string, LruRecord])[],
  remove: readonly string[],
): Promise<void> {
  if (put.length === 0 && remove.length === 0) return;
  await transaction('readwrite', (store) => {
    for (const [key, record] of put) store.put(record, key);
    for (const key of remove) store.delete(key);
  });
}

export async function clearLru(): Promise<void> {
  await transaction('readwrite', (store) => store.clear());
}
