import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Metadata, OutputInfo, WebpOptions } from 'sharp';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors.js';
import type { PixelSample } from '@hanger/domain';
import { convertToSrgb, planColour, planNclx, type ColourPlan } from './colour-profile.js';
import { sampleRaw } from './colours.js';
import { HeicDecodeError, decodeHeic } from './heic.js';
import { heifCodec, readHeifNclx } from './heif-container.js';
import { DEFAULT_MAX_PIXELS } from './limits.js';
import { ownWebp } from './own-webp.js';
import { withPhotoSlot, type PhotoSlot } from './photo-slots.js';

export { DEFAULT_MAX_PIXELS };
/** Longest side of the image shown on detail screens and in the composer. */
export const DISPLAY_MAX_SIDE = 1600;
/** Grid tiles are at most about 200 CSS px wide: 400 px covers 2x screens. */
export const THUMBNAIL_WIDTH = 400;

// effort 0 encodes about 4x faster than the default 4 (45 ms instead of 190 ms at 1600 px) for
// files about 5% larger and 0.4 dB lower PSNR; measured with bench/images.bench.ts.
const WEBP: WebpOptions = { quality: 80, effort: 0 };

const ACCEPTED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'image/avif',
]);
/** What file-type calls the brands of HEVC-coded HEIF (heic, heix, hevc, hevx, mif1, msf1). */
const HEIF_TYPES = new Set([
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
]);
const UNSUPPORTED = 'Unsupported image type: upload a JPEG, PNG, WebP, GIF, HEIC or AVIF photo.';

// Every upload is a different image, so libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * The two files of every photo, named as the API names their URLs (docs/spec.md §3) all the way
 * from the encoder to storage: the bytes, the storage keys and the links are each an `image` and a
 * `thumbnail`.
 */
export interface PhotoFiles<T> {
  /** The display size: fits inside DISPLAY_MAX_SIDE x DISPLAY_MAX_SIDE, never enlarged. */
  image: T;
  /** THUMBNAIL_WIDTH wide (narrower images keep their width), for grids. */
  thumbnail: T;
}

export interface ProcessedImage extends PhotoFiles<Buffer> {
  contentType: 'image/webp';
  /** Size of the display image, upright. */
  width: number;
  height: number;
  /** The photo at most 128 px a side, for its colours (photos/colours.ts), from the same pixels. */
  sample: PixelSample;
}

export interface ProcessImageOptions {
  /** Refuse images whose header declares more pixels than this (decompression bombs). */
  maxPixels?: number;
}

function describeMegapixels(pixels: number): string {
  return `${Math.round(pixels / 1e5) / 10} megapixels`;
}

async function readHeader(bytes: Buffer): Promise<Metadata> {
  try {
    // Header only: libvips opens images lazily, so no limit is needed to read the declared size.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ValidationError('The image could not be read: the file is damaged or incomplete.');
  }
}

const DAMAGED = 'The image could not be read: the file is damaged or incomplete.';

function tooLarge(width: number, height: number, maxPixels: number): PayloadTooLargeError {
  return new PayloadTooLargeError(
    `The image is too large: ${width}x${height} pixels is over ${describeMegapixels(maxPixels)}.`,
  );
}

function decodeError(err: unknown, maxPixels: number): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return new PayloadTooLargeError(`The image is larger than ${describeMegapixels(maxPixels)}.`);
  }
  return new ValidationError(DAMAGED);
}

/**
 * Turns an uploaded photo into the two WebP files the app serves. The type comes from the bytes,
 * never from the file name or the declared content type; the pixel count is checked from the
 * header before anything is decoded. The photo is decoded once, a JPEG at reduced scale
 * (shrink-on-load: a 12 MP photo at 2000 x 1500), turned upright from its EXIF orientation,
 * resized to the display size and converted to sRGB; both sizes are encoded from those pixels, and
 * neither carries any metadata (EXIF with GPS, XMP, ICC). For a 12 MP phone photo that is about
 * 70 ms of decoding and resizing, 15 ms of colour conversion when it is Display P3, and 45 ms of
 * WebP encoding with the thumbnail alongside (bench/images.bench.ts).
 *
 * At most `photoConcurrency()` photos are worked on at once (PHOTO_CONCURRENCY); the others wait
 * their turn, so that a burst of uploads cannot take every core from the requests being served.
 *
 * Edited images (PATCH .../image) go through this same function.
 */
