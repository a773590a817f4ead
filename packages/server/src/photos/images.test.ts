import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError, ValidationError } from '../errors.js';
import { isValidKey } from '../storage/blob-store.js';
import {
  DISPLAY_MAX_SIDE,
  THUMBNAIL_WIDTH,
  jpegShrinkOnLoad,
  processImage,
  storageKeys,
} from './images.js';

function solid(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

/** The RIFF chunk ids of a WebP file and the metadata flags of its VP8X header, if any. */
function webpLayout(file: Buffer): { chunks: string[]; vp8xFlags: number } {
  expect(file.toString('latin1', 0, 4)).toBe('RIFF');
  expect(file.toString('latin1', 8, 12)).toBe('WEBP');
  const chunks: string[] = [];
  let vp8xFlags = 0;
  for (let at = 12; at + 8 <= file.length;) {
    const id = file.toString('latin1', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    chunks.push(id);
    if (id === 'VP8X') vp8xFlags = file[at + 8] ?? 0;
    at += 8 + size + (size % 2);
  }
  return { chunks, vp8xFlags };
}

/** Whether a TIFF-in-EXIF block (as sharp's metadata().exif returns it) points to a GPS IFD. */
function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

async function expectNoMetadata(file: Buffer): Promise<void> {
  const meta = await sharp(file).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  const { chunks, vp8xFlags } = webpLayout(file);
  expect(chunks).not.toContain('EXIF');
  expect(chunks).not.toContain('XMP ');
  expect(chunks).not.toContain('ICCP');
  expect(vp8xFlags & 0x2c).toBe(0); // ICC (0x20), EXIF (0x08) and XMP (0x04) flags
  for (const marker of ['Exif', 'WGS-84', 'GPS', 'x:xmpmeta', 'Hanger Test Phone']) {
    expect(file.includes(Buffer.from(marker)), marker).toBe(false);
  }
}

async function pixel(file: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

function expectColour(actual: number[], expected: number[], tolerance = 6): void {
  expected.forEach((v, i) =>
    expect(Math.abs((actual[i] ?? -999) - v), `${actual}`).toBeLessThanOrEqual(tolerance),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width x height with almost no pixel data behind it. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header (SOF0) is rewritten to claim width x height. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await solid(16, 16, '#336699').jpeg().toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** libvips' P3 profile with its tone curves replaced by gamma 2.2, like Adobe RGB's. */
async function gamma22Profile(): Promise<Buffer> {
  const tagged = await solid(8, 8, '#808080').withIccProfile('p3').png().toBuffer();
  const icc = Buffer.from((await sharp(tagged).metadata()).icc!);
  const count = icc.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (!/^[rgb]TRC$/.test(icc.toString('latin1', at, at + 4))) continue;
    const offset = icc.readUInt32BE(at + 4);
    icc.write('curv', offset, 'latin1');
    icc.writeUInt32BE(0, offset + 4);
    icc.writeUInt32BE(1, offset + 8);
    icc.writeUInt16BE(0x0233, offset + 12); // 2.2 as u8Fixed8
    icc.writeUInt32BE(14, at + 8);
  }
  return icc;
}

describe('processImage', () => {
  it('strips EXIF with GPS, XMP and the ICC profile from a phone photo', async () => {
    const photo = await solid(800, 600, '#8a6d4f')
      .jpeg()
      .withExif({
        IFD0: { Make: 'Hanger Test Phone', Model: 'HT-1', Software: 'Camera 1.0' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2400/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 300/100',
          GPSMapDatum: 'WGS-84',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .withIccProfile('p3')
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(exifHasGps(input.exif!)).toBe(true);
    expect(photo.includes(Buffer.from('WGS-84'))).toBe(true);
    expect(input.xmp).toBeDefined();
    expect(input.icc).toBeDefined();

    const out = await processImage(photo);

    expect(out.contentType).toBe('image/webp');
    await expectNoMetadata(out.image);
    await expectNoMetadata(out.thumbnail);
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    // Stored landscape, red on the left and blue on the right; orientation 6 means "rotate 90°
    // clockwise to view", so the viewer sees a portrait with red on top.
    const stored = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#0000ff' },
    })
      .composite([{ input: await solid(150, 200, '#ff0000').png().toBuffer(), left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);

    const out = await processImage(stored);

    expect([out.width, out.height]).toEqual([200, 300]);
    const meta = await sharp(out.image).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation).toBeUndefined();
    expectColour(await pixel(out.image, 100, 30), [255, 0, 0], 20);
    expectColour(await pixel(out.image, 100, 270), [0, 0, 255], 20);
  });

  it('fits the display image inside 1600 px and makes a 400 px wide thumbnail', async () => {
    const out = await processImage(await solid(3000, 2000, '#445566').jpeg().toBuffer());
    expect([out.width, out.height]).toEqual([DISPLAY_MAX_SIDE, 1067]);
    const display = await sharp(out.image).metadata();
    const thumbnail = await sharp(out.thumbnail).metadata();
    expect([display.width, display.height]).toEqual([1600, 1067]);
    expect([thumbnail.width, thumbnail.height]).toEqual([THUMBNAIL_WIDTH, 267]);
  });

  it('never enlarges a small image', async () => {
    const out = await processImage(await solid(300, 200, '#445566').png().toBuffer());
    expect([out.width, out.height]).toEqual([300, 200]);
    expect((await sharp(out.thumbnail).metadata()).width).toBe(300);
  });

  it('keeps the transparency of a PNG cut-out', async () => {
    const cutout = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await solid(32, 64, '#00c000').png().toBuffer(), left: 32, top: 0 }])
      .png()
      .toBuffer();

    const out = await processImage(cutout);

    expect((await sharp(out.image).metadata()).hasAlpha).toBe(true);
    expect((await pixel(out.image, 8, 32))[3]).toBe(0);
    expectColour(await pixel(out.image, 56, 32), [0, 192, 0, 255]);
    expect((await sharp(out.thumbnail).metadata()).hasAlpha).toBe(true);
  });

  it.each([
    ['WebP', () => solid(120, 80, '#aa3311').webp().toBuffer()],
    ['GIF', () => solid(120, 80, '#aa3311').gif().toBuffer()],
    ['AVIF (HEIF family)', () => solid(120, 80, '#aa3311').avif().toBuffer()],
    ['PNG', () => solid(120, 80, '#aa3311').png().toBuffer()],
  ])('accepts %s', async (_name, make) => {
    const out = await processImage(await make());
    expect([out.width, out.height]).toEqual([120, 80]);
    expectColour(await pixel(out.image, 60, 40), [0xaa, 0x33, 0x11], 12);
  });

  it('converts a Display P3 photo to sRGB colours', async () => {
    // An sRGB green stored as P3 numbers, which differ a lot from the sRGB ones (red ~80, not 0).
    const p3 = await solid(400, 300, '#00b400')
      .jpeg({ quality: 100 })
      .withIccProfile('p3')
      .toBuffer();
    const storedNumbers = await pixel(
      await sharp(p3, { ignoreIcc: true }).png().toBuffer(),
      200,
      150,
    );
    expect(storedNumbers[0]).toBeGreaterThan(40);

    const out = await processImage(p3);

    expectColour(await pixel(out.image, 200, 150), [0, 0xb4, 0], 6);
  });

  it('applies other profiles through libvips (a gamma 2.2 profile)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hanger-icc-'));
    try {
      const profilePath = join(dir, 'gamma22.icc');
      await writeFile(profilePath, await gamma22Profile());
      const tagged = await solid(200, 100, '#3c78b4').withIccProfile(profilePath).png().toBuffer();
      const byLibvips = await pixel(await sharp(tagged).png().toBuffer(), 100, 50);
      expectColour(byLibvips, [0x3c, 0x78, 0xb4], 4);

      const out = await processImage(tagged);

      expectColour(await pixel(out.image, 100, 50), byLibvips, 4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['a text file named .jpg', Buffer.from('hello, this is not a photo at all\n'.repeat(20))],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')],
    ['an empty file', Buffer.alloc(0)],
  ])('rejects %s as an unsupported type (422)', async (_name, bytes) => {
    const error = await processImage(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).statusCode).toBe(422);
    expect((error as Error).message).toMatch(/^Unsupported image type/);
  });

  it('rejects a damaged AV1-coded HEIF branded "heic" with 422, through libvips', async () => {
    // The codec decides the decoder, not the brand: AV1 goes to libvips (HEVC photos: heic.test.ts).
    const heic = Buffer.from(await solid(64, 48, '#aa3333').avif().toBuffer());
    const ftypEnd = heic.readUInt32BE(0);
    for (let at = 8; at + 4 <= ftypEnd; at += 4) {
      if (heic.toString('latin1', at, at + 4) === 'avif') heic.write('heic', at, 'latin1');
    }
    heic.fill(0, heic.indexOf('mdat') + 4);
    expect((await sharp(heic, { limitInputPixels: false }).metadata()).format).toBe('heif');

    const error = await processImage(heic).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/could not be read/);
  });

  it('rejects a TIFF, which browsers cannot show either', async () => {
    const tiff = await solid(20, 20, '#123456').tiff().toBuffer();
    await expect(processImage(tiff)).rejects.toBeInstanceOf(ValidationError);
  });

  it('rejects a damaged JPEG with 422', async () => {
    const jpeg = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const error = await processImage(jpeg.subarray(0, jpeg.length / 2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/could not be read/);
  });

  it('decodes a 12 MP phone photo at half scale: upright, 1600 px, P3 converted, no file left', async () => {
    // 4000 x 3000 stored landscape with orientation 6 (portrait to view), tagged Display P3:
    // left half an sRGB green in P3 numbers, right half a mid grey.
    const stored = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#808080' },
    })
      .composite([{ input: await solid(2000, 3000, '#00b400').png().toBuffer(), left: 0, top: 0 }])
      .jpeg({ quality: 90 })
      .withIccProfile('p3')
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const leftovers = async () =>
      (await readdir(tmpdir())).filter((name) => name.startsWith('hanger-photo-')).length;
    const before = await leftovers();

    const out = await processImage(stored);

    expect([out.width, out.height]).toEqual([1200, 1600]);
    const meta = await sharp(out.image).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect((await sharp(out.thumbnail).metadata()).width).toBe(THUMBNAIL_WIDTH);
    // Upright: the stored left half (green) is now the top half.
    expectColour(await pixel(out.image, 600, 300), [0, 0xb4, 0], 8);
    expectColour(await pixel(out.image, 600, 1300), [0x80, 0x80, 0x80], 8);
    expectColour(await pixel(out.thumbnail, 200, 80), [0, 0xb4, 0], 8);
    await expectNoMetadata(out.image);
    expect(await leftovers()).toBe(before);
  });

  it('rejects a damaged JPEG with 422 on the half-scale path too', async () => {
    const jpeg = await sharp({
      create: {
        width: 3300,
        height: 800,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const error = await processImage(jpeg.subarray(0, jpeg.length / 2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('decodes in full when the temporary folder cannot be written', async () => {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = join(tmpdir(), 'hanger-missing', 'folder');
    try {
      const out = await processImage(await solid(3300, 800, '#336699').jpeg().toBuffer());
      expect([out.width, out.height]).toEqual([1600, 388]);
      expectColour(await pixel(out.image, 800, 200), [0x33, 0x66, 0x99], 8);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('asks for shrink-on-load only for 2-3x reductions, which sharp does not take itself', () => {
    expect(jpegShrinkOnLoad(4000, 3000)).toBe(2);
    expect(jpegShrinkOnLoad(3024, 4032)).toBe(2);
    expect(jpegShrinkOnLoad(3200, 2400)).toBe(2);
    expect(jpegShrinkOnLoad(3199, 2400)).toBe(1);
    expect(jpegShrinkOnLoad(8064, 6048)).toBe(1);
    expect(jpegShrinkOnLoad(1600, 1200)).toBe(1);
  });

  it('rejects a PNG declaring 60000 x 60000 pixels with 413, from the header alone', async () => {
    const bomb = pngDeclaring(60000, 60000);
    expect(bomb.length).toBeLessThan(100);
    // Decoding would fail as corrupt (there is no pixel data) or need 10 GB; a 413 proves it
    // was refused on the declared size.
    const error = await processImage(bomb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect((error as PayloadTooLargeError).statusCode).toBe(413);
    expect((error as Error).message).toMatch(/60000x60000/);
  });

  it('rejects a tiny JPEG whose frame header claims 60000 x 60000 with 413', async () => {
    const error = await processImage(await jpegDeclaring(60000, 60000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
  });

  it('honours a lower pixel limit', async () => {
    const photo = await solid(1000, 600, '#777777').jpeg().toBuffer();
    await expect(processImage(photo, { maxPixels: 599_999 })).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
    await expect(processImage(photo, { maxPixels: 600_000 })).resolves.toMatchObject({
      width: 1000,
      height: 600,
    });
  });
});

describe('storageKeys', () => {
  it('gives fresh image and thumbnail keys under the owner', () => {
    const a = storageKeys('Usr_42-abc');
    const b = storageKeys('Usr_42-abc');
    expect(a.image).toMatch(/^Usr_42-abc\/[0-9a-f-]{36}-image\.webp$/);
    expect(a.thumbnail).toBe(a.image.replace('-image.webp', '-thumbnail.webp'));
    expect(b.image).not.toBe(a.image);
  });

  it("names a record's first photo after the record, and a replacement with a fresh version", () => {
    const id = '0b6f3c1e-5d2a-4f3b-9c8d-7e6f5a4b3c2d';
    expect(storageKeys('u1', { id })).toEqual({
      image: `u1/${id}-image.webp`,
      thumbnail: `u1/${id}-thumbnail.webp`,
    });
    const a = storageKeys('u1', { id, replacing: true });
    const b = storageKeys('u1', { id, replacing: true });
    expect(a.image).toMatch(new RegExp(`^u1/${id}-[0-9a-z]{1,10}-image\\.webp$`));
    expect(a.thumbnail).toBe(a.image.replace('-image.webp', '-thumbnail.webp'));
    expect(b.image).not.toBe(a.image);
    expect(isValidKey(a.image) && isValidKey(storageKeys('u1', { id }).thumbnail)).toBe(true);
  });

  it('falls back to a random stem for a record id that cannot name a file', () => {
    for (const id of ['', '../x', 'a/b', '.hidden', '-lead', 'x'.repeat(129)]) {
      expect(storageKeys('u1', { id }).image, id).toMatch(/^u1\/[0-9a-f-]{36}-image\.webp$/);
    }
  });

  it('refuses a user id that could escape its folder', () => {
    for (const id of ['', '..', 'a/b', 'a\\b', '.hidden', 'x'.repeat(129)]) {
      expect(() => storageKeys(id), id).toThrow();
    }
  });
});
