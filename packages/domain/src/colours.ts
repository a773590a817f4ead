import { converter, differenceCiede2000, modeLab65, modeRgb, useMode } from 'culori/fn';
import type { Lab65 } from 'culori/fn';
import { COLOUR_NAMES, MAX_ITEM_COLOURS, type ColourName } from './colour-names.js';

/** CIELAB under D65, the space culori's CIEDE2000 works in. */
export type Lab = Lab65;

/**
 * Item colours (README, "Colours"): a fixed palette of named colours, the name of a colour
 * measured in a photo (the nearest reference by CIEDE2000), the colours of a photo's pixels with
 * the background left out, and the order the Colour sort uses. Pure: the server samples a photo's
 * pixels (photos/colours.ts) and hands them here; the web app shows names and swatches.
 */

/**
 * Reference colours per name (sRGB hex), the colours a person gives that name. A measured colour
 * takes the name of its nearest reference by CIEDE2000. The fashion names that sit between two
 * palette names are placed on purpose, and a test holds them there:
 * - tan (#d2b48c) and camel (#c19a6b) are brown: saturated, yellow-red light browns, the colour
 *   of a camel coat or a tan belt;
 * - stone (#c2b8a3) and greige (#bdb6a9) are beige: light, warm neutrals with little colour;
 * - cream and ecru are beige, ivory and off-white are white; charcoal is grey;
 * - burgundy and wine are red, olive, sage and mint are green, denim is blue, dark denim navy.
 * Metallic and multicolour are never found automatically: a photo cannot tell a shine from a
 * light grey, and a print is simply its two or three main colours. People choose them.
 */
const REFERENCES: Record<Exclude<ColourName, 'metallic' | 'multicolour'>, readonly string[]> = {
  red: ['#c62f2f', '#a31621', '#e03c31', '#800020', '#8b1a1a', '#d2382f', '#b22222'],
  pink: ['#f4a7b9', '#ffc0cb', '#e75480', '#d6336c', '#f7d1d8', '#c48b93', '#ff69b4', '#c71585'],
  orange: ['#f57c00', '#ff8c42', '#e8692a', '#b5522a', '#ff7f50', '#e9967a'],
  brown: ['#3e2a1e', '#5c3a21', '#7b5233', '#8b5a2b', '#9b6b43', '#c19a6b', '#d2b48c', '#a0785a'],
  beige: ['#e8dcc4', '#d9c7a7', '#c2b8a3', '#bdb6a9', '#f1e3c6', '#d8c39b', '#c3b091', '#e6dcc8'],
  yellow: ['#f2c230', '#ffe066', '#fff3a0', '#d4a017', '#ffd700', '#c9a227'],
  green: ['#2e7d32', '#3f8a4a', '#1f4d2b', '#556b2f', '#6b6b2a', '#a8d5ba', '#9caf88', '#3cb371'],
  blue: ['#3b73c4', '#1e5aa8', '#4a90d9', '#87aedc', '#b3cde8', '#5b7fa6', '#2a4fb0', '#4169e1'],
  navy: ['#1f2d4f', '#000080', '#1b2540', '#232f4a', '#2c3e63', '#14213d'],
  purple: ['#7a4aa8', '#5b2a86', '#9575cd', '#b39ddb', '#4b2142', '#800080', '#6a0dad'],
  white: ['#ffffff', '#f7f7f5', '#f2efe6', '#fffff0', '#eeeeee'],
  grey: ['#4a4a4a', '#6e6e6e', '#8c8c8c', '#a9a9a9', '#c6c6c6', '#36454f', '#6b6f74', '#d6d6d6'],
  black: ['#000000', '#141414', '#222222', '#2a2a2e', '#1c1c22'],
};

/** Named colours people use for clothes and where they land (what the naming test checks). */
export const FASHION_COLOUR_NAMES: Readonly<Record<string, ColourName>> = {
  tan: 'brown',
  camel: 'brown',
  stone: 'beige',
  greige: 'beige',
  cream: 'beige',
  ecru: 'beige',
  ivory: 'white',
  charcoal: 'grey',
  burgundy: 'red',
  olive: 'green',
  denim: 'blue',
};

// Made on first use: a bundle that imports the domain without naming colours does not run them.
let toLabFn: ((c: { mode: 'rgb'; r: number; g: number; b: number }) => Lab) | undefined;
let deltaEFn: ((a: Lab, b: Lab) => number) | undefined;

