import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { DATABASES, SCHEMA_VERSION, upgrade, type DatabaseKey } from './schema';

/**
 * The one place that opens the app's IndexedDB databases (schema.ts names them): each at
 * SCHEMA_VERSION, through the one upgrade path. A connection is shared while it lasts and closes
 * itself when another tab or the sign-out asks to delete or upgrade its database (versionchange),
 * instead of blocking that until the page closes; the next use opens it again.
 */

const open = new Map<DatabaseKey, Promise<IDBPDatabase>>();

export function openDatabase(key: DatabaseKey): Promise<IDBPDatabase> {
  let opening = open.get(key);
  if (opening) return opening;
  const forget = () => {
    if (open.get(key) === opening) open.delete(key);
  };
  opening = openDB(DATABASES[key].name, SCHEMA_VERSION, {
    upgrade: (db, oldVersion) => upgrade(db, key, oldVersion),
    blocking: () => {
      forget();
      void opening?.then((db) => db.close());
    },
    // Closed by the browser (storage cleared, disk trouble): the next use opens it again.
    terminated: forget,
  });
  opening.catch(forget);
  open.set(key, opening);
  return opening;
}

/** The store of a database (each database has one). */
export const storeOf = (key: DatabaseKey): string => DATABASES[key].store;

/** Whether this browser has IndexedDB at all (some private modes and the unit tests do not). */
export const hasIndexedDb = (): boolean => typeof indexedDB !== 'undefined';

/**
 * Deletes a database, waiting at most `waitMs` for a connection another tab still holds open
 * (ours close themselves when asked). Never fails: sign-out goes on.
 */
export function deleteDatabase(name: string, waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    deleteDB(name).then(done, done);
  });
}

/**
 * Sign-out: deletes every database of this origin (the app's, and any the browser lists), each
 * waiting at most `waitMs`.
 */
export async function deleteAllDatabases(waitMs: number): Promise<void> {
  if (!hasIndexedDb()) return;
  const names = new Set<string>(Object.values(DATABASES).map((d) => d.name));
  if (typeof indexedDB.databases === 'function') {
    for (const db of await indexedDB.databases().catch(() => [])) if (db.name) names.add(db.name);
  }
  await Promise.all([...names].map((name) => deleteDatabase(name, waitMs)));
}
