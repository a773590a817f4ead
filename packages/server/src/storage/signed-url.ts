import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Photo URLs are signed capabilities, and they must also be stable: the API caches each user's
 * serialized wardrobe and answers ETags, so a URL that changed on every request would defeat both
 * caches (and the browser's image cache). Expiry is therefore computed on fixed windows: every URL
 * signed during a 12-hour window expires at the end of the following window, so the same key gives
 * the same string for the whole window and the URL stays valid for 12 to 24 hours.
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

function signature(signingKey: Buffer, key: string, exp: number): Buffer {
  return createHmac('sha256', signingKey).update(`${key}\n${exp}`).digest();
}

export function signMediaPath(signingKey: Buffer, key: string, nowMs?: number): string {
  const { expires } = urlWindow(nowMs);
  const sig = signature(signingKey, key, expires).toString('base64url');
  return `/media/${key}?exp=${expires}&sig=${sig}`;
}

export type MediaSignatureCheck = { ok: true; expires: number } | { ok: false };

const EXP = /^\d{1,12}$/;
const SIG = /^[A-Za-z0-9_-]{43}$/;

/** Checks a `/media/<key>?exp=&sig=` request in constant time with respect to the signature. */
export function verifyMediaSignature(
  signingKey: Buffer,
  key: string,
  exp: unknown,
  sig: unknown,
  nowMs: number = Date.now(),
): MediaSignatureCheck {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !EXP.test(exp) || !SIG.test(sig)) {
    return { ok: false };
  }
  const expires = Number(exp);
  if (expires * 1000 <= nowMs) return { ok: false };
  // Compare the text, not decoded bytes: base64url has several spellings of the same last byte.
  const expected = Buffer.from(signature(signingKey, key, expires).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(sig), expected)) return { ok: false };
  return { ok: true, expires };
}
