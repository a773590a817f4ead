import { afterAll, describe, expect, it } from 'vitest';
import { CutoutRunner } from '../src/cutout/runner.js';
import { decodeRgba } from '../src/photos/images.js';
import { garmentImages, maskIoU } from './helpers/garments.js';

/**
 * The real cut-out model (ISNet medium, in its child process) on generated garment photos whose
 * masks are known: the mask it finds must overlap the true one with an intersection over union
 * of at least 0.9 on each (docs/cutouts.md). Each photo costs about 10 s of CPU, so the set is
 * small: four 800 x 800 photos, one runner (one model load) for all.
 */
const runner = new CutoutRunner({
  concurrency: 1,
  log: { info: () => undefined, warn: () => undefined },
});
afterAll(() => runner.close());

describe('the cut-out model', () => {
  it('loads here (the probe does not keep a process)', async () => {
    expect(await runner.available()).toEqual({ available: true });
    expect(runner.running()).toBe(0);
  });

  it('finds each garment: mask IoU >= 0.9 on textured, shadowed and low-contrast backgrounds', async () => {
    const scores: Record<string, number> = {};
    for (const image of await garmentImages()) {
      const { data, info } = await decodeRgba(image.jpeg);
      expect([info.width, info.height]).toEqual([image.width, image.height]);
      const mask = await runner.segment(data, info.width, info.height);
      scores[image.name] = Math.round(maskIoU(mask, image.mask) * 1000) / 1000;
    }
    console.log('cut-out mask IoU', scores);
    for (const [name, iou] of Object.entries(scores)) expect(iou, name).toBeGreaterThanOrEqual(0.9);
  }, 300_000);

  it('ends its process after the idle time', async () => {
    const quick = new CutoutRunner({
      concurrency: 1,
      idleMs: 200,
      log: { info: () => undefined, warn: () => undefined },
    });
    try {
      const [image] = await garmentImages();
      const { data, info } = await decodeRgba(image!.jpeg);
      await quick.segment(data, info.width, info.height);
      expect(quick.running()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(quick.running()).toBe(0);
    } finally {
      await quick.close();
    }
  }, 120_000);
});
