import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  CHANGED_RECORDS_MAX,
  matchesEtag,
  WardrobeCache,
  type WardrobeForm,
} from './wardrobe-cache.js';

/** The items changed since a records version (none of the writes named outfits). */
function itemsSince(cache: WardrobeCache, user: string, version: string) {
  const changed = cache.changedSince(user, version);
  if (changed) expect(changed.outfits).toEqual([]);
  return changed?.items;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WardrobeCache', () => {
  it("moves a user's version on each write of theirs and on clear, not on another's", async () => {
    const cache = new WardrobeCache();
    const v0 = cache.version('u1');
    expect(cache.version('u1')).toBe(v0);
    await cache.invalidate('u2');
    expect(cache.version('u1')).toBe(v0);
    await cache.invalidate('u1');
    const v1 = cache.version('u1');
    expect(v1).not.toBe(v0);
    cache.clear();
    expect(cache.version('u1')).not.toBe(v1);
    expect(cache.version('u1')).not.toBe(v0);
  });

  it('keeps the records version across a write of the calendar alone, and moves it otherwise', async () => {
    const cache = new WardrobeCache();
    const r0 = cache.recordsVersion('u1');
    const v0 = cache.version('u1');
    await cache.invalidate('u1', 'calendar');
    expect(cache.version('u1')).not.toBe(v0);
    expect(cache.recordsVersion('u1')).toBe(r0);
    await cache.invalidate('u1');
    const r1 = cache.recordsVersion('u1');
    expect(r1).not.toBe(r0);
    cache.clear();
    expect(cache.recordsVersion('u1')).not.toBe(r1);
    expect(cache.recordsVersion('u1')).not.toBe(r0);
  });

  it('names the items written since a records version while only items were written', async () => {
    const cache = new WardrobeCache();
    const r0 = cache.recordsVersion('u1');
    expect(itemsSince(cache, 'u1', r0)).toEqual([]);
    await cache.invalidate('u1', { items: ['a'] });
    const r1 = cache.recordsVersion('u1');
    expect(r1).not.toBe(r0);
    await cache.invalidate('u1', 'calendar');
    await cache.invalidate('u2', { items: ['x'] });
    await cache.invalidate('u1', { items: ['b', 'a'] });
    expect(itemsSince(cache, 'u1', r0)).toEqual(['a', 'b']);
    expect(itemsSince(cache, 'u1', r1)).toEqual(['b', 'a']);
    expect(itemsSince(cache, 'u1', cache.recordsVersion('u1'))).toEqual([]);
    // A write of anything else: every earlier version must be read whole again.
    await cache.invalidate('u1');
    const r3 = cache.recordsVersion('u1');
    expect(itemsSince(cache, 'u1', r0)).toBeUndefined();
    expect(itemsSince(cache, 'u1', r1)).toBeUndefined();
    await cache.invalidate('u1', { items: ['c'] });
    expect(itemsSince(cache, 'u1', r3)).toEqual(['c']);
    // clear() (a Redis reconnection) forgets every version.
    const r4 = cache.recordsVersion('u1');
    cache.clear();
    expect(itemsSince(cache, 'u1', r4)).toBeUndefined();
    expect(itemsSince(cache, 'u1', 'nonsense')).toBeUndefined();
  });

  it('forgets item changes past CHANGED_RECORDS_MAX ids', async () => {
    const cache = new WardrobeCache();
    const r0 = cache.recordsVersion('u1');
    await cache.invalidate('u1', { items: ['a'] });
    const r1 = cache.recordsVersion('u1');
    const many = Array.from({ length: CHANGED_RECORDS_MAX - 1 }, (_, i) => `i${i}`);
    await cache.invalidate('u1', { items: many });
    expect(itemsSince(cache, 'u1', r0)).toHaveLength(CHANGED_RECORDS_MAX);
    await cache.invalidate('u1', { items: ['z'] });
    // The oldest step went: from before it the changes are no longer known.
    expect(itemsSince(cache, 'u1', r0)).toBeUndefined();
    expect(itemsSince(cache, 'u1', r1)).toEqual([...many, 'z']);
    const r3 = cache.recordsVersion('u1');
    await cache.invalidate('u1', { items: [...many, 'y', 'z'] });
    expect(itemsSince(cache, 'u1', r3)).toBeUndefined();
  });

  it('names the outfits, and items with them, written since a records version', async () => {
    const cache = new WardrobeCache();
    const r0 = cache.recordsVersion('u1');
    expect(cache.changedSince('u1', r0)).toEqual({ items: [], outfits: [] });
    await cache.invalidate('u1', { outfits: ['o1'] });
    const r1 = cache.recordsVersion('u1');
    expect(r1).not.toBe(r0);
    await cache.invalidate('u1', { items: ['a'] });
    await cache.invalidate('u1', { outfits: ['o2', 'o1'], items: ['b'] });
    expect(cache.changedSince('u1', r0)).toEqual({ items: ['a', 'b'], outfits: ['o1', 'o2'] });
    expect(cache.changedSince('u1', r1)).toEqual({ items: ['a', 'b'], outfits: ['o2', 'o1'] });
    // A write of the settings alone, like one of the calendar, leaves the records version.
    const v = cache.version('u1');
    const r3 = cache.recordsVersion('u1');
    await cache.invalidate('u1', 'settings');
    expect(cache.version('u1')).not.toBe(v);
    expect(cache.recordsVersion('u1')).toBe(r3);
    expect(cache.changedSince('u1', r1)).toEqual({ items: ['a', 'b'], outfits: ['o2', 'o1'] });
    // Outfits count towards the bound with items.
    const many = Array.from({ length: CHANGED_RECORDS_MAX - 2 }, (_, i) => `o${i + 10}`);
    await cache.invalidate('u1', { outfits: many });
    expect(cache.changedSince('u1', r1)).toBeUndefined();
    expect(cache.changedSince('u1', r3)?.outfits).toEqual(many);
    await cache.invalidate('u1');
    expect(cache.changedSince('u1', r3)).toBeUndefined();
  });

  it("drops the whole records version on another process's announcement", async () => {
    // Two processes' caches over the real Redis the server uses (REDIS_URL).
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const clients = Array.from({ length: 4 }, () => new Redis(url));
    const [here, there] = [new WardrobeCache(), new WardrobeCache()];
    try {
      await here.connect(clients[0]!, clients[1]!);
      await there.connect(clients[2]!, clients[3]!);
      const user = `u-${randomBytes(6).toString('hex')}`;
      const r0 = here.recordsVersion(user);
      await here.invalidate(user, { items: ['a'] });
      expect(itemsSince(here, user, r0)).toEqual(['a']);
      const r1 = here.recordsVersion(user);
      // Another process's write of one item is announced as a drop of the whole wardrobe.
      await there.invalidate(user, { items: ['b'] });
      for (let i = 0; i < 100 && here.recordsVersion(user) === r1; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(here.recordsVersion(user)).not.toBe(r1);
      expect(itemsSince(here, user, r0)).toBeUndefined();
      expect(itemsSince(here, user, r1)).toBeUndefined();
    } finally {
      await here.close();
      await there.close();
      for (const client of clients) client.disconnect();
    }
  });

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

  it('makes each form on its first request only, with its own ETag and bytes counted', async () => {
    const cache = new WardrobeCache();
    const builds: string[] = [];
    const build = async (form: WardrobeForm) => {
      builds.push(form);
      return form === 'columns' ? '{"c":[1]}' : '{"a":1}';
    };
    const columns = await cache.get('u1', build, 'columns');
    expect(builds).toEqual(['columns']);
    expect(columns.body.toString()).toBe('{"c":[1]}');
    expect(columns.etag).toMatch(/^"c2-/);
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 9 });
    expect(await cache.get('u1', build, 'columns')).toBe(columns);
    expect(builds).toEqual(['columns']);

    const json = await cache.get('u1', build);
    expect(builds).toEqual(['columns', 'json']);
    expect(json.body.toString()).toBe('{"a":1}');
    expect(json.etag).not.toBe(columns.etag);
    expect(json.etag).not.toMatch(/^"c2-/);
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 9 + 7 });
    expect(await cache.get('u1', build, 'json')).toBe(json);
    const gz = await columns.gzipped();
    expect(cache.stats().bytes).toBe(7 + 9 + gz.length);
    expect(await columns.gzipped()).toBe(gz);
    expect(builds).toEqual(['columns', 'json']);
  });

  it('gives each form the same ETag whichever form a rebuild makes first', async () => {
    const cache = new WardrobeCache();
    const build = async (form: WardrobeForm) => (form === 'columns' ? '{"c":[2]}' : '{"a":2}');
    const json = await cache.get('u1', build);
    const columns = await cache.get('u1', build, 'columns');
    await cache.invalidate('u1');
    const columnsAgain = await cache.get('u1', build, 'columns');
    const jsonAgain = await cache.get('u1', build);
    expect(columnsAgain.etag).toBe(columns.etag);
    expect(jsonAgain.etag).toBe(json.etag);
  });

  it('shares the first build of a form between concurrent callers, on a hit and on a miss', async () => {
    const cache = new WardrobeCache();
    const gates = { json: deferred<string>(), columns: deferred<string>() };
    const builds: string[] = [];
    const build = (form: WardrobeForm) => {
      builds.push(form);
      return gates[form].promise;
    };
    // A miss for each form at once: one entry, each form made once.
    const asked = Promise.all([
      cache.get('u1', build),
      cache.get('u1', build, 'columns'),
      cache.get('u1', build),
      cache.get('u1', build, 'columns'),
    ]);
    gates.json.resolve('{"j":1}');
    await new Promise((r) => setTimeout(r, 0));
    gates.columns.resolve('{"c":1}');
    const [a, b, c, d] = await asked;
    expect(builds.sort()).toEqual(['columns', 'json']);
    expect(a).toBe(c);
    expect(b).toBe(d);
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 14 });
  });

  it('never keeps a form made for an entry a write dropped, and rebuilds it after the write', async () => {
    const cache = new WardrobeCache();
    let version = 1;
    const gate = deferred<void>();
    let hold = false;
    const build = async (form: WardrobeForm) => {
      const text = `{"${form}":${version}}`;
      if (hold) await gate.promise;
      return text;
    };
    await cache.get('u1', build);
    hold = true;
    const racing = cache.get('u1', build, 'columns'); // reads version 1, then waits
    version = 2;
    await cache.invalidate('u1');
    gate.resolve();
    expect((await racing).body.toString()).toBe('{"columns":1}');
    hold = false;
    expect((await cache.get('u1', build, 'columns')).body.toString()).toBe('{"columns":2}');
    expect((await cache.get('u1', build)).body.toString()).toBe('{"json":2}');
  });

  it('tries a form again after its build failed', async () => {
    const cache = new WardrobeCache();
    let fail = false;
    const build = async (form: WardrobeForm) => {
      if (fail && form === 'columns') throw new Error('read failed');
      return `{"${form}":1}`;
    };
    await cache.get('u1', build);
    fail = true;
    await expect(cache.get('u1', build, 'columns')).rejects.toThrow('read failed');
    fail = false;
    expect((await cache.get('u1', build, 'columns')).body.toString()).toBe('{"columns":1}');
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 10 + 13 });
  });

  it('counts a form made later against the budget, and evicts for it', async () => {
    const cache = new WardrobeCache({ maxBytes: 250 });
    const build = (size: number) => async (form: WardrobeForm) =>
      JSON.stringify({ f: form.padEnd(size - 8, 'x') });
    await cache.get('a', build(100));
    await cache.get('b', build(100));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 200 });
    await cache.get('b', build(100), 'columns'); // b grows to 200: a, the oldest, goes
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 200 });
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

