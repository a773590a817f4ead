import { EXPORT_VERSION, type WireItem } from '@hanger/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CutoutRunner } from '../src/cutout/runner.js';
import { findItem } from '../src/repositories/clothes.js';
import { runCutoutJob } from '../src/services/cutouts.js';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { absolute, photo, signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { alphaOf, garmentImages, maskIoU, type GarmentImage } from './helpers/garments.js';
import { rebuildZip, openExport, withChangedDoc } from './export-import-fixtures.js';
import { downloadExport, importZip } from './export-import-helpers.js';

/**
 * Cut-out photos through HTTP (docs/cutouts.md), on both engines, with the real model in its
 * child process: upload, pending, done; restore; remove background again; an edited cut-out;
 * refusals; another account's item; a failure after the retries; a stale result discarded.
 * Photos are small (one 800 x 800 garment, about 10 s of CPU each run of the model).
 */

const POLL_MS = 250;

describe.each(ENGINES)('cut-outs on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;
  let shirt: GarmentImage;

  beforeAll(async () => {
    // Quick polls and retries: the failure after 3 attempts takes seconds, not half a minute.
    t = await startApp(engine, {
      env: { CUTOUT: 'on', JOB_POLL_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '1' },
    });
    user = await signUp(t);
    other = await signUp(t);
    shirt = (await garmentImages())[0]!;
  });
  afterAll(() => t?.close());

  const items = async (u = user) => (await u.wardrobe()).clothes;

  async function waitFor(id: string, state: string, timeoutMs = 180_000): Promise<WireItem> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const item = (await items())[id]!;
      if ((item.cutout ?? 'none') === state) return item;
      if (Date.now() > end) throw new Error(`item ${id} is ${item.cutout ?? 'none'}, not ${state}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  const download = async (url: string | null | undefined) => {
    const response = await fetch(absolute(t.baseUrl, url));
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('reports the feature in settings, and a PUT ignores cutouts_available', async () => {
    const settings = await user.settings();
    expect(settings.cut_out_new_photos).toBe(true);
    expect(settings.cutouts_available).toBe(true);
    const put = await user.putSettings({ cutouts_available: false, week_start: 1 });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { cutouts_available: boolean }).cutouts_available).toBe(true);
  });

  let itemId: string;

  it('cuts out a new photo: pending at once, then done with the original kept', async () => {
    const created = await user.addItem({}, shirt.jpeg);
    itemId = created.id;
    expect(created.cutout).toBe('pending');
    expect(created.original).toBeUndefined();
    const done = await waitFor(itemId, 'done');
    expect(done.original).toBeTruthy();
    expect(done.image).not.toBe(created.image);
    // The original is the photo uploaded; the image is a WebP with alpha at its pixel size.
    expect(await download(done.original)).toEqual(await download(created.image));
    const cutout = await download(done.image);
    const meta = await sharp(cutout).metadata();
    expect([meta.format, meta.hasAlpha, meta.width, meta.height]).toEqual([
      'webp',
      true,
      shirt.width,
      shirt.height,
    ]);
    const { alpha } = await alphaOf(cutout);
    expect(maskIoU(alpha, shirt.mask)).toBeGreaterThan(0.9);
    const thumb = await sharp(await download(done.thumbnail)).metadata();
    expect(thumb.hasAlpha).toBe(true);
    // The columns form carries both fields.
    const columns = await user.get('/api/users', {
      accept: 'application/vnd.hanger.wardrobe+json; v=2',
    });
    const body = JSON.stringify(await columns.json());
    expect(body).toContain('"done"');
  }, 240_000);

  it("answers 404 for another account's item on every cut-out call, and changes nothing", async () => {
    const before = await items();
    const png = await sharp({
      create: { width: shirt.width, height: shirt.height, channels: 4, background: '#0000' },
    })
      .png()
      .toBuffer();
    for (const [method, path, fields] of [
      ['POST', `/api/clothes/${itemId}/cutout`, undefined],
      ['DELETE', `/api/clothes/${itemId}/cutout`, undefined],
      ['PATCH', `/api/clothes/${itemId}/image`, { cutout: photo(png, 'c.png', 'image/png') }],
    ] as const) {
      const response = await other.send(method, path, fields);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await items()).toEqual(before);
  });

  it('refuses a bad cut-out file (415 for a JPEG, 422 for no alpha or another size), changing nothing', async () => {
    const before = await items();
    const files = await t.mediaFiles();
    const noAlpha = await sharp({
      create: { width: shirt.width, height: shirt.height, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const wrongSize = await sharp({
      create: { width: 100, height: 80, channels: 4, background: '#0000' },
    })
      .webp()
      .toBuffer();
    for (const [bytes, type, status] of [
      [await testJpeg(), 'image/jpeg', 415],
      [noAlpha, 'image/png', 422],
      [wrongSize, 'image/webp', 422],
    ] as const) {
      const response = await user.send('PATCH', `/api/clothes/${itemId}/image`, {
        cutout: photo(bytes, 'cutout', type),
      });
      expect(response.status, type).toBe(status);
      expect(((await response.json()) as { detail: string }).detail).toBeTruthy();
    }
    expect(await items()).toEqual(before);
    expect(await t.mediaFiles()).toEqual(files);
  });

  it('stores an edited cut-out (PATCH cutout alone) beside the kept original', async () => {
    const before = (await items())[itemId]!;
    const { alpha } = await alphaOf(await download(before.image));
    // "Erase" the left half with the brush.
    const rgb = await sharp(await download(before.original))
      .removeAlpha()
      .raw()
      .toBuffer();
    const rgba = Buffer.alloc(shirt.width * shirt.height * 4);
    for (let i = 0; i < shirt.width * shirt.height; i++) {
      rgb.copy(rgba, i * 4, i * 3, i * 3 + 3);
      rgba[i * 4 + 3] = i % shirt.width < shirt.width / 2 ? 0 : alpha[i]!;
    }
    const edited = await sharp(rgba, {
      raw: { width: shirt.width, height: shirt.height, channels: 4 },
    })
      .png()
      .toBuffer();
    const response = await user.send('PATCH', `/api/clothes/${itemId}/image`, {
      cutout: photo(edited, 'cutout.png', 'image/png'),
    });
    expect(response.status).toBe(200);
    const patch = (await response.json()) as WireItem;
    expect(patch.cutout).toBe('done');
    expect(patch.original).toBe(before.original);
    const after = (await items())[itemId]!;
    expect(after.image).toBe(patch.image);
    expect(await download(after.original)).toEqual(await download(before.original));
    const { alpha: left } = await alphaOf(await download(after.image));
    expect(left[shirt.width * 400 + 100]).toBe(0);
  });

  it('exports both photos (since format version 2) and imports them back; a version 1 file still imports', async () => {
    const source = (await items())[itemId]!;
    const { entries, doc } = await openExport(user);
    expect(doc.version).toBe(EXPORT_VERSION);
    const exported = (doc.items as { id: string; photo: string; cutout: string | null }[]).find(
      (i) => i.id === itemId,
    )!;
    expect(exported.cutout).toBe(`photos/cutouts/${itemId}.webp`);
    const entry = (name: string) => entries.find((e) => e.name === name)!.bytes;
    expect(entry(exported.photo)).toEqual(await download(source.original));
    expect(entry(exported.cutout!)).toEqual(await download(source.image));

    const bea = await signUp(t);
    const { zip } = await downloadExport(user);
    const { status } = await importZip(bea, zip);
    expect(status.state).toBe('done');
    const imported = Object.values((await bea.wardrobe()).clothes).find(
      (i) => i.cutout === 'done',
    )!;
    expect(imported.original).toBeTruthy();
    expect((await sharp(await download(imported.image)).metadata()).hasAlpha).toBe(true);
    const [a, b] = await Promise.all([
      alphaOf(await download(imported.image)),
      alphaOf(await download(source.image)),
    ]);
    expect(maskIoU(a.alpha, b.alpha)).toBeGreaterThan(0.99);
    expect((await sharp(await download(imported.original)).metadata()).width).toBe(shirt.width);

    // The same archive as version 1 wrote it: no cut-outs, one photo per item.
    const v1 = withChangedDoc(
      entries.filter((e) => !e.name.startsWith('photos/cutouts/')),
      doc,
      (d) => {
        d.version = 1;
        for (const item of d.items as Record<string, unknown>[]) delete item.cutout;
      },
    );
    const cy = await signUp(t);
    const old = await importZip(cy, await rebuildZip(v1));
    expect(old.status.state).toBe('done');
    const plain = Object.values((await cy.wardrobe()).clothes);
    expect(plain.length).toBe(Object.keys(await items()).length);
    for (const item of plain) {
      expect(item.cutout).toBeUndefined();
      expect(item.original).toBeUndefined();
    }
  }, 120_000);

  it('restores the original, then removes the background again', async () => {
    const before = (await items())[itemId]!;
    const files = await t.mediaFiles();
    const restore = await user.send('DELETE', `/api/clothes/${itemId}/cutout`);
    expect(restore.status).toBe(200);
    const restored = (await restore.json()) as WireItem;
    expect(restored).toMatchObject({ cutout: null, original: null });
    expect(await download(restored.image)).toEqual(await download(before.original));
    const item = (await items())[itemId]!;
    expect(item.cutout).toBeUndefined();
    expect(item.original).toBeUndefined();
    // The cut-out's two files are gone.
    expect((await t.mediaFiles()).length).toBe(files.length - 2);

    const again = await user.send('POST', `/api/clothes/${itemId}/cutout`);
    expect(again.status).toBe(202);
    expect(((await again.json()) as WireItem).cutout).toBe('pending');
    const done = await waitFor(itemId, 'done');
    expect(await download(done.original)).toEqual(await download(restored.image));
  }, 240_000);

  it('replacing the photo while its cut-out runs discards the stale result', async () => {
    // Queue a cut-out; the setting off means the replaced photo queues none of its own.
    expect((await user.putSettings({ cut_out_new_photos: false })).status).toBe(200);
    expect((await user.send('POST', `/api/clothes/${itemId}/cutout`)).status).toBe(202);
    const ctx = t.app.services;
    const queued = await findItem(ctx.db, user.id, itemId);
    expect(queued?.cutout_state).toBe('pending');
    // The job as the queue runs it, started here so that the photo can change while it runs.
    const job = runCutoutJob(ctx, {
      id: 'stale-test',
      attempt: 1,
      payload: { userId: user.id, itemId, token: queued!.cutout_token! },
    });
    const replace = await user.send('PATCH', `/api/clothes/${itemId}/image`, {
      image: photo(await testJpeg({ width: 300, height: 200 })),
    });
    expect(replace.status).toBe(200);
    const patch = (await replace.json()) as WireItem;
    expect(patch).toMatchObject({ cutout: null, original: null });
    await job;
    const item = (await items())[itemId]!;
    expect(item.cutout).toBeUndefined();
    expect(item.image).toBe(patch.image);
    // Only the new photo's two files are left of this item: the stale cut-out was deleted.
    const files = await t.mediaFiles();
    expect(files.filter((f) => f.includes(itemId))).toHaveLength(2);
    await user.putSettings({ cut_out_new_photos: true });
  }, 240_000);

  it('marks the item failed after the retries, keeping its original', async () => {
    const ctx = t.app.services;
    const real = ctx.cutouts.runner;
    // A runner whose every photo takes "too long": each attempt fails the way a stuck model does.
    ctx.cutouts.runner = new CutoutRunner({
      concurrency: 1,
      timeoutMs: 1,
      log: { info: () => undefined, warn: () => undefined },
    });
    try {
      const created = await user.addItem({}, await testJpeg({ width: 64, height: 64 }));
      expect(created.cutout).toBe('pending');
      const failed = await waitFor(created.id, 'failed', 60_000);
      expect(failed.image).toBe(created.image);
      expect(failed.original).toBeUndefined();
    } finally {
      await ctx.cutouts.runner.close();
      ctx.cutouts.runner = real;
    }
  }, 90_000);

  it('fails at once, with a reason, when the model finds nothing in the photo', async () => {
    const blank = await testJpeg({ width: 200, height: 200, color: { r: 128, g: 128, b: 128 } });
    const created = await user.addItem({}, blank);
    const failed = await waitFor(created.id, 'failed');
    expect(failed.image).toBe(created.image);
  }, 240_000);
});
