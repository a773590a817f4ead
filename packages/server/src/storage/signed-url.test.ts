import { photoCacheKey } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import {
  URL_WINDOW_SECONDS,
  capabilityIn,
  keyBelongsTo,
  mediaCapability,
  mediaSigningKey,
  mediaUrl,
  parseMediaCapability,
  urlWindow,
  verifyMediaCapability,
} from './signed-url.js';

const key = mediaSigningKey('a-test-secret-that-is-long-enough-1234');
const USER = 'user_1';
const STAMP = 'stamp-of-user-1';
const photo = 'user_1/0b6c7c1e-1111-4222-8333-944445555666-display.webp';
const HOUR = 3600 * 1000;

describe('urlWindow', () => {
  it('gives URLs between 12 and 24 hours of life, whatever the time of signing', () => {
    const start = Date.UTC(2025, 0, 1);
    for (const offset of [0, 1, HOUR, 6 * HOUR, 12 * HOUR - 1, 12 * HOUR, 30 * HOUR + 7]) {
      const now = start + offset;
      const { expires } = urlWindow(now);
      const life = expires * 1000 - now;
      expect(life).toBeGreaterThan(12 * HOUR - 1000);
      expect(life).toBeLessThanOrEqual(24 * HOUR);
    }
  });

  it('keeps one window for 12 hours and then moves on', () => {
    const start = Date.UTC(2025, 0, 1);
    expect(urlWindow(start + 1).start).toBe(urlWindow(start + 12 * HOUR - 1).start);
    expect(urlWindow(start + 12 * HOUR).start).toBe(urlWindow(start).start + URL_WINDOW_SECONDS);
  });
});

describe('mediaCapability / verifyMediaCapability', () => {
  const now = Date.UTC(2025, 5, 1, 9, 30);
  const parsed = (segment: string) => {
    const p = parseMediaCapability(segment);
    if (!p) throw new Error(`not a capability: ${segment}`);
    return p;
  };

  it('is one path segment per user and window, so every URL of a user shares it', () => {
    const first = mediaCapability(key, USER, STAMP, now);
    expect(mediaCapability(key, USER, STAMP, now + 2 * HOUR)).toBe(first);
    expect(mediaCapability(key, USER, STAMP, now + 13 * HOUR)).not.toBe(first);
    expect(mediaCapability(key, 'user_2', STAMP, now)).not.toBe(first);
    expect(first).toMatch(/^m1\.[\w-]+\.\d+\.[\w-]{43}$/);
    expect(first).not.toContain('/');
    const a = mediaUrl(first, photo);
    const b = mediaUrl(first, photo.replace('display', 'thumbnail'));
    expect(a).toBe(`/media/${first}/${photo}`);
    // The service worker's cache key drops the capability: a new window reuses cached photos.
    expect(photoCacheKey(a)).toBe(`/media/${photo}`);
    expect(photoCacheKey(b)).not.toBe(photoCacheKey(a));
  });

  it('names its owner and expiry', () => {
    const p = parsed(mediaCapability(key, USER, STAMP, now));
    expect(p.userId).toBe(USER);
    expect(p.expires).toBe(urlWindow(now).expires);
  });

  it('accepts its own capability until the expiry', () => {
    const p = parsed(mediaCapability(key, USER, STAMP, now));
    expect(verifyMediaCapability(key, p, STAMP, now)).toBe(true);
    expect(verifyMediaCapability(key, p, STAMP, p.expires * 1000 - 1)).toBe(true);
  });

  it('refuses an expired capability', () => {
    const p = parsed(mediaCapability(key, USER, STAMP, now));
    expect(verifyMediaCapability(key, p, STAMP, p.expires * 1000)).toBe(false);
    const twoDaysAgo = parsed(mediaCapability(key, USER, STAMP, now - 48 * HOUR));
    expect(verifyMediaCapability(key, twoDaysAgo, STAMP, now)).toBe(false);
  });

  it('refuses a tampered owner, expiry or signature, another secret and another stamp', () => {
    const segment = mediaCapability(key, USER, STAMP, now);
    const p = parsed(segment);
    expect(verifyMediaCapability(key, { ...p, userId: 'user_2' }, STAMP, now)).toBe(false);
    expect(verifyMediaCapability(key, { ...p, expires: p.expires + 86400 }, STAMP, now)).toBe(
      false,
    );
    const flipped = (p.mac[0] === 'A' ? 'B' : 'A') + p.mac.slice(1);
    expect(verifyMediaCapability(key, { ...p, mac: flipped }, STAMP, now)).toBe(false);
    const otherKey = mediaSigningKey('another-secret-that-is-long-enough-5678');
    expect(verifyMediaCapability(otherKey, p, STAMP, now)).toBe(false);
    // A new password is a new stamp: links made before it die.
    expect(verifyMediaCapability(key, p, 'stamp-after-password-change', now)).toBe(false);
    // The owner spelled into the segment is covered by the signature too.
    const otherOwner = segment.replace(
      Buffer.from(USER).toString('base64url'),
      Buffer.from('user_2').toString('base64url'),
    );
    expect(verifyMediaCapability(key, parsed(otherOwner), STAMP, now)).toBe(false);
  });

  it('parses only the canonical m1. shape', () => {
    const segment = mediaCapability(key, USER, STAMP, now);
    expect(parseMediaCapability(segment)).not.toBeNull();
    for (const bad of [
      '',
      segment.slice(3),
      `m2.${segment.slice(3)}`,
      `${segment}=`,
      `${segment}.x`,
      segment.replace(/\.\d+\./, '.12.5.'),
      `m1..${urlWindow(now).expires}.${'A'.repeat(43)}`,
      'user_1',
    ]) {
      expect(parseMediaCapability(bad), bad).toBeNull();
    }
  });
});

describe('capabilityIn', () => {
  it('finds the capability of the first photo URL of a serialized answer', () => {
    const cap = mediaCapability(key, USER, STAMP);
    const body = JSON.stringify({
      clothes: { a: { id: 'a', image: mediaUrl(cap, photo), brand: '/media/m1.fake' } },
    });
    expect(capabilityIn(Buffer.from(body))).toBe(cap);
    expect(capabilityIn(Buffer.from('{"clothes":{},"outfits":{},"calendar":{}}'))).toBeNull();
  });
});

describe('keyBelongsTo', () => {
  it('matches the user folder exactly, not a user id that starts the same', () => {
    expect(keyBelongsTo('user_1/a.webp', 'user_1')).toBe(true);
    expect(keyBelongsTo('user_10/a.webp', 'user_1')).toBe(false);
    expect(keyBelongsTo('user_1', 'user_1')).toBe(false);
    expect(keyBelongsTo('/a.webp', '')).toBe(false);
  });
});
