import { describe, expect, it } from 'vitest';
import { matchesEtag, WardrobeCache } from './wardrobe-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WardrobeCache', () => {
  it('builds once and then answers from memory with a stable ETag', async () => {
    const cache = new WardrobeCache();
    let builds = 0;
    const build = async () => `{"n":${++builds}}`;
    const first = await cache.get('u1', build);
    const second = await cache.get('u1', build);
    expect(builds).toBe(1);
    expect(second.body.toString()).toBe('{"n":1}');
    expect(second.etag).toBe(first.etag);
  });

  it('shares one build between concurrent callers', async () => {
    const cache = new WardrobeCache();
    const gate = deferred<string>();
    let builds = 0;
    const build = () => {
      builds++;
      return gate.promise;
    };
    const both = Promise.all([cache.get('u1', build), cache.get('u1', build)]);
    gate.resolve('{}');
    const [a, b] = await both;
    expect(builds).toBe(1);
    expect(a).toBe(b);
  });

  it('rebuilds after an invalidation, with a different ETag for different content', async () => {
    const cache = new WardrobeCache();
    let version = 1;
    const build = async () => `{"v":${version}}`;
    const before = await cache.get('u1', build);
    version = 2;
    await cache.invalidate('u1');
    const after = await cache.get('u1', build);
    expect(after.body.toString()).toBe('{"v":2}');
    expect(after.etag).not.toBe(before.etag);
  });

  it('does not keep a build that raced with a write', async () => {
    const cache = new WardrobeCache();
    const gate = deferred<string>();
    const racing = cache.get('u1', () => gate.promise);
    await cache.invalidate('u1');
    gate.resolve('{"old":true}');
    expect((await racing).body.toString()).toBe('{"old":true}');
    const next = await cache.get('u1', async () => '{"new":true}');
    expect(next.body.toString()).toBe('{"new":true}');
  });

  it('starts a fresh build for callers that arrive after a write, while an older one runs', async () => {
    const cache = new WardrobeCache();
    const gate = deferred<string>();
    const old = cache.get('u1', () => gate.promise);
    await cache.invalidate('u1');
    const fresh = await cache.get('u1', async () => '{"fresh":1}');
    gate.resolve('{"old":1}');
    await old;
    expect(fresh.body.toString()).toBe('{"fresh":1}');
    expect((await cache.get('u1', async () => 'unused')).body.toString()).toBe('{"fresh":1}');
  });

  it('expires entries after the TTL and when the URL signing window changes', async () => {
    let now = 0;
    let window = 1;
    const cache = new WardrobeCache({ ttlMs: 1000, now: () => now, currentWindow: () => window });
    let builds = 0;
    const build = async () => `{"b":${++builds}}`;
    await cache.get('u1', build);
    now = 999;
    await cache.get('u1', build);
    expect(builds).toBe(1);
    now = 1000;
    await cache.get('u1', build);
    expect(builds).toBe(2);
    window = 2;
    await cache.get('u1', build);
    expect(builds).toBe(3);
  });

  it('forgets the least recently used users beyond its size', async () => {
    const cache = new WardrobeCache({ maxEntries: 2 });
    const builds: string[] = [];
    const build = (user: string) => async () => {
      builds.push(user);
      return '{}';
    };
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    await cache.get('a', build('a'));
    await cache.get('c', build('c'));
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    expect(builds).toEqual(['a', 'b', 'c', 'b']);
  });

  it('compresses once and reuses the result', async () => {
    const cache = new WardrobeCache();
    const entry = await cache.get('u1', async () => JSON.stringify({ items: 'x'.repeat(10_000) }));
    const gz = await entry.gzipped();
    expect(gz.length).toBeLessThan(entry.body.length);
    expect(await entry.gzipped()).toBe(gz);
  });
});

describe('matchesEtag', () => {
  it.each([
    ['"abc"', '"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"x", "abc"', '"abc"', true],
    ['*', '"abc"', true],
    ['"abcd"', '"abc"', false],
    [undefined, '"abc"', false],
    ['', '"abc"', false],
  ])('%s against %s is %s', (header, etag, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
