import type { LruRecord } from '../pwa/lru';
import { openDatabase, storeOf } from './database';

/**
 * The photo LRU index on disk (its IndexedDB database, schema.ts), for the service worker. The
 * connection closes itself when the page deletes the database (sign-out deletes every database
 * of the origin), so that deletion is never blocked by the worker (database.ts).
 */

const STORE = storeOf('photoLru');

/** Every stored record. */
export async function readLru(): Promise<[string, LruRecord][]> {
  const tx = (await openDatabase('photoLru')).transaction(STORE, 'readonly');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  await tx.done;
  return keys.map((key, i) => [String(key), values[i] as LruRecord]);
}

/** Stores and deletes records in one transaction. */
export async function writeLru(
  put: readonly (readonly [string, LruRecord])[],
  remove: readonly string[],
): Promise<void> {
  if (put.length === 0 && remove.length === 0) return;
  const tx = (await openDatabase('photoLru')).transaction(STORE, 'readwrite');
  for (const [key, record] of put) void tx.store.put(record, key);
  for (const key of remove) void tx.store.delete(key);
  await tx.done;
}

export async function clearLru(): Promise<void> {
  await (await openDatabase('photoLru')).clear(STORE);
}
