import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PHOTO_CONCURRENCY,
  Slots,
  defaultImportPhotoConcurrency,
  importPhotoSlots,
  photoConcurrency,
  photosWaiting,
  setPhotoConcurrency,
  withPhotoSlot,
} from './photo-slots.js';

/** A job that records how many jobs run at once and finishes when told. */
function jobs() {
  let running = 0;
  let peak = 0;
  const order: number[] = [];
  const release: (() => void)[] = [];
  const start = (id: number, fail = false) =>
    withPhotoSlot(async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(id);
      await new Promise<void>((resolve) => release.push(resolve));
      running--;
      if (fail) throw new Error(`job ${id} failed`);
      return id;
    });
  return { start, order, release, peak: () => peak };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('photo slots', () => {
  afterEach(() => setPhotoConcurrency(DEFAULT_PHOTO_CONCURRENCY));

  it('runs at most the configured number of photos at once, first come first served', async () => {
    setPhotoConcurrency(2);
    const j = jobs();
    const all = [1, 2, 3, 4, 5].map((id) => j.start(id));
    await tick();
    expect(j.order).toEqual([1, 2]);
    expect(photosWaiting()).toBe(3);
    while (j.release.length > 0 || photosWaiting() > 0) {
      j.release.shift()?.();
      await tick();
    }
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5]);
    expect(j.order).toEqual([1, 2, 3, 4, 5]);
    expect(j.peak()).toBe(2);
  });

  it('frees the slot of a photo that fails', async () => {
    setPhotoConcurrency(1);
    const j = jobs();
    const failing = j.start(1, true);
    const next = j.start(2);
    await tick();
    expect(j.order).toEqual([1]);
    j.release.shift()!();
    await expect(failing).rejects.toThrow('job 1 failed');
    await tick();
    expect(j.order).toEqual([1, 2]);
    j.release.shift()!();
    expect(await next).toBe(2);
    expect(photosWaiting()).toBe(0);
  });

  it('lets waiting photos start when the limit is raised', async () => {
    setPhotoConcurrency(1);
    const j = jobs();
    const all = [1, 2, 3].map((id) => j.start(id));
    await tick();
    expect(j.order).toEqual([1]);
    setPhotoConcurrency(3);
    await tick();
    expect(j.order).toEqual([1, 2, 3]);
    j.release.splice(0).forEach((release) => release());
    expect(await Promise.all(all)).toEqual([1, 2, 3]);
  });

  it('refuses a limit below one', () => {
    expect(() => setPhotoConcurrency(0)).toThrow();
    expect(() => setPhotoConcurrency(1.5)).toThrow();
    expect(photoConcurrency()).toBe(DEFAULT_PHOTO_CONCURRENCY);
  });

  it("keeps the import pool apart from the uploads' slots, one per core up to 2", async () => {
    expect([1, 2, 8].map(defaultImportPhotoConcurrency)).toEqual([1, 2, 2]);
    setPhotoConcurrency(1);
    const pool = new Slots(2);
    const release: (() => void)[] = [];
    const hold = () => new Promise<void>((resolve) => release.push(resolve));
    const upload = withPhotoSlot(hold);
    const imported = [pool.run(hold), pool.run(hold), pool.run(hold)];
    await tick();
    // The upload's one slot is taken; the import pool still runs two of its three.
    expect(release).toHaveLength(3);
    expect(pool.queued).toBe(1);
    release.splice(0).forEach((r) => r());
    await tick();
    expect(release).toHaveLength(1);
    release.splice(0).forEach((r) => r());
    await Promise.all([upload, ...imported]);
    expect(pool.queued).toBe(0);
    expect(importPhotoSlots.limit).toBeGreaterThanOrEqual(1);
    expect(() => pool.setLimit(0)).toThrow();
  });
});
