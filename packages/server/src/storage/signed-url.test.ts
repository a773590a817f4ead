import { describe, expect, it } from 'vitest';
import {
  URL_WINDOW_SECONDS,
  mediaSigningKey,
  signMediaPath,
  urlWindow,
  verifyMediaSignature,
} from './signed-url.js';

const key = mediaSigningKey('a-test-secret-that-is-long-enough-1234');
const photo = 'user_1/0b6c7c1e-1111-4222-8333-944445555666-display.webp';
const HOUR = 3600 * 1000;

function parse(path: string): { key: string; exp: string; sig: string } {
  const url = new URL(path, 'http://localhost');
  return {
    key: url.pathname.replace(/^\/media\//, ''),
    exp: url.searchParams.get('exp') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
}

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

describe('signMediaPath / verifyMediaSignature', () => {
  const now = Date.UTC(2025, 5, 1, 9, 30);

  it('signs the same key to the same URL for the whole window, so caches and ETags hold', () => {
    const first = signMediaPath(key, photo, now);
    expect(signMediaPath(key, photo, now + 2 * HOUR)).toBe(first);
    expect(signMediaPath(key, photo, now + 13 * HOUR)).not.toBe(first);
    expect(first).toMatch(/^\/media\/user_1\/[\w-]+-display\.webp\?exp=\d+&sig=[\w-]{43}$/);
  });

  it('accepts its own signature until the expiry', () => {
    const { key: k, exp, sig } = parse(signMediaPath(key, photo, now));
    expect(verifyMediaSignature(key, k, exp, sig, now)).toEqual({ ok: true, expires: Number(exp) });
    expect(verifyMediaSignature(key, k, exp, sig, Number(exp) * 1000 - 1).ok).toBe(true);
  });

  it('refuses an expired URL', () => {
    const { key: k, exp, sig } = parse(signMediaPath(key, photo, now));
    expect(verifyMediaSignature(key, k, exp, sig, Number(exp) * 1000).ok).toBe(false);
  });

  it('refuses a tampered key, expiry or signature, and another secret', () => {
    const { key: k, exp, sig } = parse(signMediaPath(key, photo, now));
    const other = 'user_2/0b6c7c1e-1111-4222-8333-944445555666-display.webp';
    expect(verifyMediaSignature(key, other, exp, sig, now).ok).toBe(false);
    expect(verifyMediaSignature(key, k, String(Number(exp) + 86400), sig, now).ok).toBe(false);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyMediaSignature(key, k, exp, flipped, now).ok).toBe(false);
    const otherKey = mediaSigningKey('another-secret-that-is-long-enough-5678');
    expect(verifyMediaSignature(otherKey, k, exp, sig, now).ok).toBe(false);
  });

  it('refuses missing or malformed parameters', () => {
    const { key: k, exp, sig } = parse(signMediaPath(key, photo, now));
    expect(verifyMediaSignature(key, k, undefined, sig, now).ok).toBe(false);
    expect(verifyMediaSignature(key, k, exp, undefined, now).ok).toBe(false);
    expect(verifyMediaSignature(key, k, [exp, exp], sig, now).ok).toBe(false);
    expect(verifyMediaSignature(key, k, `${exp}.5`, sig, now).ok).toBe(false);
    expect(verifyMediaSignature(key, k, exp, `${sig}=`, now).ok).toBe(false);
  });
});
