import type { OutboxSnapshot, OutboxStorage } from '../outbox/storage';
import { openDatabase, storeOf } from './database';
import { OUTBOX_QUEUE_KEY, outboxPhotoKey } from './schema';

const STORE = storeOf('outbox');

/**
 * The outbox's storage in its IndexedDB database (schema.ts): the queue as one snapshot under
 * one key, each waiting photo under a key of its own, as stored since the outbox first shipped.
 */
export function idbOutboxStorage(): OutboxStorage {
  const db = () => openDatabase('outbox');
  return {
    load: async () =>
      (await (await db()).get(STORE, OUTBOX_QUEUE_KEY)) as OutboxSnapshot | undefined,
    save: async (snapshot) => {
      await (await db()).put(STORE, snapshot, OUTBOX_QUEUE_KEY);
    },
    update: async (change) => {
      // Read, change and write in one transaction: another window's write cannot come between.
      const tx = (await db()).transaction(STORE, 'readwrite');
      const stored = (await tx.store.get(OUTBOX_QUEUE_KEY)) as OutboxSnapshot | undefined;
      const written = change(stored);
      await tx.store.put(written, OUTBOX_QUEUE_KEY);
      await tx.done;
      return written;
    },
    putPhoto: async (key, photo) => {
      await (await db()).put(STORE, photo, outboxPhotoKey(key));
    },
    getPhoto: async (key) =>
      (await (await db()).get(STORE, outboxPhotoKey(key))) as Blob | undefined,
    deletePhoto: async (key) => {
      await (await db()).delete(STORE, outboxPhotoKey(key));
    },
    clear: async () => {
      await (await db()).clear(STORE);
    },
  };
}
