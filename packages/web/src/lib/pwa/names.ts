/**
 * Names shared by the page and the service worker (src/sw.ts). Changing a cache name orphans the
 * old cache; the worker deletes caches it does not know on activation.
 */

/** Workbox's cache-name prefix: the app-shell precache is `hanger-precache-v2-<scope>`. */
export const CACHE_PREFIX = 'hanger';

/** Thumbnails and display photos (GET /media/**), keyed by `photoCacheKey`. */
export const PHOTO_CACHE = 'hanger-photos-v1';

/** Files shared to the app (Web Share Target) waiting for the upload page. */
export const SHARE_CACHE = 'hanger-share-target-v1';

/** IndexedDB database and store of the photo cache's LRU index (bytes and last use per key). */
export const PHOTO_LRU_DB = 'hanger-photo-lru';
export const PHOTO_LRU_STORE = 'entries';

/** Messages the page posts to the service worker. */
export const SW_MESSAGE = {
  /** Activate the waiting worker (only ever sent when the user chooses Reload). */
  skipWaiting: 'SKIP_WAITING',
  /** Delete every cache and the LRU index (sign-out); replies on the message port when done. */
  clearCaches: 'HANGER_CLEAR_CACHES',
  /**
   * Keep these photos (`urls`), which the page showed before the worker controlled it: it registers
   * a few seconds after the first screen (update-state.ts), whose photos would otherwise not be
   * kept for the next visit or for offline use.
   */
  cachePhotos: 'HANGER_CACHE_PHOTOS',
} as const;
