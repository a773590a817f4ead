import { colourNamesOfPixels, type ColourName } from '@hanger/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { samplePhoto } from './colours.js';

/**
 * Accuracy of the colours found in photos (README, "Colours"): a generated set of garments of
 * known colour, photographed (drawn) on varied backgrounds with light falling across them and
 * sensor noise, stored as the app stores photos (WebP, 1600 px), with and without a cut-out's
 * alpha. The main colour must be the known one in at least 90 % of them.
 */

/** Garment colours and the name a person gives them (a few shades of each). */
const GARMENTS: [string, ColourName][] = [
  ['#1f2d4f', 'navy'],
  ['#232f4a', 'navy'],
  ['#3b73c4', 'blue'],
  ['#87aedc', 'blue'],
  ['#5b7fa6', 'blue'],
  ['#c62f2f', 'red'],
  ['#8b1a1a', 'red'],
  ['#f4a7b9', 'pink'],
  ['#e75480', 'pink'],
  ['#f57c00', 'orange'],
  ['#f2c230', 'yellow'],
  ['#2e7d32', 'green'],
  ['#556b2f', 'green'],
  ['#7a4aa8', 'purple'],
  ['#5c3a21', 'brown'],
  ['#c19a6b', 'brown'],
  ['#d9c7a7', 'beige'],
  ['#8c8c8c', 'grey'],
  ['#4a4a4a', 'grey'],
  ['#141414', 'black'],
  ['#f7f7f5', 'white'],
];

/** Backgrounds people photograph clothes on: walls, floors, beds, a wooden table. */
const BACKGROUNDS = ['#f4f2ee', '#d8d8d8', '#ffffff', '#b08a64', '#3a3a3a', '#e7dccb', '#9fb4c7'];

function hex(value: string): [number, number, number] {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A deterministic noise source, so the set is the same on every run. */
function noise(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 4294967296) * 2 - 1;
  };
}

interface Scene {
  webp: Buffer;
  alpha: Buffer;
}

/**
 * A photo of a garment (a T-shirt shape: body and sleeves) on a background: light falls from one
 * side (±12 % across the frame), the cloth has folds (±8 %), and every pixel has noise.
 */
async function scene(garment: string, background: string, seed: number): Promise<Scene> {
  const width = 400;
  const height = 500;
  const rgb = new Uint8Array(width * height * 3);
  const mask = new Uint8Array(width * height);
  const g = hex(garment);
  const b = hex(background);
  const rand = noise(seed);
  const offset = (seed % 5) * 6 - 12;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = x - width / 2 - offset;
      const body = Math.abs(cx) < 110 && y > 110 && y < 440;
      const sleeves = Math.abs(cx) < 175 && y > 110 && y < 200;
      const neck = Math.hypot(cx, y - 110) < 40;
      const inside = (body || sleeves) && !neck;
      const light = 1 + 0.12 * ((x / width) * 2 - 1);
      const fold = inside ? 1 + 0.08 * Math.sin(x / 17 + y / 29) : 1;
      const base = inside ? g : b;
      for (let c = 0; c < 3; c++) {
        const v = base[c]! * light * fold + rand() * 6;
        rgb[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
      mask[y * width + x] = inside ? 255 : 0;
    }
  }
  const raw = { raw: { width, height, channels: 3 as const } };
  // Stored as the app stores every photo: WebP, 1600 px on its longer side.
  const webp = await sharp(rgb, raw)
    .resize({ height: 1600 })
    .webp({ quality: 80, effort: 0 })
    .toBuffer();
  const alpha = await sharp(mask, { raw: { width, height, channels: 1 } })
    .resize({ height: 1600 })
    .png()
    .toBuffer();
  return { webp, alpha };
}

describe('colours of generated photos', () => {
  it('names the main colour right in at least 90 % of photos, with and without a cut-out', async () => {
    let total = 0;
    let right = 0;
    const misses: string[] = [];
    let seed = 1;
    for (const [garment, name] of GARMENTS) {
      // Three backgrounds per garment, turning through the list.
      for (let k = 0; k < 3; k++) {
        const background = BACKGROUNDS[(seed + k * 2) % BACKGROUNDS.length]!;
        const { webp, alpha } = await scene(garment, background, seed++);
        for (const withCutout of [false, true]) {
          const sample = await samplePhoto(webp, withCutout ? { alpha } : {});
          const found = colourNamesOfPixels(sample);
          total++;
          if (found[0] === name) right++;
          else
            misses.push(
              `${garment} on ${background}${withCutout ? ' (cut-out)' : ''}: ${found.join(',')} for ${name}`,
            );
        }
      }
    }
    const share = right / total;
    // Printed so the figure is in the log of every run (README, "Colours" quotes it).
    console.log(
      `colour accuracy: ${right}/${total} = ${(share * 100).toFixed(1)} %\n${misses.join('\n')}`,
    );
    expect(total).toBe(GARMENTS.length * 3 * 2);
    expect(share).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('reads a 4-channel cut-out’s own alpha as the mask', async () => {
    const { webp, alpha } = await scene('#c62f2f', '#c62f2f', 7);
    const cutout = await sharp(webp)
      .joinChannel(await sharp(alpha).extractChannel(0).toBuffer())
      .webp()
      .toBuffer();
    const sample = await samplePhoto(cutout);
    expect(sample.channels).toBe(4);
    expect(colourNamesOfPixels(sample)).toEqual(['red']);
  });
});