export async function processImage(
  bytes: Buffer,
  opts: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;

  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new ValidationError(UNSUPPORTED);

  let header: Metadata;
  try {
    header = await readHeader(bytes);
  } catch (err) {
    // libvips does not open every brand of the family (a file branded hevx, say); libheif in the
    // worker still may, and checks the size the container declares before decoding.
    if (!HEIF_TYPES.has(type.mime) || heifCodec(bytes) !== 'hevc') throw err;
    return withPhotoSlot(() => encodeHeic(bytes, {}, maxPixels));
  }
  const { width, height } = header;
  if (!width || !height) {
    throw new ValidationError('The image could not be read: it declares no size.');
  }
  if (width * height > maxPixels) throw tooLarge(width, height, maxPixels);
  // HEVC-coded HEIF (iPhone HEIC): libvips reads its header but has no decoder for its pixels.
  // AVIF, the other HEIF, libvips decodes itself. The codec decides, not the brand.
  if (header.format === 'heif' && heifCodec(bytes) === 'hevc') {
    return withPhotoSlot(() => encodeHeic(bytes, header, maxPixels));
  }
  return withPhotoSlot(() => encodePhoto(bytes, type.mime, header, maxPixels));
}

/**
 * The JPEG shrink-on-load factor processImage asks libvips for itself: 2 when the longer side is
 * 2-3x DISPLAY_MAX_SIDE (every 12 MP phone photo: 4000 px to 1600), else 1. sharp takes
 * shrink-on-load by itself only from a 3x reduction (fastShrinkOnLoad), so a 48 MP photo is
 * already decoded at 1/2 or 1/4 scale.
 */
export function jpegShrinkOnLoad(width: number, height: number): 1 | 2 {
  const side = Math.max(width, height);
  return side >= 2 * DISPLAY_MAX_SIDE && side < 3 * DISPLAY_MAX_SIDE ? 2 : 1;
}

/**
 * Runs `decode` on the JPEG `bytes` loaded at 1/`shrink` scale. sharp passes no load options with
 * a buffer, but libvips reads them from a file name (`upload.jpg[shrink=2]`), so the bytes are
 * written (asynchronously: a few ms for 4 MB) to a private temporary folder for the decode. If
 * that folder cannot be written, the photo is decoded from memory at full scale instead.
 */
async function decodeShrunkJpeg<T>(
  bytes: Buffer,
  shrink: number,
  decode: (input: string | Buffer, shrink: number) => Promise<T>,
): Promise<T> {
  let dir: string | undefined;
  let file: string;
  try {
    dir = await mkdtemp(join(tmpdir(), 'hanger-photo-'));
    file = join(dir, 'upload.jpg');
    await writeFile(file, bytes, { mode: 0o600 });
  } catch {
    if (dir) await rm(dir, { recursive: true, force: true });
    return decode(bytes, 1);
  }
  try {
    return await decode(`${file}[shrink=${shrink}]`, shrink);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function encodePhoto(
  bytes: Buffer,
  mime: string,
  header: Metadata,
  maxPixels: number,
): Promise<ProcessedImage> {
  const colour = planColour(header.space, header.icc);
  // A folder name with '[' would be read as libvips options: then the photo is decoded in full.
  const shrink =
    mime === 'image/jpeg' && !tmpdir().includes('[')
      ? jpegShrinkOnLoad(header.width ?? 0, header.height ?? 0)
      : 1;
  // With a matrix or sRGB plan the profile is applied below, on the resized pixels. After a
  // half-scale JPEG decode only 1.25x is left to reduce: libjpeg's scaled decode keeps more grain
  // than a full decode reduced 2.5x, so a light blur (sigma 0.7) takes it out again; the display
  // file ends up about 10% smaller than from the full decode, for 0.9 dB lower PSNR against a
  // lanczos3 rendering of the full photo, and decoding takes about 20% less CPU time, the whole
  // photo about 10% (bench/images.bench.ts, shrinkOnLoadAt2x). The linear kernel reduces as well
  // as mitchell here (0.1 dB) and faster.
  const decode = (input: string | Buffer, shrink: number) => {
    const pipeline = sharp(input, {
      limitInputPixels: maxPixels,
      failOn: 'error',
      ignoreIcc: colour.kind !== 'icc',
    })
      .autoOrient()
      .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
        kernel: shrink > 1 ? 'linear' : 'mitchell',
        fastShrinkOnLoad: true,
      });
    return (shrink > 1 ? pipeline.blur(0.7) : pipeline)
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  };
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = shrink > 1 ? await decodeShrunkJpeg(bytes, shrink, decode) : await decode(bytes, 1);
  } catch (err) {
    throw decodeError(err, maxPixels);
  }
  return encodeDisplayPixels(decoded.data, decoded.info, colour);
}

