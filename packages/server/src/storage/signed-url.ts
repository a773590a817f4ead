import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_CAPABILITY_PREFIX, MEDIA_PATH_PREFIX } from '@hanger/domain';

/**
 * Photo URLs are `/media/m1.<capability>/<key>`: one signed, expiring capability per user and
 * signing window in the path, shared by every photo of that user (docs/media-urls.md). A
 * wardrobe of 10,000 items repeats one 100-byte segment 20,000 times, which gzip shrinks to
 * almost nothing, where a signature per URL (the shape before issue 15) was 64 incompressible
 * bytes per photo.
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

/**
 * `stamp` is the account's media stamp (see media-access.ts): it changes when the account's
 * password changes, so every capability made before dies with it.
 */
function mac(signingKey: Buffer, userId: string, expires: number, stamp: string): string {
  return createHmac('sha256', signingKey)
    .update(`m1\n${userId}\n${expires}\n${stamp}`)
    .digest('base64url');
}

/** The `m1.` path segment that opens every photo of `userId` until the end of the next window. */
export function mediaCapability(
  signingKey: Buffer,
  userId: string,
  stamp: string,
  nowMs?: number,
): string {
  const { expires } = urlWindow(nowMs);
  const owner = Buffer.from(userId, 'utf8').toString('base64url');
  return `${MEDIA_CAPABILITY_PREFIX}${owner}.${expires}.${mac(signingKey, userId, expires, stamp)}`;
}

/** The URL of one stored photo under a capability. */
export function mediaUrl(capability: string, key: string): string {
  return `${MEDIA_PATH_PREFIX}${capability}/${key}`;
}

export interface ParsedCapability {
  userId: string;
  expires: number;
  mac: string;
}

const CAPABILITY = /^m1\.([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Splits a capability segment; `null` when it does not have the `m1.` shape. */
export function parseMediaCapability(segment: string): ParsedCapability | null {
  const match = CAPABILITY.exec(segment);
  if (!match) return null;
  const userId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  // Only the canonical spelling: one capability, one string (caches and ETags rely on it).
  if (Buffer.from(userId, 'utf8').toString('base64url') !== match[1]) return null;
  return { userId, expires: Number(match[2]), mac: match[3]! };
}

/**
 * True when the capability is unexpired and was signed with this key for this owner and stamp.
 * Constant time with respect to the signature.
 */
export function verifyMediaCapability(
  signingKey: Buffer,
  capability: ParsedCapability,
  stamp: string,
  nowMs: number = Date.now(),
): boolean {
  if (capability.expires * 1000 <= nowMs) return false;
  // Compare the text, not decoded bytes: base64url has several spellings of the same last byte.
  const expected = Buffer.from(mac(signingKey, capability.userId, capability.expires, stamp));
  return timingSafeEqual(Buffer.from(capability.mac), expected);
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

/** Does `key` belong to `userId`? Storage keys are `<userId>/...` (photos/images.ts). */
export function keyBelongsTo(key: string, userId: string): boolean {
  return userId.length > 0 && key.startsWith(`${userId}/`);
}
