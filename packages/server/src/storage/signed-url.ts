import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_CAPABILITY_PREFIX, MEDIA_PATH_PREFIX } from '@hanger/domain';

/**
 * Photo URLs are `/media/m1.<capability>/<key>`: one signed, expiring capability per user and
 * signing window in the path, shared by every photo of that user (docs/media-urls.md). A
 * wardrobe of 10,000 items repeats one 37-byte segment 20,000 times, which gzip shrinks to
 * almost nothing, where a signature per URL (the shape before, docs/media-urls.md) was 64
 * incompressible bytes per photo.
 *
 * The capability must also be stable: the API caches each user's serialized wardrobe and answers
 * ETags, so a URL that changed on every request would defeat both caches (and the browser's image
 * cache). Expiry is therefore computed on fixed windows: every capability made during a 12-hour
 * window expires at the end of the following window, so it is the same string for the whole
 * window and stays valid for 12 to 24 hours.
 *
 * Whoever caches serialized URLs keys the cache on `urlWindow().start` so that a new window brings
 * fresh URLs before the old ones expire.
 */
export const URL_WINDOW_SECONDS = 12 * 60 * 60;

export interface UrlWindow {
  /** Unix seconds at which the current window began. */
  start: number;
  /** Unix seconds at which URLs signed in this window stop working (end of the next window). */
  expires: number;
}

export function urlWindow(nowMs: number = Date.now()): UrlWindow {
  const now = Math.floor(nowMs / 1000);
  const start = now - (now % URL_WINDOW_SECONDS);
  return { start, expires: start + 2 * URL_WINDOW_SECONDS };
}

/** HMAC key for media URLs, derived so that the auth secret is never used raw for two purposes. */
export function mediaSigningKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('hanger/media-url/v1').digest();
}

/** 128 bits of HMAC-SHA256, base64url: the usual truncation, and 22 characters per URL. */
const MAC_BYTES = 16;

/**
 * Binds the capability to its owner (the first folder of every key it opens, see photos/images.ts
 * `storageKeys`), its expiry, and the owner's media stamp (see media-access.ts): the stamp changes
 * when the account's password changes, so every capability made before dies with it.
 */
function mac(signingKey: Buffer, userId: string, expires: number, stamp: string): string {
  return createHmac('sha256', signingKey)
    .update(`m1\n${userId}\n${expires}\n${stamp}`)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString('base64url');
}

/**
 * The `m1.<expires>.<mac>` path segment that opens every photo of `userId` until the end of the
 * next window. The owner is not spelled in it: it is the first folder of the key that follows.
 */
export function mediaCapability(
  signingKey: Buffer,
  userId: string,
  stamp: string,
  nowMs?: number,
): string {
  const { expires } = urlWindow(nowMs);
  return `${MEDIA_CAPABILITY_PREFIX}${expires}.${mac(signingKey, userId, expires, stamp)}`;
}

/** The URL of one stored photo under a capability. */
export function mediaUrl(capability: string, key: string): string {
  return `${MEDIA_PATH_PREFIX}${capability}/${key}`;
}

export interface ParsedCapability {
  expires: number;
  mac: string;
}

const CAPABILITY = /^m1\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/** Splits a capability segment; `null` when it does not have the `m1.` shape. */
export function parseMediaCapability(segment: string): ParsedCapability | null {
  const match = CAPABILITY.exec(segment);
  if (!match) return null;
  return { expires: Number(match[1]), mac: match[2]! };
}

/** The user a storage key belongs to (its first folder), or `null` for a key without one. */
export function ownerOfKey(key: string): string | null {
  const slash = key.indexOf('/');
  return slash > 0 ? key.slice(0, slash) : null;
}

/**
 * True when the capability is unexpired and was signed with this key for this owner and stamp.
 * Constant time with respect to the signature.
 */
export function verifyMediaCapability(
  signingKey: Buffer,
  userId: string,
  capability: ParsedCapability,
  stamp: string,
  nowMs: number = Date.now(),
): boolean {
  if (capability.expires * 1000 <= nowMs) return false;
  // Compare the text, not decoded bytes: base64url has several spellings of the same last byte.
  const expected = Buffer.from(mac(signingKey, userId, capability.expires, stamp));
  const given = Buffer.from(capability.mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const FIRST_CAPABILITY = Buffer.from(`"${MEDIA_PATH_PREFIX}${MEDIA_CAPABILITY_PREFIX}`);

/**
 * The capability of the first photo URL in a serialized answer (every URL of one answer shares
 * it), or `null` when the answer has no photo.
 */
export function capabilityIn(json: Buffer): string | null {
  const at = json.indexOf(FIRST_CAPABILITY);
  if (at < 0) return null;
  const start = at + 1 + MEDIA_PATH_PREFIX.length;
  const end = json.indexOf(0x2f /* / */, start);
  return end < 0 ? null : json.subarray(start, end).toString('utf8');
}
