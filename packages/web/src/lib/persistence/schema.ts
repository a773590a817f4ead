/**
 * Everything the app keeps on the device, by name: its IndexedDB databases (one schema version,
 * one upgrade path) and its Cache Storage caches. Pure names and rules, no I/O: the page, the
 * service worker (src/sw.ts), the build (public/early.js's copy, scripts/inline-head.mjs) and the
 * tests read them from here. lib/persistence/database.ts is the only module that opens them.
 *
 * The three databases keep the names they had before this module (docs/architecture.md): an install
 * that already holds a wardrobe copy, queued offline changes with their photos, or a photo index
 * reads them as they are, with no copy between databases that a closed tab could cut in half
 * (the outbox must never lose a queued change). They stay apart because they live apart: the
 * wardrobe copy is read by the page's first script, the outbox by every window, the photo index
 * by the service worker; and sign-out deletes each one whole.
 */

/**
 * The schema version of every database. Version 1 is the layout every install already has
 * (the first opens created it, without a version number, which IndexedDB takes as 1). A change
 * of layout raises it and adds a step to UPGRADES.
 */
export const SCHEMA_VERSION = 1;

export const DATABASES = {
  /** The wardrobe copy (in parts) and its ETag, written by the wardrobe store. */
  wardrobe: { name: 'hanger', store: 'state' },
  /** The outbox: the queue of changes made offline and the photos waiting to go up. */
  outbox: { name: 'hanger-outbox', store: 'outbox' },
  /** The photo cache's LRU index (bytes and last use per key), kept by the service worker. */
  photoLru: { name: 'hanger-photo-lru', store: 'entries' },
} as const;

export type DatabaseKey = keyof typeof DATABASES;

/** What an upgrade step may do to the database being opened. */
export interface UpgradeTarget {
  readonly objectStoreNames: DOMStringList;
  createObjectStore(name: string): unknown;
}

/**
 * The upgrade path: step `n` takes a database from version n - 1 to n. Every step keeps what is
 * stored; a store is only ever created where it is missing.
 */
const UPGRADES: Record<number, (db: UpgradeTarget, key: DatabaseKey) => void> = {
  1: (db, key) => {
    const { store } = DATABASES[key];
    if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
  },
};

/** Runs the steps from `oldVersion` up to SCHEMA_VERSION (IndexedDB's upgradeneeded). */
export function upgrade(db: UpgradeTarget, key: DatabaseKey, oldVersion: number): void {
  for (let version = oldVersion + 1; version <= SCHEMA_VERSION; version++) {
    UPGRADES[version]?.(db, key);
  }
}

/** The outbox's keys: the queue (one snapshot) and each waiting photo. */
export const OUTBOX_QUEUE_KEY = 'queue';
export const outboxPhotoKey = (key: string): string => `photo:${key}`;

/** The key, beside the wardrobe copy, of the copy's ETag alone (public/early.js reads it). */
export const WARDROBE_ETAG_KEY = 'hanger-wardrobe-etag';

/**
 * What public/early.js needs to read the stored ETag, written into it at each build
 * (scripts/inline-head.mjs) and checked against its source by a unit test (early-boot.test.ts).
 */
export const EARLY_READ = {
  db: DATABASES.wardrobe.name,
  version: SCHEMA_VERSION,
  store: DATABASES.wardrobe.store,
  key: WARDROBE_ETAG_KEY,
} as const;

/** The line of public/early.js that holds EARLY_READ (as Prettier writes it). */
export function earlyReadLine(): string {
  const fields = Object.entries(EARLY_READ).map(
    ([name, value]) => `${name}: ${typeof value === 'string' ? `'${value}'` : value}`,
  );
  return `var IDB = { ${fields.join(', ')} };`;
}

/** Workbox's cache-name prefix: the app-shell precache is `hanger-precache-v2-<scope>`. */
export const CACHE_PREFIX = 'hanger';

/** Thumbnails and display photos (GET /media/**), keyed by `photoCacheKey`. */
export const PHOTO_CACHE = 'hanger-photos-v1';

/** Files shared to the app (Web Share Target) waiting for the upload page. */
export const SHARE_CACHE = 'hanger-share-target-v1';
