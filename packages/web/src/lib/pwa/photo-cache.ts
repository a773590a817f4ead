import { photoCacheKey } from '@hanger/domain';
import type { WorkboxPlugin } from 'workbox-core/types';
import { LruIndex, type LruRecord } from './lru';
import { clearLru, readLru, writeLru } from '../persistence/photo-lru';
import { openCache, type AppCache } from '../persistence/caches';
import { PHOTO_CACHE } from './names';

/**
 * The service worker's photo cache (GET /media/**): cache-first, keyed by `photoCacheKey` so a
 * photo stays cached when its URL's capability changes, bounded in bytes by an LRU index kept in
 * memory and persisted (debounced) to IndexedDB (lib/persistence/photo-lru.ts). Runs in the
 * service worker only.
 */

const FLUSH_DELAY_MS = 1000;

export class PhotoCache {
  private lru: LruIndex | undefined;
  private loading: Promise<LruIndex> | undefined;
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly origin: string,
    readonly budget: number,
    readonly cacheName: AppCache = PHOTO_CACHE,
  ) {}

  /** The cache URL of a photo request, or null when it is not one of our photos. */
  keyOf(url: string): string | null {
    const key = photoCacheKey(url, this.origin);
    return key === null ? null : new URL(key, this.origin).href;
  }

  /** Loads the index once and reconciles it with the cache (either may have been cleared). */
  index(): Promise<LruIndex> {
    if (this.lru) return Promise.resolve(this.lru);
    this.loading ??= this.load().then((lru) => {
      this.lru = lru;
      return lru;
    });
    return this.loading;
  }

  private async load(): Promise<LruIndex> {
    const stored = await readLru().catch(() => []);
    const lru = new LruIndex(this.budget, stored);
    const cache = await openCache(this.cacheName);
    const cached = new Set((await cache.keys()).map((request) => request.url));
    for (const key of lru.keys()) {
      if (!cached.has(key)) {
        lru.remove(key);
        this.removed.add(key);
      }
    }
    // Cached but unknown to the index (it was lost): count it, as if just used.
    const now = Date.now();
    for (const url of cached) {
      if (lru.has(url)) continue;
      const response = await cache.match(url);
      const bytes = response ? await sizeOf(response) : 0;
      for (const evicted of lru.record(url, bytes, now)) await this.evict(cache, evicted);
      this.changed(url);
    }
    this.scheduleFlush();
    return lru;
  }

  /** Runs index changes one at a time, so an eviction never interleaves with another update. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Photo served from the cache: it becomes the most recently used. */
  used(url: string): Promise<void> {
    return this.exclusive(async () => {
      const lru = await this.index();
      if (lru.touch(url, Date.now())) this.changed(url);
      this.scheduleFlush();
    });
  }

  /** Photo just stored: count it and evict the least recently used past the budget. */
  stored(url: string, response: Response): Promise<void> {
    return this.exclusive(async () => {
      const lru = await this.index();
      const cache = await openCache(this.cacheName);
      // Loading the index may have counted (and evicted) it already.
      if (!(await cache.match(url))) return;
      const bytes = await sizeOf(response);
      const evicted = lru.record(url, bytes, Date.now());
      if (lru.has(url)) this.changed(url);
      for (const key of evicted) await this.evict(cache, key);
      this.scheduleFlush();
    });
  }

  /**
   * A record to write at the next flush. It may have been evicted since the last flush (a photo
   * evicted, then fetched and stored again): it is no longer one to delete, or the flush, which
   * writes and deletes in one transaction, would drop it from the stored index.
   */
  private changed(key: string): void {
    this.removed.delete(key);
    this.dirty.add(key);
  }

  private async evict(cache: Cache, key: string): Promise<void> {
    this.dirty.delete(key);
    this.removed.add(key);
    await cache.delete(key);
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, FLUSH_DELAY_MS);
  }

  /** Writes the index changes made since the last flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const lru = this.lru;
      if (!lru) return;
      const set = [...this.dirty].flatMap((key) => {
        const record = lru.get(key);
        return record ? [[key, record] as [string, LruRecord]] : [];
      });
      const del = [...this.removed];
      this.dirty.clear();
      this.removed.clear();
      await writeLru(set, del).catch(() => undefined);
    });
    return this.flushing;
  }

  /**
   * Forgets every photo (sign-out); `deleteCaches` runs in the same turn, so no photo stored
   * meanwhile is counted for a cache that is gone.
   */
  reset(deleteCaches: () => Promise<void>): Promise<void> {
    return this.exclusive(async () => {
      await this.flushing;
      if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
      this.dirty.clear();
      this.removed.clear();
      this.lru?.clear();
      await clearLru().catch(() => undefined);
      await deleteCaches();
    });
  }

  /**
   * Workbox plugin for a CacheFirst strategy: stable keys, only 200 responses stored, and the LRU
   * index kept up to date.
   */
  plugin(): WorkboxPlugin {
    return {
      cacheKeyWillBeUsed: ({ request }) => Promise.resolve(this.keyOf(request.url) ?? request),
      // 'cors': photos in object storage come through a redirect to the bucket (the media route
      // answers 302 to a presigned URL); the images ask with crossorigin="anonymous", so the
      // answer is readable and worth keeping for offline use like a disk photo.
      cacheWillUpdate: ({ response }) =>
        Promise.resolve(
          response.status === 200 && (response.type === 'basic' || response.type === 'cors')
            ? response
            : null,
        ),
      cachedResponseWillBeUsed: async ({ request, cachedResponse, event }) => {
        if (cachedResponse) event.waitUntil(this.used(request.url));
        return cachedResponse ?? null;
      },
      cacheDidUpdate: async ({ request, newResponse }) => {
        await this.stored(request.url, newResponse);
      },
    };
  }
}

async function sizeOf(response: Response): Promise<number> {
  const header = Number(response.headers.get('content-length'));
  if (Number.isFinite(header) && header > 0) return header;
  return (await response.clone().blob()).size;
}
