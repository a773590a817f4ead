import type { OutboxEntry } from './ops';

/** A change the server refused: off the queue, kept in the "Not saved" list until dismissed. */
export interface RefusedChange {
  id: string;
  /** The action's error toast title (docs/spec.md §8), e.g. "Failed to update item". */
  title: string;
  /** "Couldn't save your change to “Top”: The requested item was not found." */
  message: string;
  /** ISO time of the refusal. */
  at: string;
}

/** Everything the outbox keeps between visits, apart from the photos. */
export interface OutboxSnapshot {
  /** The user whose changes these are; another account never sends them. */
  owner: string | null;
  entries: OutboxEntry[];
  refused: RefusedChange[];
  /** Temporary ids already created on the server, and the ids they got. */
  idMap: Record<string, string>;
  nextSeq: number;
}

/**
 * Where the outbox lives: IndexedDB in the browser (lib/persistence/outbox-storage.ts), memory in
 * unit tests and where IndexedDB is missing.
 */
export interface OutboxStorage {
  load(): Promise<OutboxSnapshot | undefined>;
  save(snapshot: OutboxSnapshot): Promise<void>;
  /**
   * Read-modify-write of the stored queue in one transaction (another window may have written
   * since this one read it): stores and answers what `change` makes of the stored snapshot.
   */
  update(change: (stored: OutboxSnapshot | undefined) => OutboxSnapshot): Promise<OutboxSnapshot>;
  putPhoto(key: string, photo: Blob): Promise<void>;
  getPhoto(key: string): Promise<Blob | undefined>;
  deletePhoto(key: string): Promise<void>;
  /** Deletes the queue and every photo. */
  clear(): Promise<void>;
}

const QUEUE_KEY = 'queue';
const photoKey = (key: string) => `photo:${key}`;

/**
 * The same interface over a Map, for tests and browsers without IndexedDB. Values are cloned
 * on the way in and out, as IndexedDB would, so a test cannot pass by sharing objects.
 */
export function memoryOutboxStorage(values = new Map<string, unknown>()): OutboxStorage {
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    load: async () => copy(values.get(QUEUE_KEY) as OutboxSnapshot | undefined),
    save: async (snapshot) => {
      values.set(QUEUE_KEY, copy(snapshot));
    },
    update: async (change) => {
      const written = change(copy(values.get(QUEUE_KEY) as OutboxSnapshot | undefined));
      values.set(QUEUE_KEY, copy(written));
      return copy(written);
    },
    putPhoto: async (key, photo) => {
      values.set(photoKey(key), photo);
    },
    getPhoto: async (key) => values.get(photoKey(key)) as Blob | undefined,
    deletePhoto: async (key) => {
      values.delete(photoKey(key));
    },
    clear: async () => {
      values.clear();
    },
  };
}
