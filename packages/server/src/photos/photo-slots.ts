/**
 * How many photos are decoded and encoded at once. sharp runs each photo's libvips pipeline on one
 * thread here (`sharp.concurrency()` is 1 on glibc Linux without jemalloc, the default build), so a
 * photo takes one core; the others queue, first come first served, holding nothing but their bytes.
 *
 * Two pools: uploads and edits (PHOTO_CONCURRENCY, default 1, which keeps a core for the requests
 * being served on a small 2-core server), and the photo step of imports (IMPORT_PHOTO_CONCURRENCY,
 * default one per core up to 2: an import is a one-off of thousands of photos, and one per core
 * halves it; docs/import-photos.md). Each pool is shared by everything in the process that uses it,
 * so two imports at once still run at most IMPORT_PHOTO_CONCURRENCY photos together.
 *
 * This module does not load the image library, so the server can configure it at start-up.
 */

/** A first-come-first-served limit on work running at once. */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private max: number) {
    Slots.check(max);
  }

  private static check(n: number): void {
    if (!Number.isInteger(n) || n < 1) throw new Error(`photo concurrency must be >= 1, got ${n}`);
  }

  /** Sets how many may run at once (an integer >= 1); waiting work starts if the limit rose. */
  setLimit(n: number): void {
    Slots.check(n);
    this.max = n;
    while (this.running < this.max && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()!();
    }
  }

  get limit(): number {
    return this.max;
  }

  /** Work waiting for a slot right now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` once a slot is free, and frees it afterwards. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Default: one photo at a time keeps a core for the requests on a small (2-core) server. */
export const DEFAULT_PHOTO_CONCURRENCY = 1;

const uploads = new Slots(DEFAULT_PHOTO_CONCURRENCY);

/** Sets how many photos may be worked on at once (an integer >= 1). */
export function setPhotoConcurrency(n: number): void {
  uploads.setLimit(n);
}

export function photoConcurrency(): number {
  return uploads.limit;
}

/** Photos waiting for a slot right now. */
export function photosWaiting(): number {
  return uploads.queued;
}

/** Runs `work` once one of the `photoConcurrency()` slots is free, and frees it afterwards. */
export function withPhotoSlot<T>(work: () => Promise<T>): Promise<T> {
  return uploads.run(work);
}

/** A way to run photo work in a pool (withPhotoSlot, or the import pool's run). */
export type PhotoSlot = <T>(work: () => Promise<T>) => Promise<T>;

/** IMPORT_PHOTO_CONCURRENCY's default: one per core, at most 2 (config.ts passes the cores). */
export function defaultImportPhotoConcurrency(cores: number): number {
  return Math.max(1, Math.min(2, cores));
}

/** The import's photo pool (set at start-up from IMPORT_PHOTO_CONCURRENCY). */
export const importPhotoSlots = new Slots(DEFAULT_PHOTO_CONCURRENCY);
