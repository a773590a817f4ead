/**
 * Limits of the photo pipeline that code outside it needs without loading it (images.ts imports
 * sharp, whose native library is loaded on the first photo, not at start-up).
 */

/** Larger than any phone or camera photo (a 48 MP sensor is 8064x6048) yet bounded in memory. */
export const DEFAULT_MAX_PIXELS = 50_000_000;
