import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DISPLAY_MAX_SIDE, THUMBNAIL_WIDTH, keepOwnPhoto, processImage } from './images.js';
import { ownWebp } from './own-webp.js';

/** A textured photo, as Hanger's pipeline writes display photos (lossy WebP, effort 0). */
async function ownPhoto(width = 600, height = 800): Promise<Buffer> {
  const { data, info } = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info }).webp({ quality: 80, effort: 0 }).toBuffer();
}

/** `file` with its VP8 frame cut to `keep` bytes and the sizes made to agree again. */
function truncated(file: Buffer, keep: number): Buffer {
  const frame = file.subarray(20, 20 + keep);
  const padded = keep + (keep & 1);
  const out = Buffer.alloc(20 + padded);
  file.copy(out, 0, 0, 20);
  out.writeUInt32LE(12 + padded, 4);
  out.writeUInt32LE(keep, 16);
  frame.copy(out, 20);
  return out;
}

describe('keepOwnPhoto (docs/import-photos.md)', () => {
  it('keeps a display photo Hanger wrote, byte for byte, with a thumbnail from a full decode', async () => {
    const photo = await ownPhoto();
    const kept = await keepOwnPhoto(photo);
    expect(kept).not.toBeNull();
    expect(kept!.image.equals(photo)).toBe(true);
    expect(kept!.width).toBe(600);
    const thumb = await sharp(kept!.thumbnail).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBe(THUMBNAIL_WIDTH);
    expect(thumb.height).toBe(Math.round((800 * THUMBNAIL_WIDTH) / 600));
  });

  it('drops bytes after the RIFF and answers the rebuilt file', async () => {
    const photo = await ownPhoto();
    const kept = await keepOwnPhoto(
      Buffer.concat([photo, Buffer.from('<script>alert(1)</script>')]),
    );
    expect(kept!.image.equals(photo)).toBe(true);
  });

  it('answers null (re-encode) for anything not shaped as our encoder writes', async () => {
    const photo = await ownPhoto();
    const withExif = await sharp(photo)
      .withExif({ IFD0: { Copyright: 'someone' } })
      .webp({ quality: 80, effort: 0 })
      .toBuffer();
    const withIcc = await sharp(photo).withIccProfile('p3').webp({ quality: 80 }).toBuffer();
    const alpha = await sharp(photo).ensureAlpha(0.5).webp({ quality: 80 }).toBuffer();
    const lossless = await sharp(photo).webp({ lossless: true }).toBuffer();
    const jpeg = await sharp(photo).jpeg().toBuffer();
    const big = await sharp({
      create: { width: DISPLAY_MAX_SIDE + 8, height: 100, channels: 3, background: '#777' },
    })
      .webp({ quality: 80, effort: 0 })
      .toBuffer();
    for (const file of [withExif, withIcc, alpha, lossless, jpeg, big]) {
      expect(ownWebp(file, DISPLAY_MAX_SIDE)).toBeNull();
      expect(await keepOwnPhoto(file)).toBeNull();
    }
    // And the upload pipeline re-encodes them as usual (metadata gone).
    const again = await processImage(withExif);
    expect((await sharp(again.image).metadata()).exif).toBeUndefined();
  });

  it('answers null for a frame that does not decode to the end', async () => {
    const photo = await ownPhoto();
    const frameSize = photo.readUInt32LE(16);
    const cut = truncated(photo, Math.floor(frameSize / 2));
    expect(ownWebp(cut, DISPLAY_MAX_SIDE)).not.toBeNull();
    expect(await keepOwnPhoto(cut)).toBeNull();
    const flipped = Buffer.from(photo);
    flipped[25] = 0x00; // the key frame start code
    expect(await keepOwnPhoto(flipped)).toBeNull();
  });

  it('never keeps a frame declaring more than the display size: the upload pipeline refuses a bomb', async () => {
    const photo = await ownPhoto();
    const bomb = Buffer.from(photo);
    bomb.writeUInt16LE(0x3fff, 26);
    bomb.writeUInt16LE(0x3fff, 28);
    expect(ownWebp(bomb, DISPLAY_MAX_SIDE)).toBeNull();
    // Read for its size only (the import's preview), the header says what libwebp would say.
    expect(ownWebp(bomb, 0x3fff)).toMatchObject({ width: 16383, height: 16383 });
    expect(await keepOwnPhoto(bomb)).toBeNull();
    await expect(processImage(bomb)).rejects.toThrow(/too large: 16383x16383/);
  });

  it('keeps a photo in the pool it is given', async () => {
    const photo = await ownPhoto();
    let ran = 0;
    const kept = await keepOwnPhoto(photo, undefined, (work) => {
      ran++;
      return work();
    });
    expect(kept!.image.equals(photo)).toBe(true);
    expect(ran).toBe(1);
  });
});
