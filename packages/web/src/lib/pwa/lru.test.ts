import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHOTO_BUDGET_BYTES,
  LruIndex,
  photoBudgetBytes,
  planEviction,
  type LruRecord,
} from './lru';

const rec = (bytes: number, lastUsed: number): LruRecord => ({ bytes, lastUsed });

describe('planEviction', () => {
  it('evicts nothing within the budget', () => {
    expect(
      planEviction(
        [
          ['a', rec(50, 1)],
          ['b', rec(50, 2)],
        ],
        100,
      ),
    ).toEqual([]);
  });

  it('evicts least recently used first until the rest fits', () => {
    const entries: [string, LruRecord][] = [
      ['new', rec(40, 30)],
      ['old', rec(40, 10)],
      ['mid', rec(40, 20)],
    ];
    expect(planEviction(entries, 80)).toEqual(['old']);
    expect(planEviction(entries, 79)).toEqual(['old', 'mid']);
    expect(planEviction(entries, 0)).toEqual(['old', 'mid', 'new']);
  });

  it('breaks ties by key, whatever the insertion order', () => {
    expect(
      planEviction(
        [
          ['b', rec(10, 1)],
          ['a', rec(10, 1)],
        ],
        10,
      ),
    ).toEqual(['a']);
    expect(
      planEviction(
        [
          ['a', rec(10, 1)],
          ['b', rec(10, 1)],
        ],
        10,
      ),
    ).toEqual(['a']);
  });
});

describe('LruIndex', () => {
  it('keeps the total bytes and replaces a re-recorded key', () => {
    const lru = new LruIndex(1000);
    expect(lru.record('a', 100, 1)).toEqual([]);
    expect(lru.record('b', 200, 2)).toEqual([]);
    expect(lru.totalBytes).toBe(300);
    lru.record('a', 150, 3);
    expect(lru.totalBytes).toBe(350);
    expect(lru.size).toBe(2);
  });

  it('evicts the least recently used photos when a new one goes over the budget', () => {
    const lru = new LruIndex(300);
    lru.record('a', 100, 1);
    lru.record('b', 100, 2);
    lru.record('c', 100, 3);
    // 'a' was used most recently, so 'b' is now the oldest.
    lru.touch('a', 4);
    expect(lru.record('d', 150, 5)).toEqual(['b', 'c']);
    expect(lru.keys().sort()).toEqual(['a', 'd']);
    expect(lru.totalBytes).toBe(250);
  });

  it('never evicts the photo just stored unless it alone exceeds the budget', () => {
    const lru = new LruIndex(100);
    lru.record('a', 60, 10);
    // Same timestamp as 'a' and larger: 'a' goes, the new one stays.
    expect(lru.record('b', 90, 10)).toEqual(['a']);
    expect(lru.has('b')).toBe(true);
    expect(lru.record('huge', 101, 11)).toEqual(['huge']);
    expect(lru.keys()).toEqual(['b']);
    expect(lru.totalBytes).toBe(90);
  });

  it('touch ignores unknown keys and never moves time backwards', () => {
    const lru = new LruIndex(100, [['a', rec(10, 50)]]);
    expect(lru.touch('x', 60)).toBeUndefined();
    expect(lru.touch('a', 40)).toEqual(rec(10, 50));
    expect(lru.touch('a', 70)).toEqual(rec(10, 70));
  });

  it('loads a persisted index and can be cleared', () => {
    const lru = new LruIndex(100, [
      ['a', rec(30, 1)],
      ['b', rec(30, 2)],
    ]);
    expect(lru.totalBytes).toBe(60);
    expect(lru.remove('a')).toBe(true);
    expect(lru.remove('a')).toBe(false);
    expect(lru.totalBytes).toBe(30);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.totalBytes).toBe(0);
  });
});

describe('photoBudgetBytes', () => {
  it('reads megabytes and falls back to 60 MB when unset or invalid', () => {
    expect(photoBudgetBytes('100')).toBe(100 * 1024 * 1024);
    expect(photoBudgetBytes('0.5')).toBe(512 * 1024);
    expect(DEFAULT_PHOTO_BUDGET_BYTES).toBe(60 * 1024 * 1024);
    for (const bad of [undefined, '', ' ', '0', '-5', 'lots'])
      expect(photoBudgetBytes(bad)).toBe(DEFAULT_PHOTO_BUDGET_BYTES);
  });
});
