import { readFileSync } from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PayloadTooLargeError, ValidationError } from '../errors.js';
import { planNclx } from './colour-profile.js';
import { configureHeicDecoder, decodeHeic, HeicDecodeError, heicDecoderState } from './heic.js';
import { heifCodec, readHeifNclx } from './heif-container.js';
import { processImage } from './images.js';

/** The fixtures of test/fixtures/heic (its README says how they were made). */
function fixture(name: string): Buffer {
  return readFileSync(new URL(`../../test/fixtures/heic/${name}`, import.meta.url));
}

async function pixel(file: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

function expectColour(actual: number[], expected: number[], tolerance: number): void {
  expected.forEach((v, i) =>
    expect(Math.abs((actual[i] ?? -999) - v), `${actual} vs ${expected}`).toBeLessThanOrEqual(
      tolerance,
    ),
  );
}

/** A copy of `file` with every `ispe` (image size) box declaring width x height. */
function declaring(file: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(file);
  for (let at = out.indexOf('ispe'); at > 0; at = out.indexOf('ispe', at + 4)) {
    out.writeUInt32BE(width, at + 8);
    out.writeUInt32BE(height, at + 12);
  }
  return out;
}

function withMajorBrand(file: Buffer, brand: string): Buffer {
  const out = Buffer.from(file);
  out.write(brand, 8, 'latin1');
  return out;
}

afterAll(() => configureHeicDecoder({ idleMs: 30_000 }));

describe('HEIC photos', () => {
  it.each([
    ['heic', 'image/heic'],
    ['heix', 'image/heic'],
    ['hevc', 'image/heic-sequence'],
    ['hevx', 'image/heic-sequence'],
    ['mif1', 'image/heif'],
    ['msf1', 'image/heif-sequence'],
  ])('recognises the %s brand by content and decodes it', async (brand, mime) => {
    const file = withMajorBrand(fixture('red-blue-64x48.heic'), brand);
    expect((await fileTypeFromBuffer(file))?.mime).toBe(mime);
    const out = await processImage(file);
    expect([out.width, out.height]).toEqual([64, 48]);
  });

  it('decodes an HEVC HEIF to WebP of the same size, colours in place, no metadata', async () => {
    const jobs = heicDecoderState().jobs;
    const out = await processImage(fixture('red-blue-64x48.heic'));
    expect(heicDecoderState().jobs).toBe(jobs + 1);

    expect(out.contentType).toBe('image/webp');
    expect([out.width, out.height]).toEqual([64, 48]);
    const meta = await sharp(out.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48]);
    expect(meta.hasAlpha).toBe(false);
    expect(meta.exif ?? meta.icc ?? meta.xmp).toBeUndefined();
    expectColour(await pixel(out.image, 8, 24), [255, 0, 0], 12);
    expectColour(await pixel(out.image, 56, 24), [0, 0, 255], 12);
  });

  it('turns it upright from irot once, ignoring an EXIF orientation that disagrees', async () => {
    // Stored 64x48 with red on the left; irot turns it 90° clockwise (48x64, red on top). Its
    // EXIF says orientation 8: applied alone red would be at the bottom, both would be 64x48.
    const file = fixture('irot-exif-differ-48x64.heic');
    expect((await sharp(file).metadata()).exif).toBeDefined();

    const out = await processImage(file);

    expect([out.width, out.height]).toEqual([48, 64]);
    expect((await sharp(out.image).metadata()).exif).toBeUndefined();
    expectColour(await pixel(out.image, 24, 8), [255, 0, 0], 16);
    expectColour(await pixel(out.image, 24, 56), [0, 0, 255], 16);
  });

  it.each([
    ['an ICC profile', 'p3-icc-64x48.heic'],
    ['nclx code points', 'p3-nclx-64x48.heic'],
  ])('converts a Display P3 red described by %s to sRGB', async (_how, name) => {
    // The photo holds P3 numbers (184, 50, 41): the colour sRGB writes (200, 30, 30).
    const out = await processImage(fixture(name));
    expectColour(await pixel(out.image, 32, 24), [200, 30, 30], 3);
  });

  it('reads nclx code points from the container, and plans Display P3 as a matrix', () => {
    expect(readHeifNclx(fixture('p3-nclx-64x48.heic'))).toEqual({
      primaries: 12,
      transfer: 13,
      matrix: 6,
      fullRange: true,
    });
    expect(readHeifNclx(fixture('p3-icc-64x48.heic'))).toBeNull();
    expect(readHeifNclx(Buffer.from('not a HEIF file'))).toBeNull();
    const plan = planNclx(12, 13);
    const expected = [1.2249, -0.2247, 0, -0.042, 1.0419, 0, -0.0197, -0.0786, 1.0979];
    expect(plan.kind).toBe('matrix');
    const matrix = plan.kind === 'matrix' ? plan.matrix : [];
    expected.forEach((v, i) => expect(matrix[i]).toBeCloseTo(v, 2));
    expect(planNclx(1, 13)).toEqual({ kind: 'srgb' });
    expect(planNclx(2, 2)).toEqual({ kind: 'srgb' });
    expect(planNclx(12, 16)).toEqual({ kind: 'srgb' });
  });

  it.each([
    ['its coded data zeroed', (f: Buffer) => Buffer.from(f).fill(0, f.lastIndexOf('mdat') + 4)],
    ['cut in half', (f: Buffer) => f.subarray(0, f.length / 2)],
    ['cut after its header', (f: Buffer) => f.subarray(0, f.lastIndexOf('mdat') + 8)],
  ])('refuses a HEIC with %s as damaged (422)', async (_how, damage) => {
    const error = await processImage(damage(fixture('red-blue-64x48.heic'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).statusCode).toBe(422);
    expect((error as Error).message).toMatch(/could not be read/);
  });

  it('still decodes after a damaged one', async () => {
    const broken = Buffer.from(fixture('red-blue-64x48.heic'));
    broken.fill(0x5a, broken.lastIndexOf('mdat') + 8);
    await expect(processImage(broken)).rejects.toBeInstanceOf(ValidationError);
    await expect(processImage(fixture('red-blue-64x48.heic'))).resolves.toMatchObject({
      width: 64,
    });
  });

  it('refuses a pixel flood with 413 from the container, before decoding', async () => {
    const jobs = heicDecoderState().jobs;
    const error = await processImage(declaring(fixture('red-blue-64x48.heic'), 60000, 60000)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect((error as Error).message).toMatch(/60000x60000/);
    expect(heicDecoderState().jobs).toBe(jobs);
  });

  it('has the worker check the size too, before decoding a pixel', async () => {
    const error = await decodeHeic(fixture('red-blue-64x48.heic'), { maxPixels: 1000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HeicDecodeError);
    expect((error as HeicDecodeError).reason).toBe('too-large');
    await expect(
      processImage(fixture('red-blue-64x48.heic'), { maxPixels: 3071 }),
    ).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it('gives up a photo that takes too long with 422, and decodes the next one afresh', async () => {
    configureHeicDecoder({ timeoutMs: 1 });
    const error = await processImage(fixture('red-blue-64x48.heic')).catch((e: unknown) => e);
    configureHeicDecoder({ timeoutMs: 60_000 });
    expect(error).toBeInstanceOf(ValidationError);
    expect(heicDecoderState().running).toBe(false);
    await expect(processImage(fixture('red-blue-64x48.heic'))).resolves.toMatchObject({
      width: 64,
    });
  });

  it('keeps AVIF with libvips: no worker job', async () => {
    const avif = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#aa3311' },
    })
      .avif()
      .toBuffer();
    const jobs = heicDecoderState().jobs;
    await expect(processImage(avif)).resolves.toMatchObject({ width: 40, height: 30 });
    // Branded mif1 (generic HEIF), as some encoders write AVIF: the codec decides, not the brand.
    const mif1 = withMajorBrand(avif, 'mif1');
    expect([heifCodec(mif1), heifCodec(fixture('red-blue-64x48.heic'))]).toEqual(['av1', 'hevc']);
    expect((await fileTypeFromBuffer(mif1))?.mime).toBe('image/heif');
    await expect(processImage(mif1)).resolves.toMatchObject({ width: 40, height: 30 });
    expect(heicDecoderState().jobs).toBe(jobs);
  });

  it('starts one worker on demand and ends it when idle', async () => {
    configureHeicDecoder({ idleMs: 100 });
    await processImage(fixture('red-blue-64x48.heic'));
    await processImage(fixture('red-blue-64x48.heic'));
    expect(heicDecoderState().running).toBe(true);
    const started = heicDecoderState().started;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heicDecoderState().running).toBe(false);
    await processImage(fixture('red-blue-64x48.heic'));
    expect(heicDecoderState().started).toBe(started + 1);
  });
});