/**
 * A HEVC-coded HEIF photo: decoded by libheif in WebAssembly (heic.ts), upright, then the same
 * resize, colour conversion and encoding as any photo. Its colour profile is read from the
 * container: an ICC profile as libvips hands it over with the header (iPhones write Display P3),
 * or nclx code points (heif-colour.ts). An ICC profile that is not a matrix/shaper one with the
 * sRGB curve (which no phone writes) is not applied: its pixels are taken as sRGB.
 */
async function encodeHeic(
  bytes: Buffer,
  header: { width?: number; height?: number; icc?: Buffer },
  maxPixels: number,
): Promise<ProcessedImage> {
  let heic;
  try {
    heic = await decodeHeic(bytes, { maxPixels, width: header.width, height: header.height });
  } catch (err) {
    if (err instanceof HeicDecodeError && err.reason === 'too-large') {
      const [w = 0, h = 0] = err.message.split('x').map(Number);
      throw tooLarge(w, h, maxPixels);
    }
    throw new ValidationError(DAMAGED);
  }
  let colour: ColourPlan = { kind: 'srgb' };
  if (header.icc) {
    const plan = planColour('srgb', header.icc);
    if (plan.kind === 'matrix') colour = plan;
  } else {
    const nclx = readHeifNclx(bytes);
    if (nclx) colour = planNclx(nclx.primaries, nclx.transfer);
  }
  const raw = { width: heic.width, height: heic.height, channels: 4 as const };
  let pipeline = sharp(heic.data, { raw, limitInputPixels: maxPixels });
  if (!heic.hasAlpha) pipeline = pipeline.removeAlpha();
  const { data, info } = await pipeline
    .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
      kernel: 'mitchell',
    })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return encodeDisplayPixels(data, info, colour);
}

/** The display-size pixels, converted to sRGB, encoded as both WebP files. */
async function encodeDisplayPixels(
  data: Buffer,
  info: OutputInfo,
  colour: ColourPlan,
): Promise<ProcessedImage> {
  if (colour.kind === 'matrix' && info.channels >= 3) {
    await convertToSrgb(data, info.channels, colour.matrix);
  }

  return encodeSizes(data, info);
}

/** Raw pixels (8 bits a channel) and their layout. */
export interface RawPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The two WebP files of display-size pixels (an alpha channel, as a cut-out's, is kept). Both
 * sizes come from these pixels, never the photo again; two encoders in parallel: the libuv pool
 * runs them on both cores.
 */
export async function encodeSizes(data: Buffer, info: RawPixels['info']): Promise<ProcessedImage> {
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [image, thumbnail, sample] = await Promise.all([
    sharp(data, raw).webp(WEBP).toBuffer(),
    sharp(data, raw)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer(),
    sampleRaw({ data, ...raw.raw }),
  ]);
  return {
    image,
    thumbnail,
    sample,
    contentType: 'image/webp',
    width: info.width,
    height: info.height,
  };
}

/** A display photo kept as it came (keepOwnPhoto): the file rebuilt from its frame, and a thumbnail. */
export type KeptPhoto = Omit<ProcessedImage, 'sample'>;

/**
 * A display photo Hanger's own encoder wrote (own-webp.ts: a lossy WebP in the simple container,
 * no larger than the display size), kept as it is instead of decoded and encoded again, for
 * imports of an export (docs/import-photos.md). The file is rebuilt from its VP8 frame alone
 * (every other byte of the upload is dropped) and that rebuilt file is decoded whole by libwebp,
 * refusing on any decode error: the thumbnail is made by that decode (libwebp decodes every
 * macroblock and scales the output rows), so nothing is stored that libwebp did not read to the
 * end. Answers null when the file is not of that shape or does not decode: the caller then runs
 * processImage, which re-encodes or refuses it. The decode runs in `slot` (an import passes its own
 * pool: photo-slots.ts).
 */
export async function keepOwnPhoto(
  bytes: Buffer,
  maxPixels = DEFAULT_MAX_PIXELS,
  slot: PhotoSlot = withPhotoSlot,
): Promise<KeptPhoto | null> {
  const own = ownWebp(bytes, DISPLAY_MAX_SIDE);
  if (!own || own.width * own.height > maxPixels) return null;
  return slot(async () => {
    try {
      const { data: thumbnail, info } = await sharp(own.bytes, {
        limitInputPixels: maxPixels,
        failOn: 'error',
      })
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      const expected = Math.min(THUMBNAIL_WIDTH, own.width);
      if (info.width !== expected) return null;
      return {
        image: own.bytes,
        thumbnail,
        contentType: 'image/webp' as const,
        width: own.width,
        height: own.height,
      };
    } catch {
      return null;
    }
  });
}

/**
 * A stored photo (display size, already upright) as upright RGBA pixels, for the cut-out model.
 * The orientation is applied again all the same, so a file from elsewhere cannot come out on its
 * side; the pixel limit holds as for an upload.
 */
export async function decodeRgba(
  bytes: Buffer,
  maxPixels = DEFAULT_MAX_PIXELS,
): Promise<RawPixels> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, info };
  } catch (err) {
    throw decodeError(err, maxPixels);
  }
}

