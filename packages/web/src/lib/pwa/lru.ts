/**
 * The photo cache's least-recently-used index: bytes and last use of every cached photo, and which
 * photos to evict to stay under a byte budget. Pure (no I/O, clock passed in): the service worker
 * keeps one in memory, persists its changes to IndexedDB and deletes what `record` evicts.
 *
 * Workbox's ExpirationPlugin bounds entry counts and ages only; photos range from a 10 kB
 * thumbnail to a 1 MB display photo, so the budget is in bytes.
 */

export interface LruRecord {
  /** Size of the cached body in bytes. */
  bytes: number;
  /** Last time the photo was stored or served from the cache (ms since the epoch). */
  lastUsed: number;
}

/** 60 MB: a few thousand thumbnails plus the display photos recently opened. */
export const DEFAULT_PHOTO_BUDGET_BYTES = 60 * 1024 * 1024;

/**
 * The photo cache budget from the build setting VITE_PHOTO_CACHE_MB (megabytes, may be
 * fractional); the default when unset or not a positive number.
 */
export function photoBudgetBytes(megabytes: string | undefined): number {
  const mb = Number(megabytes);
  if (megabytes === undefined || megabytes.trim() === '' || !Number.isFinite(mb) || mb <= 0)
    return DEFAULT_PHOTO_BUDGET_BYTES;
  return Math.round(mb * 1024 * 1024);
}

/**
 * The keys to evict, least recently used first, so that the remaining entries fit in `budget`
 * bytes. An entry larger than the whole budget is evicted too (it could never fit).
 */
export function planEviction(
  entries: Iterable<readonly [string, LruRecord]>,
  budget: number,
): string[] {
  const list = [...entries];
  let total = list.reduce((sum, [, record]) => sum + record.bytes, 0);
  if (total <= budget) return [];
  // Oldest first; equal times by key so the plan does not depend on insertion order.
  list.sort(([ka, a], [kb, b]) => a.lastUsed - b.lastUsed || (ka < kb ? -1 : ka > kb ? 1 : 0));
  const evict: string[] = [];
  for (const [key, record] of list) {
    if (total <= budget) break;
    evict.push(key);
    total -= record.bytes;
  }
  return evict;
}

/** In-memory LRU index with a byte budget; reports the changes to persist. */
export class LruIndex {
  private readonly entries = new Map<string, LruRecord>();
  private total = 0;

  constructor(
    readonly budget: number,
    initial: Iterable<readonly [string, LruRecord]> = [],
  ) {
    for (const [key, record] of initial) this.set(key, record);
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.total;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): LruRecord | undefined {
    return this.entries.get(key);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Marks a cached photo as used now; returns the updated record, or undefined if unknown. */
  touch(key: string, now: number): LruRecord | undefined {
    const record = this.entries.get(key);
    if (!record) return undefined;
    const updated = { bytes: record.bytes, lastUsed: Math.max(record.lastUsed, now) };
    this.entries.set(key, updated);
    return updated;
  }

  /**
   * Records a photo just stored (or replaced) and returns the keys to evict to stay within the
   * budget, already removed from the index; the caller deletes them from the cache. The new photo
   * itself is evicted only when it alone exceeds the budget.
   */
  record(key: string, bytes: number, now: number): string[] {
    const size = Math.max(0, bytes);
    this.set(key, { bytes: size, lastUsed: now });
    if (this.total <= this.budget) return [];
    if (size > this.budget) {
      this.remove(key);
      return [key];
    }
    const others = [...this.entries].filter(([k]) => k !== key);
    const evict = planEviction(others, this.budget - size);
    for (const k of evict) this.remove(k);
    return evict;
  }

  remove(key: string): boolean {
    const record = this.entries.get(key);
    if (!record) return false;
    this.total -= record.bytes;
    this.entries.delete(key);
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private set(key: string, record: LruRecord): void {
    this.remove(key);
    this.entries.set(key, record);
    this.total += record.bytes;
  }
}
