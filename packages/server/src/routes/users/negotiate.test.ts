import { describe, expect, it } from 'vitest';
import { acceptsGzip, wantsColumns } from './negotiate.js';

describe('acceptsGzip', () => {
  it('accepts gzip and x-gzip at any positive weight', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
  });

  it('refuses what is absent, refused with q=0, or only a wildcard', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000, br')).toBe(false);
    expect(acceptsGzip('*')).toBe(false);
  });
});

describe('wantsColumns', () => {
  it('needs the media type at version 2, not a wildcard', () => {
    expect(wantsColumns('application/vnd.hanger.wardrobe+json; v=2')).toBe(true);
    expect(wantsColumns('application/vnd.hanger.wardrobe+json; v=3')).toBe(false);
    expect(wantsColumns('application/vnd.hanger.wardrobe+json; v=2; q=0')).toBe(false);
    expect(wantsColumns('*/*')).toBe(false);
  });
});
