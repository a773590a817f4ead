import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageValue } from 'zustand/middleware';
import { deferringWrites, memoryPersistStorage } from './persist-storage';

type S = { data: string | null; etag: string | null };
const value = (data: string | null, etag: string | null): StorageValue<S> => ({
  state: { data, etag },
  version: 1,
});

function setUp() {
  const inner = memoryPersistStorage<S>();
  const writes: (S | null)[] = [];
  const setItem = inner.setItem;
  inner.setItem = (name, v) => {
    writes.push(v.state);
    return setItem(name, v);
  };
  // A server's answer as it came (an ETag) waits; anything else is written at once.
  const storage = deferringWrites(inner, (v) => v.state.etag !== null, 1000);
  return { inner, storage, writes };
}

afterEach(() => vi.useRealTimers());

describe('storage writes deferred to an idle moment (the wardrobe copy, docs/performance.md)', () => {
  it('writes only the latest waiting value, once the page is idle or the time is up', async () => {
    vi.useFakeTimers();
    const { storage, writes } = setUp();
    void storage.setItem('w', value('a', 'e1'));
    void storage.setItem('w', value('b', 'e2'));
    expect(writes).toEqual([]);
    // Reads see what waits.
    expect(await storage.getItem('w')).toEqual(value('b', 'e2'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([{ data: 'b', etag: 'e2' }]);
  });

  it('lets a change made here replace a waiting answer at once', async () => {
    vi.useFakeTimers();
    const { storage, writes } = setUp();
    void storage.setItem('w', value('answer', 'e1'));
    void storage.setItem('w', value('edited', null));
    expect(writes).toEqual([{ data: 'edited', etag: null }]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(writes).toHaveLength(1);
  });

  it('drops a waiting value when the key is removed (sign-out)', async () => {
    vi.useFakeTimers();
    const { inner, storage, writes } = setUp();
    void storage.setItem('w', value('answer', 'e1'));
    await storage.removeItem('w');
    await vi.advanceTimersByTimeAsync(2000);
    expect(writes).toEqual([]);
    expect(await inner.getItem('w')).toBeNull();
  });

  it('writes at once when asked to, and when the page is hidden or left', async () => {
    const { storage, writes } = setUp();
    void storage.setItem('w', value('a', 'e1'));
    storage.flush();
    expect(writes).toEqual([{ data: 'a', etag: 'e1' }]);
    void storage.setItem('w', value('b', 'e2'));
    window.dispatchEvent(new Event('pagehide'));
    expect(writes).toHaveLength(2);
  });
});
