import { photoCacheKey } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import {
  URL_WINDOW_SECONDS,
  capabilityIn,
  mediaCapability,
  mediaSigningKey,
  mediaUrl,
  ownerOfKey,
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

  it('is one short path segment per user and window, so every URL of a user shares it', () => {
    const first = mediaCapability(key, USER, STAMP, now);
    expect(mediaCapability(key, USER, STAMP, now + 2 * HOUR)).toBe(first);
    expect(mediaCapability(key, USER, STAMP, now + 13 * HOUR)).not.toBe(first);
    expect(mediaCapability(key, 'user_2', STAMP, now)).not.toBe(first);
    expect(first).toMatch(/^m1\.\d+\.[\w-]{22}$/);
    expect(first).not.toContain('/');
    const a = mediaUrl(first, photo);
    const b = mediaUrl(first, photo.replace('display', 'thumbnail'));
    expect(a).toBe(`/media/${first}/${photo}`);
    // The service worker's cache key drops the capability: a new window reuses cached photos.
    expect(photoCacheKey(a)).toBe(`/media/${photo}`);
    expect(photoCacheKey(b)).not.toBe(photoCacheKey(a));
  });

  it('carries its expiry', () => {
    expect(parsed(mediaCapability(key, USER, STAMP, now)).expires).toBe(urlWindow(now).expires);
  });

  it('accepts its own capability until the expiry', () => {
    const p = parsed(mediaCapability(key, USER, STAMP, now));
    expect(verifyMediaCapability(key, USER, p, STAMP, now)).toBe(true);
    expect(verifyMediaCapability(key, USER, p, STAMP, p.expires * 1000 - 1)).toBe(true);
  });

  it('refuses an expired capability', () => {
    const p = parsed(mediaCapability(key, USER, STAMP, now));
    expect(verifyMediaCapability(key, USER, p, STAMP, p.expires * 1000)).toBe(false);
    const twoDaysAgo = parsed(mediaCapability(key, USER, STAMP, now - 48 * HOUR));
    expect(verifyMediaCapability(key, USER, twoDaysAgo, STAMP, now)).toBe(false);
  });

  it('refuses another owner, a tampered expiry or signature, another secret and another stamp', () => {
    const p = parsed(mediaCapability(key, USER, STAMP, now));
    // User 1's capability does not open user 2's photos (the owner is the key's first folder).
    expect(verifyMediaCapability(key, 'user_2', p, STAMP, now)).toBe(false);
    expect(verifyMediaCapability(key, USER, { ...p, expires: p.expires + 86400 }, STAMP, now)).toBe(
      false,
    );
    const flipped = (p.mac[0] === 'A' ? 'B' : 'A') + p.mac.slice(1);
    expect(verifyMediaCapability(key, USER, { ...p, mac: flipped }, STAMP, now)).toBe(false);
    expect(verifyMediaCapability(key, USER, { ...p, mac: p.mac.slice(1) }, STAMP, now)).toBe(false);
    const otherKey = mediaSigningKey('another-secret-that-is-long-enough-5678');
    expect(verifyMediaCapability(otherKey, USER, p, STAMP, now)).toBe(false);
    // A new password is a new stamp: links made before it die.
    expect(verifyMediaCapability(key, USER, p, 'stamp-after-password-change', now)).toBe(false);
  });

  it('parses only the canonical m1. shape', () => {
    const segment = mediaCapability(key, USER, STAMP, now);
    expect(parseMediaCapability(segment)).not.toBeNull();
    for (const bad of [
      '',
      segment.slice(3),
      `m2.${segment.slice(3)}`,
      `${segment}=`,
      `${segment}A`,
      `${segment}.x`,
      segment.replace(/\.\d+\./, '.12.5.'),
      `m1..${'A'.repeat(22)}`,
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

describe('ownerOfKey', () => {
  it('is the first folder of a key, and nothing for a key without one', () => {
    expect(ownerOfKey('user_1/a.webp')).toBe('user_1');
    expect(ownerOfKey('user_10/x/a.webp')).toBe('user_10');
    expect(ownerOfKey('user_1')).toBeNull();
    expect(ownerOfKey('/a.webp')).toBeNull();
  });
});
