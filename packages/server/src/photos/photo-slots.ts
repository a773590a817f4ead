/**
 * How many photos are decoded and encoded at once (PHOTO_CONCURRENCY). Each photo already uses
 * every core through libvips' threads, so running more of them side by side makes none finish
 * sooner; it only takes the cores from the event loop, and reads such as GET /api/users wait
 * behind them. The others queue here, first come first served, holding nothing but their bytes.
 *
 * This module does not load the image library, so the server can configure it at start-up.
 */

/** Default: one photo at a time keeps a core for the requests on a small (2-core) server. */
export const DEFAULT_PHOTO_CONCURRENCY = 1;

let limit = DEFAULT_PHOTO_CONCURRENCY;
let running = 0;
const waiting: (() => void)[] = [];

/** Sets how many photos may be worked on at once (an integer >= 1). */
export function setPhotoConcurrency(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new Error(`photo concurrency must be >= 1, got ${n}`);
  limit = n;
  while (running < limit && waiting.length > 0) {
    running++;
    waiting.shift()!();
  }
}

export function photoConcurrency(): number {
  return limit;
}

/** Photos waiting for a slot right now. */
export function photosWaiting(): number {
  return waiting.length;
}

/** Runs `work` once one of the `photoConcurrency()` slots is free, and frees it afterwards. */
export async function withPhotoSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < limit) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
