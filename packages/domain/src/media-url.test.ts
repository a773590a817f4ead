import { describe, expect, it } from 'vitest';
import { photoCacheKey } from './media-url.js';

describe('photoCacheKey', () => {
  it('drops the per-URL signature of the old shape', () => {
    expect(photoCacheKey('/media/u1/abc-thumb.webp?exp=1700000000&sig=xyz')).toBe(
      '/media/u1/abc-thumb.webp',
    );
  });

  it('drops the capability segment of the new shape, whatever the period', () => {
    const a = photoCacheKey('/media/m1.AAA.111/u1/abc.webp');
    const b = photoCacheKey('/media/m1.BBB.222/u1/abc.webp');
    expect(a).toBe('/media/u1/abc.webp');
    expect(b).toBe(a);
  });

  it('keeps different photos apart', () => {
    expect(photoCacheKey('/media/m1.A/u1/a.webp')).not.toBe(photoCacheKey('/media/m1.A/u1/b.webp'));
  });

  it('answers null for other paths, other origins and a bare capability', () => {
    expect(photoCacheKey('/api/users')).toBeNull();
    expect(photoCacheKey('/media/m1.only')).toBeNull();
    expect(photoCacheKey('/media/')).toBeNull();
    expect(
      photoCacheKey('https://evil.example/media/u1/a.webp', 'https://hanger.example'),
    ).toBeNull();
    expect(
      photoCacheKey('https://hanger.example/media/u1/a.webp?x=1', 'https://hanger.example'),
    ).toBe('/media/u1/a.webp');
  });
});