function toLab(c: { mode: 'rgb'; r: number; g: number; b: number }): Lab {
  if (!toLabFn) {
    useMode(modeRgb);
    useMode(modeLab65);
    toLabFn = converter('lab65');
  }
  return toLabFn(c);
}

function deltaE(a: Lab, b: Lab): number {
  deltaEFn ??= differenceCiede2000() as (a: Lab, b: Lab) => number;
  return deltaEFn(a, b);
}

interface Reference {
  name: ColourName;
  lab: Lab;
}

let references: Reference[] | undefined;

function referenceList(): Reference[] {
  references ??= Object.entries(REFERENCES).flatMap(([name, hexes]) =>
    hexes.map((hex) => ({ name: name as ColourName, lab: labOfHex(hex) })),
  );
  return references;
}

function labOfHex(hex: string): Lab {
  const n = Number.parseInt(hex.slice(1), 16);
  return labOfRgb((n >> 16) & 255, (n >> 8) & 255, n & 255);
}

/** An sRGB colour (0–255 a channel) as CIELAB (D65, as culori's CIEDE2000 reads it). */
export function labOfRgb(r: number, g: number, b: number): Lab {
  return toLab({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
}

/** The CIEDE2000 difference of two Lab colours. */
export function colourDifference(a: Lab, b: Lab): number {
  return deltaE(a, b);
}

/** The palette name of a Lab colour: the name of its nearest reference by CIEDE2000. */
export function colourNameOfLab(lab: Lab): ColourName {
  let best: ColourName = 'grey';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const ref of referenceList()) {
    const d = deltaE(lab, ref.lab);
    if (d < bestDistance) {
      bestDistance = d;
      best = ref.name;
    }
  }
  return best;
}

/** The palette name of an sRGB colour given as `#rrggbb` or three 0–255 channels. */
export function colourNameOf(hexOrR: string | number, g = 0, b = 0): ColourName {
  return colourNameOfLab(typeof hexOrR === 'string' ? labOfHex(hexOrR) : labOfRgb(hexOrR, g, b));
}

// Extraction ------------------------------------------------------------------------------------

/** Pixels of a small sample of a photo, row by row (the server makes one at most 128 px a side). */
export interface PixelSample {
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA: the fourth channel is the alpha below, unless `alpha` is given). */
  channels: number;
  /**
   * A mask, one byte a pixel, 0 = not the garment: a cut-out's alpha. With a mask the background
   * is known and nothing is guessed from the frame.
   */
  alpha?: Uint8Array;
}

/** Tuning of colourNamesOfPixels; the defaults are what the accuracy test holds to. */
export interface ExtractOptions {
  /** A pixel within this CIEDE2000 distance of the frame's median colour is background. */
  backgroundDistance?: number;
  /** A colour counts when it covers at least this share of the garment (the main one always). */
  minShare?: number;
}

const BINS_BITS = 5;
const BIN_COUNT = 1 << (3 * BINS_BITS);
/** Colours are named per 5-bit-a-channel bin (32,768 bins), once per process: the names repeat. */
let binNames: Uint8Array | undefined;
let binLabs: Float32Array | undefined;
const UNNAMED = 255;

function binOf(r: number, g: number, b: number): number {
  const s = 8 - BINS_BITS;
  return ((r >> s) << (2 * BINS_BITS)) | ((g >> s) << BINS_BITS) | (b >> s);
}

function binLab(bin: number): Lab {
  binLabs ??= new Float32Array(BIN_COUNT * 3).fill(Number.NaN);
  const at = bin * 3;
  if (Number.isNaN(binLabs[at]!)) {
    const mask = (1 << BINS_BITS) - 1;
    const step = 1 << (8 - BINS_BITS);
    const centre = (v: number) => v * step + step / 2;
    const lab = labOfRgb(
      centre((bin >> (2 * BINS_BITS)) & mask),
      centre((bin >> BINS_BITS) & mask),
      centre(bin & mask),
    );
    binLabs[at] = lab.l;
    binLabs[at + 1] = lab.a;
    binLabs[at + 2] = lab.b;
  }
  return { mode: 'lab65', l: binLabs[at]!, a: binLabs[at + 1]!, b: binLabs[at + 2]! };
}

