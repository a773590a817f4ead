import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LruRecord } from './lru';
import { writeLru } from '../persistence/photo-lru';
import { PhotoCache } from './photo-cache';

vi.mock('../persistence/photo-lru', () => ({
  readLru: vi.fn(() => Promise.resolve([])),
  writeLru: vi.fn(() => Promise.resolve()),
  clearLru: vi.fn(() => Promise.resolve()),
}));

/** What the service worker's photo cache agrees to keep (cacheWillUpdate of its Workbox plugin). */
function keeps(type: ResponseType, status = 200): Promise<Response | null | undefined | void> {
  const plugin = new PhotoCache('https://closet.example', 1 << 20).plugin();
  // A Response's type cannot be set from a constructor; the plugin reads only these two fields.
  const response = { type, status } as Response;
  return Promise.resolve(
    plugin.cacheWillUpdate?.({
      response,
      request: new Request('https://closet.example/media/m1.1.x/u/p-thumbnail.webp'),
      event: {} as ExtendableEvent,
      state: {},
    }),
  );
}

describe('the photo cache keeps', () => {
  it('same-origin photos (disk storage) answered 200', async () => {
    expect(await keeps('basic')).not.toBeNull();
  });

  it('photos from object storage: a 302 to the bucket read with crossorigin="anonymous" (cors)', async () => {
    expect(await keeps('cors')).not.toBeNull();
  });

  it('no error answer, and no opaque answer (its size is unknown to the byte budget)', async () => {
    expect(await keeps('basic', 403)).toBeNull();
    expect(await keeps('cors', 404)).toBeNull();
    expect(await keeps('opaque', 0)).toBeNull();
  });
});

describe('the photo index on disk', () => {
  const origin = 'https://closet.example';
  const url = (name: string) => `${origin}/media/u/${name}-thumbnail.webp`;

  /** The worker's Cache Storage, as far as the photo cache uses it. */
  function fakeCaches() {
    const entries = new Map<string, Response>();
    const cache = {
      match: (key: string) => Promise.resolve(entries.get(key)?.clone()),
      keys: () => Promise.resolve([...entries.keys()].map((key) => new Request(key))),
      delete: (key: string) => Promise.resolve(entries.delete(key)),
    };
    vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
    return entries;
  }

  /** The index as the disk holds it after each flush's puts, then deletes, in one transaction. */
  function disk(): Map<string, LruRecord> {
    const stored = new Map<string, LruRecord>();
    for (const [put, remove] of vi.mocked(writeLru).mock.calls) {
      for (const [key, record] of put) stored.set(key, record);
      for (const key of remove) stored.delete(key);
    }
    return stored;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    // The Date.now spy; the mocked photo-lru module keeps its implementations (Vitest 4).
    vi.restoreAllMocks();
    vi.mocked(writeLru).mockClear();
  });

  it('keeps a photo that was evicted and then stored again before the flush', async () => {
    const cached = fakeCaches();
    let now = 1_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1));
    // Room for one photo of 6 bytes, not two.
    const photos = new PhotoCache(origin, 10);
    const store = async (name: string) => {
      const response = new Response('abcdef');
      cached.set(url(name), response.clone());
      await photos.stored(url(name), response);
    };

    await store('a');
    await store('b'); // evicts a
    await store('a'); // a again, evicts b
    await photos.flush();

    expect([...cached.keys()]).toEqual([url('a')]);
    expect([...disk().keys()]).toEqual([url('a')]);
  });
});
