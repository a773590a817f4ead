/**
 * Fast conversion of the common camera colour spaces to sRGB, within one level of lcms.
 *
 * Phones tag their JPEGs with an ICC profile: sRGB, or Display P3 on iPhones and many Android
 * phones. libvips converts through lcms in floating point at the decoded size, which costs about
 * 160 ms for a 12 MP photo, as much as decoding it. Both profiles are matrix/shaper profiles with
 * the sRGB tone curve, so the conversion is: sRGB curve -> 3x3 matrix in linear light -> sRGB
 * curve. We do that on the already resized pixels with lookup tables and integer arithmetic
 * (about 15 ms for 1600 x 1200; bench/images.bench.ts measures it). Any other
 * profile (Adobe RGB, LUT-based, CMYK, grey) is left to libvips.
 */

export type ColourPlan =
  /** Already sRGB (untagged, or tagged with an sRGB profile): use the pixels as they are. */
  | { kind: 'srgb' }
  /** Matrix/shaper profile with the sRGB curve: convert with `convertToSrgb`. */
  | { kind: 'matrix'; matrix: readonly number[] }
  /** Anything else: let libvips apply the embedded profile while decoding. */
  | { kind: 'icc' };

// sRGB colorants adapted to the D50 profile connection space (IEC 61966-2-1, Bradford).
const SRGB_TO_XYZ_D50 = [
  0.4360747, 0.3850649, 0.1430804, 0.2225045, 0.7168786, 0.0606169, 0.0139322, 0.0971045, 0.7141733,
];
const XYZ_D50_TO_SRGB = invert3x3(SRGB_TO_XYZ_D50);
/** Largest matrix coefficient convertToSrgb takes (Display P3 needs 1.22, Rec. 2020 1.66). */
const MAX_COEFFICIENT = 2;
/** A conversion this close to identity moves no pixel by a visible amount. */
const IDENTITY_TOLERANCE = 0.002;

function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function linearToSrgb(v: number): number {
  return v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
}

function invert3x3(m: readonly number[]): number[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0] = m;
  const A = e * i - f * h;
  const B = f * g - d * i;
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-9) throw new Error('singular matrix');
  const k = 1 / det;
  return [
    A * k,
    (c * h - b * i) * k,
    (b * f - c * e) * k,
    B * k,
    (a * i - c * g) * k,
    (c * d - a * f) * k,
    C * k,
    (b * g - a * h) * k,
    (a * e - b * d) * k,
  ];
}

function multiply3x3(x: readonly number[], y: readonly number[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += x[r * 3 + k]! * y[k * 3 + c]!;
      out.push(sum);
    }
  }
  return out;
}

interface Tag {
  offset: number;
  size: number;
}

function readTags(icc: Buffer): Map<string, Tag> | null {
  if (icc.length < 132 || icc.toString('latin1', 36, 40) !== 'acsp') return null;
  const count = icc.readUInt32BE(128);
  if (count > 200 || 132 + count * 12 > icc.length) return null;
  const tags = new Map<string, Tag>();
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    const offset = icc.readUInt32BE(at + 4);
    const size = icc.readUInt32BE(at + 8);
    if (offset + size > icc.length || size < 8) return null;
    tags.set(icc.toString('latin1', at, at + 4), { offset, size });
  }
  return tags;
}

const s15Fixed16 = (icc: Buffer, at: number): number => icc.readInt32BE(at) / 65536;

function readXyz(icc: Buffer, tag: Tag | undefined): [number, number, number] | null {
  if (!tag || tag.size < 20 || icc.toString('latin1', tag.offset, tag.offset + 4) !== 'XYZ ') {
    return null;
  }
  return [0, 4, 8].map((d) => s15Fixed16(icc, tag.offset + 8 + d)) as [number, number, number];
}