function binName(bin: number): ColourName {
  binNames ??= new Uint8Array(BIN_COUNT).fill(UNNAMED);
  let index = binNames[bin]!;
  if (index === UNNAMED) {
    index = COLOUR_NAMES.indexOf(colourNameOfLab(binLab(bin)));
    binNames[bin] = index;
  }
  return COLOUR_NAMES[index]!;
}

function median(values: number[]): number {
  values.sort((x, y) => x - y);
  return values[values.length >> 1] ?? 0;
}

/**
 * The colour of the photo's background: the per-channel median of the outer frame (the outer
 * eighth on each side), where a garment photographed in the middle rarely reaches.
 */
export function frameColour(sample: PixelSample): [number, number, number] {
  const { data, width, height, channels } = sample;
  const border = Math.max(1, Math.round(Math.min(width, height) / 8));
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  for (let y = 0; y < height; y++) {
    const edgeRow = y < border || y >= height - border;
    for (let x = 0; x < width; x++) {
      if (!edgeRow && x >= border && x < width - border) continue;
      const at = (y * width + x) * channels;
      rs.push(data[at]!);
      gs.push(data[at + 1]!);
      bs.push(data[at + 2]!);
    }
  }
  return [median(rs), median(gs), median(bs)];
}

/**
 * Up to three palette names for a photo's garment, the main one first (an empty list when
 * nothing is left to name). With an alpha mask (a cut-out), the garment is where the mask is
 * opaque. Without one, the background is the frame's median colour and every pixel within a
 * small CIEDE2000 distance of it; pixels in the middle of the photo count twice. If less than
 * an eighth of the photo is left (a white shirt on a white table), the middle half is taken as
 * it is. Each pixel takes the name of its colour; a name counts when it covers `minShare` of the
 * garment.
 */
export function colourNamesOfPixels(
  sample: PixelSample,
  options: ExtractOptions = {},
): ColourName[] {
  const { data, width, height, channels } = sample;
  const backgroundDistance = options.backgroundDistance ?? 12;
  const minShare = options.minShare ?? 0.15;
  const alpha = sample.alpha ?? (channels === 4 ? alphaChannel(sample) : undefined);
  const weights = new Float64Array(COLOUR_NAMES.length);
  const inner = (x: number, y: number) =>
    x >= width * 0.2 && x < width * 0.8 && y >= height * 0.2 && y < height * 0.8;

  let total = 0;
  if (alpha) {
    for (let i = 0, at = 0; i < width * height; i++, at += channels) {
      const a = alpha[i]!;
      if (a < 128) continue;
      const index = COLOUR_NAMES.indexOf(binName(binOf(data[at]!, data[at + 1]!, data[at + 2]!)));
      weights[index]! += 1;
      total += 1;
    }
  } else {
    const [br, bg, bb] = frameColour(sample);
    const background = labOfRgb(br, bg, bb);
    // Distance to the background per bin, worked out once per bin a photo uses.
    const near = new Map<number, boolean>();
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * channels;
        const bin = binOf(data[at]!, data[at + 1]!, data[at + 2]!);
        let isBackground = near.get(bin);
        if (isBackground === undefined) {
          isBackground = deltaE(binLab(bin), background) < backgroundDistance;
          near.set(bin, isBackground);
        }
        if (isBackground) continue;
        const w = inner(x, y) ? 2 : 1;
        weights[COLOUR_NAMES.indexOf(binName(bin))]! += w;
        total += w;
      }
    }
    if (total < (width * height) / 8) {
      weights.fill(0);
      total = 0;
      for (let y = Math.floor(height / 4); y < Math.ceil((height * 3) / 4); y++) {
        for (let x = Math.floor(width / 4); x < Math.ceil((width * 3) / 4); x++) {
          const at = (y * width + x) * channels;
          weights[COLOUR_NAMES.indexOf(binName(binOf(data[at]!, data[at + 1]!, data[at + 2]!)))]! +=
            1;
          total += 1;
        }
      }
    }
  }
  if (total === 0) return [];
  const ranked = COLOUR_NAMES.map((name, i) => ({ name, weight: weights[i]! }))
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked
    .filter((c, i) => i === 0 || c.weight >= minShare * total)
    .slice(0, MAX_ITEM_COLOURS)
    .map((c) => c.name);
}

function alphaChannel(sample: PixelSample): Uint8Array {
  const { data, width, height } = sample;
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3]!;
  return alpha;
}
