/**
 * Names shared by the page and the service worker (src/sw.ts). Changing a cache name
 * (lib/persistence/schema.ts) orphans the old cache; the worker deletes caches it does not know
 * on activation.
 */

/** The caches' names live with everything else the app keeps on the device. */
export { CACHE_PREFIX, PHOTO_CACHE, SHARE_CACHE } from '../persistence/schema';

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