/** The tone curve of a `curv` or `para` tag as a function from encoded to linear, or null. */
function readCurve(icc: Buffer, tag: Tag | undefined): ((x: number) => number) | null {
  if (!tag) return null;
  const type = icc.toString('latin1', tag.offset, tag.offset + 4);
  const at = tag.offset + 8;
  if (type === 'curv') {
    const n = icc.readUInt32BE(at);
    if (tag.size < 12 + n * 2) return null;
    if (n === 0) return (x) => x;
    if (n === 1) {
      const gamma = icc.readUInt16BE(at + 4) / 256;
      return (x) => x ** gamma;
    }
    const table = Array.from({ length: n }, (_, i) => icc.readUInt16BE(at + 4 + i * 2) / 65535);
    return (x) => {
      const pos = x * (n - 1);
      const i = Math.min(n - 2, Math.floor(pos));
      return table[i]! + (table[i + 1]! - table[i]!) * (pos - i);
    };
  }
  if (type === 'para') {
    const fn = icc.readUInt16BE(at);
    const counts = [1, 3, 4, 5, 7];
    const count = counts[fn];
    if (count === undefined || tag.size < 12 + count * 4) return null;
    const p = Array.from({ length: count }, (_, i) => s15Fixed16(icc, at + 4 + i * 4));
    const [g, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = p as [number, ...number[]];
    const pow = (v: number): number => (v > 0 ? v ** g : 0);
    switch (fn) {
      case 0:
        return (x) => pow(x);
      case 1:
        return (x) => (x >= -b / a ? pow(a * x + b) : 0);
      case 2:
        return (x) => (x >= -b / a ? pow(a * x + b) + c : c);
      case 3:
        return (x) => (x >= d ? pow(a * x + b) : c * x);
      default:
        return (x) => (x >= d ? pow(a * x + b) + e : c * x + f);
    }
  }
  return null;
}

/** True when assuming the sRGB curve moves no 8-bit level by more than half a step. */
function isSrgbCurve(curve: (x: number) => number): boolean {
  for (let i = 0; i <= 255; i++) {
    const x = i / 255;
    if (Math.abs(linearToSrgb(Math.min(1, Math.max(0, curve(x)))) - x) > 0.5 / 255) return false;
  }
  return true;
}

/**
 * Decides how to bring an image to sRGB from its header: `space` and `icc` as sharp's metadata()
 * reports them.
 */
export function planColour(space: string | undefined, icc: Buffer | undefined): ColourPlan {
  const rgb = space === 'srgb' || space === 'rgb' || space === 'rgb16';
  if (!icc) return space === 'cmyk' ? { kind: 'icc' } : { kind: 'srgb' };
  if (!rgb) return { kind: 'icc' };
  const tags = readTags(icc);
  if (!tags) return { kind: 'icc' };
  if (icc.toString('latin1', 16, 20) !== 'RGB ' || icc.toString('latin1', 20, 24) !== 'XYZ ') {
    return { kind: 'icc' };
  }
  // LUT-based profiles may map colours differently from their matrix for perceptual intent.
  if (['A2B0', 'A2B1', 'A2B2', 'B2A0', 'D2B0'].some((sig) => tags.has(sig))) return { kind: 'icc' };

  const [r, g, b] = ['rXYZ', 'gXYZ', 'bXYZ'].map((sig) => readXyz(icc, tags.get(sig)));
  const curves = ['rTRC', 'gTRC', 'bTRC'].map((sig) => readCurve(icc, tags.get(sig)));
  if (!r || !g || !b || curves.some((curve) => !curve || !isSrgbCurve(curve))) {
    return { kind: 'icc' };
  }

  const toXyz = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]];
  let matrix: number[];
  try {
    invert3x3(toXyz);
    matrix = multiply3x3(XYZ_D50_TO_SRGB, toXyz);
  } catch {
    return { kind: 'icc' };
  }
  // Wider gamuts than Rec. 2020 need coefficients the fixed-point conversion cannot hold.
  if (matrix.some((v) => !(Math.abs(v) < MAX_COEFFICIENT))) return { kind: 'icc' };
  const identity = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  if (matrix.every((v, i) => Math.abs(v - identity[i]!) <= IDENTITY_TOLERANCE)) {
    return { kind: 'srgb' };
  }
  return { kind: 'matrix', matrix };
}

// Linear values are scaled to this many steps before re-encoding: fine enough that the steepest
// part of the sRGB curve (near black) moves less than a quarter of an 8-bit level per step.
const STEPS = 16383;
const ENCODE = Uint8Array.from({ length: STEPS + 1 }, (_, i) =>
  Math.round(linearToSrgb(i / STEPS) * 255),
);
/** Each 8-bit level in linear light, in STEPS. */
const DECODE = Int32Array.from({ length: 256 }, (_, v) =>
  Math.round(srgbToLinear(v / 255) * STEPS),
);
/**
 * The matrix is applied in fixed point, coefficients scaled by 2^14: all in 32-bit integers, about
 * a third faster than in floating point, and never more than one level from it. A sum of three
 * products stays below 2^31: levels are < 2^14 and coefficients < 2 (planColour leaves a profile
 * with a larger one to libvips), so < 2^15 once scaled.
 */
const SHIFT = 14;
/** Pixels converted between two turns of the event loop. */
const PIXELS_PER_SLICE = 262_144;

