import { colourNamesOfPixels, type ColourName, type PixelSample } from '@hanger/domain';
import sharp from 'sharp';
import type { OutputInfo, ResizeOptions } from 'sharp';

/**
 * The pixel side of item colours (README, "Colours"): a photo shrunk to at most SAMPLE_SIDE
 * pixels a side, handed to the domain's rules (colourNamesOfPixels), which name the garment's
 * colours. The names, the background rejection and the palette live in the domain; only decoding
 * is here. 128 px keeps every colour a person would name (a stripe, a collar) and costs a few
 * milliseconds: bench/colours.bench.ts measures it.
 */
export const SAMPLE_SIDE = 128;

/** Raw pixels already decoded (the upload pipeline's display-size pixels). */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

function sampleOf(data: Buffer, info: OutputInfo): PixelSample {
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const RESIZE: ResizeOptions = {
  width: SAMPLE_SIDE,
  height: SAMPLE_SIDE,
  fit: 'inside',
  withoutEnlargement: true,
  // Shrink-on-load for JPEG and WebP: a 1600 px WebP is decoded straight at a fraction of its size.
  fastShrinkOnLoad: true,
  kernel: 'linear',
};

/**
 * A sample of an encoded photo (a stored WebP, a cut-out with its alpha). A 4-channel sample's
 * alpha is the garment's mask. `alpha`, when given, is a separate mask image of the same size
 * (a cut-out's alpha kept apart from the photo); its first channel is read.
 */
export async function samplePhoto(
  bytes: Buffer,
  options: { alpha?: Buffer } = {},
): Promise<PixelSample> {
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .resize(RESIZE)
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const sample = sampleOf(data, info);
  if (options.alpha) {
    const mask = await sharp(options.alpha)
      .resize(info.width, info.height, { fit: 'fill' })
      .extractChannel(0)
      .raw({ depth: 'uchar' })
      .toBuffer();
    sample.alpha = mask;
  }
  return sample;
}

/** A sample of pixels already decoded (no second decode of the upload). */
export async function sampleRaw(pixels: RawPixels): Promise<PixelSample> {
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels as 3 | 4 },
  })
    .resize(RESIZE)
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return sampleOf(data, info);
}

/** The colours of an encoded photo, main first (an empty list when none can be named). */
export async function photoColours(
  bytes: Buffer,
  options: { alpha?: Buffer } = {},
): Promise<ColourName[]> {
  return colourNamesOfPixels(await samplePhoto(bytes, options));
}