const CUTOUT_TYPES = new Set(['image/png', 'image/webp']);

/**
 * Checks an edited cut-out sent beside its original (docs/cutouts.md, PATCH .../image): a PNG or
 * WebP, with an alpha channel, of exactly the original's pixel size (so the Restore brush lines
 * up). Anything else is refused (415 for another type, 422 otherwise) before anything is stored.
 */
export async function checkCutoutFile(
  bytes: Buffer,
  original: { width: number; height: number },
): Promise<void> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !CUTOUT_TYPES.has(type.mime)) {
    throw new UnsupportedMediaTypeError('A cut-out must be a PNG or WebP image with transparency.');
  }
  const header = await readHeader(bytes);
  if (!header.hasAlpha) {
    throw new ValidationError('The cut-out has no transparency: send a PNG or WebP with alpha.');
  }
  const width = header.autoOrient?.width ?? header.width;
  const height = header.autoOrient?.height ?? header.height;
  if (width !== original.width || height !== original.height) {
    throw new ValidationError(
      `The cut-out is ${width}x${height} pixels; it must be the original's ${original.width}x${original.height}.`,
    );
  }
}

const USER_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A record id that can name a file (every id the server makes: a UUID). */
const RECORD_ID = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,127}$/;

/** The record a photo belongs to, and whether it replaces the record's earlier photo. */
export interface PhotoOwner {
  id: string;
  replacing?: boolean;
}

/** 48 random bits in base 36 (up to 10 characters): a replaced photo's new version. */
export function photoVersion(): string {
  return randomBytes(6).readUIntBE(0, 6).toString(36);
}

/**
 * Keys for one photo's two files, under the owner's folder (the media capability opens the
 * owner's folder only: storage/media-access.ts).
 *
 * Named after the record they belong to (docs/wardrobe-wire.md), so that a key adds no
 * randomness of its own to the wardrobe answer beyond the record's id, which the answer carries
 * anyway: a record's first photo is `<user>/<record>-image.webp` (and `-thumbnail.webp`); a photo
 * that replaces it gets a fresh version, `<user>/<record>-<version>-image.webp`, so that a URL
 * never names two different photos and browsers may keep photos as immutable. Record ids are
 * never reused, and every key is new: nothing is ever overwritten.
 *
 * Without a record (or with an id that cannot name a file), the stem is a random UUID, the shape
 * every key had before; such keys, already stored, keep working unchanged.
 */
export function storageKeys(userId: string, record?: PhotoOwner): PhotoFiles<string> {
  if (!USER_ID.test(userId)) throw new Error(`User id not usable in a storage key: ${userId}`);
  let stem: string;
  if (record && RECORD_ID.test(record.id)) {
    stem = record.replacing ? `${record.id}-${photoVersion()}` : record.id;
  } else stem = randomUUID();
  return { image: `${userId}/${stem}-image.webp`, thumbnail: `${userId}/${stem}-thumbnail.webp` };
}

/** The upright pixel size of a stored photo, read from its header. */
export async function photoSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const header = await readHeader(bytes);
  return {
    width: header.autoOrient?.width ?? header.width ?? 0,
    height: header.autoOrient?.height ?? header.height ?? 0,
  };
}
