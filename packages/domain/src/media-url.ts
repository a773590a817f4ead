/**
 * Photo URLs carry a capability that changes with time (and with the user and signing period:
 * docs/media-urls.md) while the photo behind them never changes: its storage key is written once.
 * Caches that outlive one URL (the service worker's photo cache, the browser's image memory) key
 * photos on the stable part only, so a new period does not download every photo again.
 *
 * Shapes understood:
 * - `/media/<key>?exp=<unix>&sig=<hmac>`: one signature per URL (the earlier shape);
 * - `/media/m1.<capability>/<key>`: one capability path segment for a user and period; the
 *   segment always starts with `m1.` and never contains `/`.
 */
export const MEDIA_PATH_PREFIX = '/media/';

/** Capability segments start with this; a storage key never does (keys start with a user id). */
export const MEDIA_CAPABILITY_PREFIX = 'm1.';

/**
 * The stable cache key of a photo URL: `/media/<key>` without query or capability segment, or
 * `null` when the URL is not one of our photo URLs (another origin, or not under /media/).
 */
export function photoCacheKey(url: string, origin?: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin ?? 'http://hanger.invalid');
  } catch {
    return null;
  }
  if (origin !== undefined && parsed.origin !== new URL(origin).origin) return null;
  if (!parsed.pathname.startsWith(MEDIA_PATH_PREFIX)) return null;
  let rest = parsed.pathname.slice(MEDIA_PATH_PREFIX.length);
  if (rest.startsWith(MEDIA_CAPABILITY_PREFIX)) {
    const slash = rest.indexOf('/');
    if (slash < 0) return null;
    rest = rest.slice(slash + 1);
  }
  if (rest === '') return null;
  return `${MEDIA_PATH_PREFIX}${rest}`;
}
