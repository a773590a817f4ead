import type { ClothingItem, WardrobeData } from '@hanger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUTOUT_POLL_MS, createPoller, hasPendingCutout } from './cutout-poll';

const item = (id: string, cutout?: ClothingItem['cutout']): ClothingItem => ({
  id,
  image: `/media/${id}.webp`,
  category: 'top',
  dateCreated: '2024-01-01T00:00:00.000Z',
  ...(cutout ? { cutout } : {}),
});

const wardrobe = (...clothes: ClothingItem[]): WardrobeData => ({
  clothes: Object.fromEntries(clothes.map((c) => [c.id, c])),
  outfits: {},
  calendar: {},
});

describe('hasPendingCutout', () => {
  it('is true only while some item is pending', () => {
    expect(hasPendingCutout(null)).toBe(false);
    expect(hasPendingCutout(wardrobe(item('a'), item('b', 'done'), item('c', 'failed')))).toBe(
      false,
    );
    expect(hasPendingCutout(wardrobe(item('a'), item('b', 'pending')))).toBe(true);
  });
});

describe('createPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const state = { pending: true, visible: true };
    const revalidate = vi.fn(async () => {});
    const poller = createPoller({
      shouldPoll: () => state.pending && state.visible,
      revalidate,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });
    return { state, revalidate, poller };
  }

  it('revalidates every 3 s while an item is pending, and stops when none is', async () => {
    const { state, revalidate, poller } = setup();
    poller.update();
    expect(revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS);
    expect(revalidate).toHaveBeenCalledTimes(2);
    // The revalidation brought the cut-out: nothing pending, no more requests.
    state.pending = false;
    poller.update();
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS * 5);
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it('waits while the page is hidden, and revalidates at once when it shows again', async () => {
    const { state, revalidate, poller } = setup();
    state.visible = false;
    poller.update();
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS * 3);
    expect(revalidate).not.toHaveBeenCalled();
    state.visible = true;
    poller.update(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('never has two requests out, and many updates do not add timers', async () => {
    const { revalidate, poller } = setup();
    let finish: () => void = () => {};
    revalidate.mockImplementation(() => new Promise<void>((r) => (finish = r)));
    for (let i = 0; i < 10; i++) poller.update();
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
    // A slow answer: updates meanwhile start nothing.
    poller.update(true);
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS * 3);
    expect(revalidate).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS);
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it('keeps polling after a failed revalidation, and stops for good when stopped', async () => {
    const { revalidate, poller } = setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    revalidate.mockRejectedValueOnce(new Error('offline'));
    poller.update();
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS * 2);
    expect(revalidate).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledOnce();
    poller.stop();
    poller.update(true);
    await vi.advanceTimersByTimeAsync(CUTOUT_POLL_MS * 3);
    expect(revalidate).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });
});
