import { CACHE_PREFIX, PHOTO_CACHE, SHARE_CACHE } from './schema';

/**
 * The app's Cache Storage caches (schema.ts names them), in the page and in the service worker.
 * The app-shell precache is Workbox's own (src/sw.ts); the caches here are the app's.
 */

export type AppCache = typeof PHOTO_CACHE | typeof SHARE_CACHE;

export const openCache = (name: AppCache): Promise<Cache> => caches.open(name);

/** Whether this context has Cache Storage (plain http on a LAN has none). */
export const hasCaches = (): boolean => 'caches' in globalThis;

/** Sign-out: deletes every cache of this origin, the app shell's among them. */
export async function deleteAllCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/** Caches an earlier version of the app named (a renamed photo or share cache), to delete. */
export function staleCaches(names: readonly string[]): string[] {
  const known: readonly string[] = [PHOTO_CACHE, SHARE_CACHE];
  return names.filter(
    (n) => n.startsWith(`${CACHE_PREFIX}-`) && !n.includes('-precache-') && !known.includes(n),
  );
}
