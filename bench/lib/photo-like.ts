/**
 * A synthetic but photo-like 12 MP phone JPEG, shared by the photo benchmarks: a garment on a wall
 * with fabric texture and sensor grain, about 3.6 MB at JPEG quality 92 as a phone camera writes,
 * with EXIF orientation 6 (portrait held phone) and optionally a Display P3 profile.
 */
import sharp from 'sharp';

export const WIDTH = 4000;
export const HEIGHT = 3000;

const SCENE = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs>
 <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9d2c7"/><stop offset="1" stop-color="#a79f93"/></linearGradient>
 <radialGradient id="light" cx="0.3" cy="0.25" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient>
 <pattern id="stripes" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(12)"><rect width="40" height="40" fill="#2f4f7a"/><rect width="14" height="40" fill="#3b5f8f"/></pattern>
 <pattern id="check" width="120" height="120" patternUnits="userSpaceOnUse"><rect width="120" height="120" fill="#a0412d"/><rect width="60" height="60" fill="#7c2f20"/><rect x="60" y="60" width="60" height="60" fill="#b85a43"/></pattern>
</defs>
<rect width="100%" height="100%" fill="url(#wall)"/>
<rect y="2300" width="100%" height="700" fill="#6b5a48"/>
<path d="M1300 500 L1700 380 L2300 380 L2700 500 L3200 1100 L2900 1300 L2650 1000 L2650 2500 L1350 2500 L1350 1000 L1100 1300 L800 1100 Z" fill="url(#stripes)"/>
<path d="M1850 380 Q2000 560 2150 380" fill="none" stroke="#1c2f4a" stroke-width="22"/>
<rect x="2900" y="1700" width="800" height="900" rx="60" fill="url(#check)"/>
<circle cx="600" cy="700" r="260" fill="#e8c25a"/>
<rect width="100%" height="100%" fill="url(#light)"/>
</svg>`;

async function noise(width: number, height: number, sigma: number): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma };
  return sharp({ create: { width, height, channels: 3, background: '#000', noise } })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** Luminance texture and grain on top of a scene: roughly what a phone photo of a garment holds. */
export async function photoLikeJpeg(
  textureSigma: number,
  grainSigma: number,
  profile?: 'p3',
): Promise<Buffer> {
  const scene = await sharp(Buffer.from(SCENE)).removeAlpha().raw().toBuffer();
  const coarse = await noise(WIDTH / 4, HEIGHT / 4, textureSigma);
  const texture = await sharp(coarse, {
    raw: { width: WIDTH / 4, height: HEIGHT / 4, channels: 1 },
  })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await noise(WIDTH, HEIGHT, grainSigma);
  for (let p = 0, i = 0; p < grain.length; p++) {
    const delta = ((texture[p] ?? 128) - 128) * 0.5 + (grain[p] ?? 128) - 128;
    for (let c = 0; c < 3; c++, i++) scene[i] = Math.max(0, Math.min(255, (scene[i] ?? 0) + delta));
  }
  const jpeg = sharp(scene, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Hanger', Model: 'Benchmark' } })
    .withMetadata({ orientation: 6 });
  return (profile ? jpeg.withIccProfile(profile) : jpeg).toBuffer();
}
