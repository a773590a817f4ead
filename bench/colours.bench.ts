/**
 * Colour extraction benchmark (README, "Colours"): the CPU time to find an item's colours from a
 * stored 1600 px WebP photo (decode at reduced size to a 128 px sample, then the domain's
 * colourNamesOfPixels), as the backfill does for each item, and from the upload's own pixels
 * (the 128 px sample made beside the display WebP), as a new photo does. Target: <= 25 ms CPU per
 * photo on the 2-core machine.
 *
 * CPU time is process.cpuUsage() (user + system, every thread of libvips included) over a run of
 * photos, divided by the number of photos; the wall time is reported beside it. The first photos
 * fill the per-bin name cache (32,768 bins, a few hundred ms once per process): a separate line.
 *
 * Run: npx tsx bench/colours.bench.ts   (writes bench/results/colours.json)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { colourNamesOfPixels } from '../packages/domain/src/colours.js';
import { samplePhoto } from '../packages/server/src/photos/colours.js';
import { processImage } from '../packages/server/src/photos/images.js';
import { photoLikeJpeg } from './lib/photo-like.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MS = 25;

async function measure(label: string, photos: Buffer[], work: (b: Buffer) => Promise<unknown>) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const photo of photos) await work(photo);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / photos.length;
  const wallMs = wall / photos.length;
  console.log(`${label}: ${cpuMs.toFixed(1)} ms CPU, ${wallMs.toFixed(1)} ms wall per photo`);
  return {
    cpuMsPerPhoto: Math.round(cpuMs * 10) / 10,
    wallMsPerPhoto: Math.round(wallMs * 10) / 10,
  };
}

// Stored photos as the app keeps them: the display WebP of photo-like 12 MP JPEGs.
const stored: Buffer[] = [];
for (let i = 0; i < 4; i++) {
  const jpeg = await photoLikeJpeg(6 + i, 3 + (i % 3), i % 2 === 0 ? undefined : 'p3');
  stored.push((await processImage(jpeg)).image);
}
const set = Array.from({ length: RUNS }, (_, i) => stored[i % stored.length]!);

const coldCache = await measure(
  'first photos (name cache filling)',
  stored.slice(0, 3),
  async (b) => colourNamesOfPixels(await samplePhoto(b)),
);
const fromStored = await measure('stored 1600 px WebP -> colours', set, async (b) =>
  colourNamesOfPixels(await samplePhoto(b)),
);
const sample = await samplePhoto(stored[0]!);
const namingOnly = await measure('naming a 128 px sample only', set, async () =>
  colourNamesOfPixels(sample),
);

const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, load: loadavg().map((l) => Math.round(l * 100) / 100) },
  runs: RUNS,
  targetCpuMsPerPhoto: TARGET_MS,
  coldCache,
  fromStoredWebp: fromStored,
  namingOnly,
  meetsTarget: fromStored.cpuMsPerPhoto <= TARGET_MS,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/colours.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