describe('WardrobeCache bounded by bytes', () => {
  const json = (bytes: number, tag: string) =>
    JSON.stringify({ t: (tag + 'x'.repeat(bytes)).slice(0, bytes - 8) });

  function counting(cache: WardrobeCache) {
    const builds: string[] = [];
    const get = (user: string, bytes = 100) =>
      cache.get(user, async () => {
        builds.push(user);
        return json(bytes, user);
      });
    return { builds, get };
  }

  it('drops the least recently used wardrobes once the bodies exceed the budget', async () => {
    const cache = new WardrobeCache({ maxBytes: 350 });
    const { builds, get } = counting(cache);
    await get('a');
    await get('b');
    await get('c');
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 300 });
    await get('d'); // 400 > 350: a, the least recently used, goes
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 300 });
    await get('b');
    await get('c');
    await get('d');
    expect(builds).toEqual(['a', 'b', 'c', 'd']);
    await get('a');
    expect(builds).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('keeps the recently read wardrobes, not the first stored', async () => {
    const cache = new WardrobeCache({ maxBytes: 350 });
    const { builds, get } = counting(cache);
    await get('a');
    await get('b');
    await get('c');
    await get('a'); // a is now the most recent; b is the oldest
    await get('d');
    await get('a');
    await get('c');
    await get('d');
    expect(builds).toEqual(['a', 'b', 'c', 'd']);
    await get('b');
    expect(builds).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('counts the compressed copy and evicts for it', async () => {
    const cache = new WardrobeCache({ maxBytes: 2000 });
    const { builds, get } = counting(cache);
    // Random bytes do not compress: the gzip copy is about as large as the body.
    const noise = () => JSON.stringify({ n: randomBytes(300).toString('base64') });
    await cache.get('a', async () => noise());
    await cache.get('b', async () => noise());
    const before = cache.stats().bytes;
    const b = await cache.get('b', async () => 'unused');
    const gz = await b.gzipped();
    expect(cache.stats().bytes).toBe(before + gz.length);
    expect(cache.stats().entries).toBe(2);
    await get('c', 1000); // over budget with b's copy counted: a, the oldest, goes first
    expect(cache.stats()).toMatchObject({ entries: 2 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(2000);
    await get('a');
    expect(builds).toEqual(['c', 'a']);
  });

  it('serves but does not keep a wardrobe larger than the whole budget', async () => {
    const cache = new WardrobeCache({ maxBytes: 150 });
    const { builds, get } = counting(cache);
    await get('small', 100);
    const big = await get('big', 400);
    expect(big.body.length).toBe(400);
    await get('big', 400);
    await get('small', 100);
    expect(builds).toEqual(['small', 'big', 'big']);
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 100 });
  });

  it('gives back the bytes of invalidated and expired wardrobes', async () => {
    let now = 0;
    const cache = new WardrobeCache({ maxBytes: 10_000, ttlMs: 1000, now: () => now });
    const { get } = counting(cache);
    await get('a');
    await get('b');
    await cache.invalidate('a');
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 100 });
    now = 1000;
    await get('b', 50); // expired: rebuilt at its new size
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 50 });
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('keeps nothing with a budget of 0', async () => {
    const cache = new WardrobeCache({ maxBytes: 0 });
    const { builds, get } = counting(cache);
    await get('a');
    await get('a');
    expect(builds).toEqual(['a', 'a']);
    expect(cache.stats().bytes).toBe(0);
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