function convertSlice(
  from: Uint8Array,
  to: Uint8Array,
  start: number,
  end: number,
  channels: number,
  fixed: Int32Array,
): void {
  const m0 = fixed[0]!,
    m1 = fixed[1]!,
    m2 = fixed[2]!;
  const m3 = fixed[3]!,
    m4 = fixed[4]!,
    m5 = fixed[5]!;
  const m6 = fixed[6]!,
    m7 = fixed[7]!,
    m8 = fixed[8]!;
  const half = 1 << (SHIFT - 1);
  for (let i = start; i < end; i += channels) {
    const r = DECODE[from[i]!]!;
    const g = DECODE[from[i + 1]!]!;
    const b = DECODE[from[i + 2]!]!;
    const x = (m0 * r + m1 * g + m2 * b + half) >> SHIFT;
    const y = (m3 * r + m4 * g + m5 * b + half) >> SHIFT;
    const z = (m6 * r + m7 * g + m8 * b + half) >> SHIFT;
    to[i] = ENCODE[x <= 0 ? 0 : x >= STEPS ? STEPS : x]!;
    to[i + 1] = ENCODE[y <= 0 ? 0 : y >= STEPS ? STEPS : y]!;
    to[i + 2] = ENCODE[z <= 0 ? 0 : z >= STEPS ? STEPS : z]!;
    if (channels === 4) to[i + 3] = from[i + 3]!;
  }
}

/**
 * Converts interleaved 8-bit pixels (RGB or RGBA, alpha kept) with a `matrix` plan, into `into`
 * (same length; by default in place). Works in slices so that a large photo never holds the
 * event loop for more than a few ms.
 */
export async function convertToSrgb(
  pixels: Uint8Array,
  channels: number,
  matrix: readonly number[],
  into: Uint8Array = pixels,
): Promise<void> {
  if (channels !== 3 && channels !== 4) throw new Error(`cannot convert ${channels} channels`);
  if (into.length !== pixels.length) throw new Error('output and input sizes differ');
  if (matrix.length !== 9 || matrix.some((v) => !(Math.abs(v) < MAX_COEFFICIENT))) {
    throw new Error('matrix out of range');
  }
  const fixed = Int32Array.from(matrix, (v) => Math.round(v * (1 << SHIFT)));
  const sliceLength = PIXELS_PER_SLICE * channels;
  for (let start = 0; start < pixels.length; start += sliceLength) {
    const end = Math.min(pixels.length, start + sliceLength);
    convertSlice(pixels, into, start, end, channels, fixed);
    if (end < pixels.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Red, green and blue chromaticities (x, y) of the H.273 colour primaries, all with D65 white. */
const NCLX_PRIMARIES: Record<number, readonly [number, number, number, number, number, number]> = {
  /** BT.709, the primaries of sRGB. */
  1: [0.64, 0.33, 0.3, 0.6, 0.15, 0.06],
  /** BT.2020. */
  9: [0.708, 0.292, 0.17, 0.797, 0.131, 0.046],
  /** Display P3 (SMPTE EG 432-1), iPhone photos. */
  12: [0.68, 0.32, 0.265, 0.69, 0.15, 0.06],
};
const D65: readonly [number, number] = [0.3127, 0.329];

/** The RGB to XYZ matrix of three primaries and a white point (all as x, y chromaticities). */
function rgbToXyz(p: readonly number[], white: readonly [number, number]): number[] {
  const column = (x: number, y: number) => [x / y, 1, (1 - x - y) / y];
  const [r, g, b] = [0, 2, 4].map((i) => column(p[i]!, p[i + 1]!)) as [
    number[],
    number[],
    number[],
  ];
  const primaries = [r[0]!, g[0]!, b[0]!, r[1]!, g[1]!, b[1]!, r[2]!, g[2]!, b[2]!];
  const w = column(white[0], white[1]);
  const inv = invert3x3(primaries);
  const s = [0, 1, 2].map(
    (row) => inv[row * 3]! * w[0]! + inv[row * 3 + 1]! * w[1]! + inv[row * 3 + 2]! * w[2]!,
  );
  return primaries.map((v, i) => v * s[i % 3]!);
}

const XYZ_D65_TO_SRGB = invert3x3(rgbToXyz(NCLX_PRIMARIES[1]!, D65));

/**
 * Decides how to bring an image described by nclx code points (ITU-T H.273, as HEIF's `colr`
 * box carries them) to sRGB. BT.709 and unspecified primaries are sRGB's; Display P3 and BT.2020
 * are converted with their matrix, the tone curve taken as sRGB's (that of Display P3; the BT.709
 * family of curves differs from it by less than the 8-bit pixels show at photo brightness).
 * Other primaries, and the HDR curves (PQ, HLG), are taken as sRGB: no phone writes them for a
 * still photo, and their pixels are kept rather than guessed at.
 */
export function planNclx(primaries: number, transfer: number): ColourPlan {
  const chromaticities = NCLX_PRIMARIES[primaries];
  if (!chromaticities || primaries === 1 || transfer === 16 || transfer === 18) {
    return { kind: 'srgb' };
  }
  return { kind: 'matrix', matrix: multiply3x3(XYZ_D65_TO_SRGB, rgbToXyz(chromaticities, D65)) };
}
