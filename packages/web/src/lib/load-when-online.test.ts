import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './load-when-online';

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadWhenOnline', () => {
  it('answers what the load answers', async () => {
    await expect(loadWhenOnline(() => Promise.resolve(1))()).resolves.toBe(1);
  });

  it('passes a failure on while online', async () => {
    setOnline(true);
    const load = vi.fn(() => Promise.reject(new Error('missing chunk')));
    await expect(loadWhenOnline(load)()).rejects.toThrow('missing chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits offline, and tries again once the connection is back', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('pill');
    let settled = false;
    const loading = loadWhenOnline(load)().finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('pill');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
