import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_PATH, isAppRoute, isFirstScreenPath } from './app-routes.js';

describe('isFirstScreenPath', () => {
  it.each(['/', '/items', '/items/'])('%s opens on the Items grid', (path) => {
    expect(isFirstScreenPath(path)).toBe(true);
  });

  it.each(['', '/items/upload', '/items/i1', '/itemsx', '/outfits', '/items//', '/api/items'])(
    '%s does not',
    (path) => {
      expect(isFirstScreenPath(path)).toBe(false);
    },
  );

  it('is a plain regular expression a script can carry (public/early.js)', () => {
    expect(FIRST_SCREEN_PATH.flags).toBe('');
    expect(new RegExp(FIRST_SCREEN_PATH.source).test('/items')).toBe(true);
  });
});

describe('isAppRoute', () => {
  it.each([
    '/',
    '/items',
    '/items/upload',
    '/items/i1',
    '/outfits/o1/edit',
    '/calendar/2026-11-23',
    '/profile',
    '/share-target',
    '/apiary',
    '/mediathek',
  ])('%s is a page', (path) => {
    expect(isAppRoute(path)).toBe(true);
  });

  it.each([
    '/api',
    '/api/',
    '/api/users',
    '/media/',
    '/media/u1/i1.webp',
    '/sw.js',
    '/manifest.webmanifest',
    '/assets/index-abc.js',
    '/items/photo.png',
  ])('%s is not', (path) => {
    expect(isAppRoute(path)).toBe(false);
  });

  it('takes every first-screen path', () => {
    for (const path of ['/', '/items', '/items/']) expect(isAppRoute(path)).toBe(true);
  });
});
