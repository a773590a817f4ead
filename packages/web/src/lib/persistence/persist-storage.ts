import { unwrap } from 'idb';
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { hasIndexedDb, openDatabase, storeOf } from './database';
import type { DatabaseKey } from './schema';

/**
 * Persist storage on IndexedDB: a zustand store's copy, in one of schema.ts's databases. Values
 * are stored as structured clones, not JSON strings: a large wardrobe outgrows localStorage's
 * quota, and skipping stringify keeps writes cheap.
 * Where IndexedDB is missing (some private modes, tests) it falls back to memory for the session.
 */
export function idbPersistStorage<S>(
  key: DatabaseKey,
  /** Entries written beside the value in the same transaction (e.g. a small key read alone). */
  beside?: (value: StorageValue<S>) => [string, unknown][],
  /** How a large value is kept in parts (see ValueParts); by default it is one entry. */
  parted?: ValueParts<S>,
): PersistStorage<S> {
  if (!hasIndexedDb()) return memoryPersistStorage<S>();
  const db = rawStore(key);
  if (parted) return partedStorage(db, parted, beside);
  return {
    getItem: (name) =>
      db('readonly', async (store) => {
        const value = (await requestDone(store.get(name))) as StorageValue<S> | undefined;
        return value ?? null;
      }),
    setItem: (name, value) =>
      db('readwrite', (store) => {
        const done = transactionDone(store.transaction);
        store.put(value, name);
        for (const [key, extra] of beside?.(value) ?? []) store.put(extra, key);
        return done;
      }),
    removeItem: (name) =>
      db('readwrite', (store) => {
        const done = transactionDone(store.transaction);
        store.delete(name);
        return done;
      }),
  };
}

/** Runs `callback` on the database's store in a transaction of its own. */
type RawStore = <T>(
  mode: IDBTransactionMode,
  callback: (store: IDBObjectStore) => T | PromiseLike<T>,
) => Promise<T>;

/**
 * The store as IndexedDB itself gives it (idb's unwrap): a part is put from the previous part's
 * success event, which a promise-based write would move to a later microtask of its own.
 */
function rawStore(key: DatabaseKey): RawStore {
  return async (mode, callback) => {
    const db = await openDatabase(key);
    return callback(unwrap(db.transaction(storeOf(key), mode).store));
  };
}

/**
 * A value kept as a head and parts (docs/performance.md): IndexedDB reads and writes a value as one
 * structured clone on the main thread, and for a 1,000-item wardrobe that was one task of some
 * 100 ms on a phone, at every start (the read) and after every answer (the write). Kept in parts,
 * each part is read in a task of its own (every request's success is its own event) and written
 * in a task of its own (the next part is put from the previous one's success), still in one
 * transaction: a copy is written whole or not at all.
 */
export interface ValueParts<S> {
  /** The value without its parts' contents, and the parts. */
  split(value: StorageValue<S>): { head: StorageValue<S>; parts: unknown[] };
  /** The value again from its head and parts (in the order split gave them). */
  join(head: StorageValue<S>, parts: unknown[]): StorageValue<S>;
}

/** The head as stored: the number of parts beside the value, under the value's own key. */
type StoredHead<S> = StorageValue<S> & { parts?: number };

/** A part's key: zero-padded, so that one key range holds every part of `name` in order. */
const partKey = (name: string, index: number) => `${name}#${String(index).padStart(6, '0')}`;
const allParts = (name: string) => IDBKeyRange.bound(`${name}#`, `${name}#\uffff`);

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

function partedStorage<S>(
  db: RawStore,
  parted: ValueParts<S>,
  beside?: (value: StorageValue<S>) => [string, unknown][],
): PersistStorage<S> {
  return {
    getItem: (name) =>
      db('readonly', async (store) => {
        const head = (await requestDone(store.get(name))) as StoredHead<S> | undefined;
        if (!head) return null;
        // A copy stored whole (before parts) reads as it is.
        if (head.parts === undefined) return head;
        const { parts: count, ...value } = head;
        // All asked for at once; each success (and its structured clone) is a task of its own.
        const parts = await Promise.all(
          Array.from({ length: count }, (_, i) => requestDone(store.get(partKey(name, i)))),
        );
        return parted.join(value, parts);
      }),
    setItem: (name, value) =>
      db('readwrite', (store) => {
        const done = transactionDone(store.transaction);
        const { head, parts } = parted.split(value);
        // Parts left from a larger copy go first; then each part is put from the previous one's
        // success, and the head and its companions last.
        store.delete(allParts(name));
        const putFrom = (i: number): void => {
          if (i < parts.length) {
            store.put(parts[i], partKey(name, i)).onsuccess = () => putFrom(i + 1);
            return;
          }
          store.put({ ...head, parts: parts.length } satisfies StoredHead<S>, name);
          for (const [key, extra] of beside?.(value) ?? []) store.put(extra, key);
        };
        putFrom(0);
        return done;
      }),
    removeItem: (name) =>
      db('readwrite', (store) => {
        const done = transactionDone(store.transaction);
        store.delete(allParts(name));
        store.delete(name);
        return done;
      }),
  };
}

/**
 * Writes that `defer` picks wait until the page is idle (at most `maxWaitMs`), so that storing a
 * large value (a 10,000-item wardrobe is some 100–400 ms of structured clone on the main thread)
 * does not stand between an answer and the screen that shows it (docs/first-screen.md). Only the
 * latest waiting value is written; any other write or removal replaces it at once, and a page being
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
