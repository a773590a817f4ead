import sharp from 'sharp';

/**
 * Garment photos with known masks, drawn with sharp from SVG: a shirt, trousers, a dress and a
 * shoe, each on a background of its own kind (wood-like texture, a soft floor shadow, a colour
 * close to the garment's, a patterned bedsheet). The mask is the same shape drawn white on black,
 * so the model's result can be scored against it (intersection over union). Used by the model's
 * test (test/cutout-model.test.ts), the cut-out integration suite and bench/cutout.bench.ts.
 */

export interface GarmentImage {
  name: string;
  /** The photo as a JPEG, as a phone would upload it. */
  jpeg: Buffer;
  width: number;
  height: number;
  /** One byte per pixel: 255 inside the garment, 0 outside. */
  mask: Uint8Array;
}

const SIZE = 800;

/** Outlines in an 800 x 800 frame. */
const SHAPES = {
  shirt:
    'M300 140 L360 120 Q400 160 440 120 L500 140 L640 250 L590 330 L530 290 L530 660 L270 660 L270 290 L210 330 L160 250 Z',
  trousers: 'M290 110 L510 110 L540 690 L430 690 L400 300 L370 690 L260 690 Z',
  dress:
    'M340 110 L460 110 L470 200 Q520 260 500 330 L610 690 L190 690 L300 330 Q280 260 330 200 Z',
  shoe: 'M170 520 Q170 420 250 400 L330 380 Q380 300 450 320 L500 420 Q600 440 650 480 Q670 560 620 580 L190 590 Q165 580 170 520 Z',
} as const;

type Shape = keyof typeof SHAPES;

interface Scene {
  name: string;
  shape: Shape;
  /** SVG defs and the background, drawn under the garment. */
  background: string;
  /** The garment's fill (a colour or a pattern url). */
  fill: string;
  defs?: string;
}

const SCENES: Scene[] = [
  {
    name: 'shirt on wood',
    shape: 'shirt',
    defs: `<pattern id="wood" width="60" height="800" patternUnits="userSpaceOnUse">
        <rect width="60" height="800" fill="#b98a5a"/>
        <path d="M10 0 Q20 400 12 800" stroke="#a5774a" stroke-width="6" fill="none"/>
        <path d="M38 0 Q30 300 44 800" stroke="#c99a68" stroke-width="4" fill="none"/>
        <rect x="58" width="2" height="800" fill="#7d5634"/>
      </pattern>
      <pattern id="check" width="40" height="40" patternUnits="userSpaceOnUse">
        <rect width="40" height="40" fill="#2f6fb8"/>
        <rect width="20" height="40" fill="#3d80c8"/>
        <rect width="40" height="6" y="17" fill="#f2f2f2"/>
      </pattern>`,
    background: '<rect width="800" height="800" fill="url(#wood)"/>',
    fill: 'url(#check)',
  },
  {
    name: 'trousers with a floor shadow',
    shape: 'trousers',
    defs: `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#e9e4dc"/><stop offset="1" stop-color="#b9b2a6"/>
      </linearGradient>
      <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter>`,
    background: `<rect width="800" height="800" fill="url(#floor)"/>
      <path d="${SHAPES.trousers}" transform="translate(28 26)" fill="#5d564c" opacity="0.55" filter="url(#soft)"/>`,
    fill: '#1f2a44',
  },
  {
    name: 'dress on a close colour',
    shape: 'dress',
    background: '<rect width="800" height="800" fill="#c9b8a6"/>',
    fill: '#a8866a',
  },
  {
    name: 'shoe on a bedsheet',
    shape: 'shoe',
    defs: `<pattern id="sheet" width="50" height="50" patternUnits="userSpaceOnUse">
        <rect width="50" height="50" fill="#eef1f6"/>
        <circle cx="12" cy="12" r="5" fill="#b7c6dd"/>
        <circle cx="37" cy="37" r="5" fill="#d5b7c9"/>
      </pattern>
      <filter id="shade"><feGaussianBlur stdDeviation="10"/></filter>`,
    background: `<rect width="800" height="800" fill="url(#sheet)"/>
      <ellipse cx="420" cy="600" rx="260" ry="28" fill="#6b6f78" opacity="0.5" filter="url(#shade)"/>`,
    fill: '#8b2d23',
  },
];

function svg(content: string, defs = ''): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><defs>${defs}</defs>${content}</svg>`,
  );
}

/** The garment photos with their masks (about 100 ms to draw all four). */
export async function garmentImages(): Promise<GarmentImage[]> {
  return Promise.all(
    SCENES.map(async (scene) => {
      const path = SHAPES[scene.shape];
      // A little light and shade on the garment, as cloth has.
      const shading = `<linearGradient id="light" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#fff" stop-opacity="0.18"/>
          <stop offset="1" stop-color="#000" stop-opacity="0.18"/>
        </linearGradient>`;
      const photo = svg(
        `${scene.background}<path d="${path}" fill="${scene.fill}"/><path d="${path}" fill="url(#light)"/>`,
        `${scene.defs ?? ''}${shading}`,
      );
      const jpeg = await sharp(photo).jpeg({ quality: 90 }).toBuffer();
      const maskSvg = svg(
        `<rect width="800" height="800" fill="#000"/><path d="${path}" fill="#fff"/>`,
      );
      const raw = await sharp(maskSvg).greyscale().raw().toBuffer();
      const mask = new Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) mask[i] = raw[i]! >= 128 ? 255 : 0;
      return { name: scene.name, jpeg, width: SIZE, height: SIZE, mask };
    }),
  );
}

/** Intersection over union of two masks (a pixel counts when its alpha is at least 128). */
export function maskIoU(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error('masks of different sizes');
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! >= 128;
    const y = b[i]! >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** The alpha channel of an image's pixels (a cut-out downloaded from the server). */
export async function alphaOf(
  image: Buffer,
): Promise<{ alpha: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { alpha: new Uint8Array(data), width: info.width, height: info.height };
}
