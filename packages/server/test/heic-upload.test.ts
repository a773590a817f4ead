import { readFileSync } from 'node:fs';
import type { WireItem } from '@hanger/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { absolute, photo, signUp, type ApiUser } from './helpers/api.js';

/** test/fixtures/heic (its README says how they were made). */
const heic = (name: string) => readFileSync(new URL(`./fixtures/heic/${name}`, import.meta.url));

describe.each(ENGINES)('HEIC uploads on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    t = await startApp(engine);
    user = await signUp(t);
  });
  afterAll(() => t?.close());

  const download = async (url: string | null | undefined) => {
    const response = await fetch(absolute(t.baseUrl, url));
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  /** An iPhone photo as a browser may send it: named .jpg, typed as nothing in particular. */
  const post = (bytes: Buffer) =>
    user.send('POST', '/api/clothes', {
      category: 'top',
      status: 'clothes',
      image: photo(bytes, 'photo.jpg', 'application/octet-stream'),
    });

  it('adds an item from a HEIC named photo.jpg: WebP photos, upright, no metadata', async () => {
    const response = await post(heic('irot-exif-differ-48x64.heic'));
    expect(response.status).toBe(201);
    const item = (await response.json()) as WireItem;

    const image = await download(item.image);
    const thumbnail = await download(item.thumbnail);
    for (const bytes of [image, thumbnail]) {
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 48, 64]);
      expect(meta.exif ?? meta.xmp ?? meta.icc).toBeUndefined();
      expect(bytes.includes('Exif')).toBe(false);
    }
    // Upright: red on top.
    const { data } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
    expect(Object.keys((await user.wardrobe()).clothes)).toContain(item.id);
  });

  it('converts a Display P3 HEIC to sRGB', async () => {
    const response = await post(heic('p3-icc-64x48.heic'));
    expect(response.status).toBe(201);
    const item = (await response.json()) as WireItem;
    const { data } = await sharp(await download(item.image))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (24 * 64 + 32) * 3;
    [200, 30, 30].forEach((v, i) => expect(Math.abs(data[at + i]! - v)).toBeLessThanOrEqual(3));
  });

  it('replaces a photo with a HEIC (PATCH .../image)', async () => {
    const item = await user.addItem();
    const response = await user.send('PATCH', `/api/clothes/${item.id}/image`, {
      image: photo(heic('red-blue-64x48.heic'), 'IMG_0001.HEIC', 'image/heic'),
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as WireItem;
    const meta = await sharp(await download(updated.image)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
  });

  it.each([
    [
      'a damaged HEIC',
      () => {
        const bytes = Buffer.from(heic('red-blue-64x48.heic'));
        return bytes.fill(0, bytes.lastIndexOf('mdat') + 4);
      },
      422,
      /could not be read/,
    ],
    [
      'a HEIC declaring 60000 x 60000 pixels',
      () => {
        const bytes = Buffer.from(heic('red-blue-64x48.heic'));
        for (let at = bytes.indexOf('ispe'); at > 0; at = bytes.indexOf('ispe', at + 4)) {
          bytes.writeUInt32BE(60000, at + 8);
          bytes.writeUInt32BE(60000, at + 12);
        }
        return bytes;
      },
      413,
      /60000x60000/,
    ],
  ])('refuses %s, storing nothing', async (_name, make, status, detail) => {
    const before = await user.wardrobe();
    const filesBefore = await t.mediaFiles();
    const response = await post(make());
    expect(response.status).toBe(status);
    const body = (await response.json()) as { detail: string };
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toMatch(detail);
    expect(await user.wardrobe()).toEqual(before);
    expect(await t.mediaFiles()).toEqual(filesBefore);
  });
});
