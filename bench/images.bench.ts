/**
 * Photo pipeline benchmark: one 12 MP JPEG processed into the display and thumbnail WebP files,
 * this working tree's pipeline side by side with a previous commit's, in the same run.
 * Target (README, Benchmarks): median <= 150 ms for an sRGB and for a Display P3 photo, 2-core
 * machine.
 *
 * Run: npx tsx bench/images.bench.ts   (writes bench/results/images.json)
 *
 * The inputs are synthetic but photo-like: a garment on a wall with fabric texture and sensor
 * grain, about 3.6 MB at JPEG quality 92 as a phone camera writes, with EXIF orientation 6 so the
 * auto-rotation path is timed too. One carries a Display P3 profile (what iPhones and many Android
 * phones upload), one no profile (sRGB); a third, much noisier P3 one shows the worst case.
 *
 * The baseline is packages/server/src/photos/{images,colour-profile}.ts and errors.ts as of
 * BENCH_BASE (default: the newest commit before JPEG shrink-on-load at 2x), copied
 * into bench/.cache. Runs alternate baseline / current so both see the same machine load.
 *
 * BENCH_RUNS (default 10) sets the number of timed runs of each; SHARP_CONCURRENCY overrides
 * libvips' thread count to compare settings.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { convertToSrgb, planColour } from '../packages/server/src/photos/colour-profile.js';
import { processImage } from '../packages/server/src/photos/images.js';
import { photoLikeJpeg } from './lib/photo-like.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = 2;
const TARGET_MS = 150;
function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

const round = (n: number): number => Math.round(n * 10) / 10;
const median = (values: number[]): number =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    ),
  );

type Pipeline = typeof processImage;

/** The commit the pipeline is compared with, and its processImage loaded from bench/.cache. */
async function loadBaseline(): Promise<{ commit: string; processImage: Pipeline }> {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const imagesPath = 'packages/server/src/photos/images.ts';
  let commit = process.env.BENCH_BASE;
  if (!commit) {
    commit = git('log', '--format=%H', '--', imagesPath)
      .split('\n')
      .find((c) => !git('show', `${c}:${imagesPath}`).includes('jpegShrinkOnLoad'));
  }
  if (!commit) throw new Error('no baseline commit found; set BENCH_BASE');
  commit = git('rev-parse', '--short', commit);
  const dir = join(ROOT, 'bench', '.cache', `images-${commit}`, 'photos');
  mkdirSync(dir, { recursive: true });
  for (const [from, to] of [
    [imagesPath, 'images.ts'],
    ['packages/server/src/photos/colour-profile.ts', 'colour-profile.ts'],
    ['packages/server/src/errors.ts', '../errors.ts'],
  ] as const) {
    writeFileSync(join(dir, to), git('show', `${commit}:${from}`) + '\n');
  }
  const mod = (await import(pathToFileURL(join(dir, 'images.ts')).href)) as {
    processImage: Pipeline;
  };
  return { commit, processImage: mod.processImage };
}

interface Timing {
  wallMs: number[];
  cpuMs: number[];
  last?: Awaited<ReturnType<Pipeline>>;
}

async function timeOnce(pipeline: Pipeline, input: Buffer, into: Timing): Promise<void> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  into.last = await pipeline(input);
  into.wallMs.push(performance.now() - start);
  // CPU time of the whole process (all libvips threads): it barely moves when other work
  // shares the machine, so it tells what the pipeline itself costs.
  const cpu = process.cpuUsage(cpuStart);
  into.cpuMs.push((cpu.user + cpu.system) / 1000);
}

function summary(t: Timing) {
  const sorted = [...t.wallMs].sort((a, b) => a - b);
  return {
    medianMs: median(t.wallMs),
    p90Ms: round(percentile(sorted, 90)),
    minMs: round(sorted[0] ?? NaN),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
    cpuMedianMs: median(t.cpuMs),
    output: t.last && {
      width: t.last.width,
      height: t.last.height,
      displayBytes: t.last.image.length,
      thumbnailBytes: t.last.thumbnail.length,
    },
  };
}

/** PSNR (dB) of a display WebP against a reference rendering of the same size. */
async function psnr(webp: Buffer, reference: Buffer): Promise<number> {
  const pixels = await sharp(webp).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < pixels.length; i++) sum += ((pixels[i] ?? 0) - (reference[i] ?? 0)) ** 2;
  return round(10 * Math.log10((255 * 255) / (sum / pixels.length)));
}

/** Baseline and current, alternated run by run, on one input. */
async function sideBySide(baseline: Pipeline, input: Buffer) {
  for (let i = 0; i < WARMUP; i++) {
    await baseline(input);
    await processImage(input);
  }
  const before: Timing = { wallMs: [], cpuMs: [] };
  const after: Timing = { wallMs: [], cpuMs: [] };
  for (let i = 0; i < RUNS; i++) {
    await timeOnce(baseline, input, before);
    await timeOnce(processImage, input, after);
  }
  // The slow, careful rendering both are compared with: full decode, lanczos3, lcms to sRGB.
  const reference = await sharp(input)
    .autoOrient()
    .resize(1600, 1600, { fit: 'inside', kernel: 'lanczos3' })
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const b = summary(before);
  const a = summary(after);
  return {
    inputBytes: input.length,
    before: { ...b, psnrVsReferenceDb: await psnr(before.last!.image, reference) },
    after: { ...a, psnrVsReferenceDb: await psnr(after.last!.image, reference) },
    medianRatio: round((a.medianMs / b.medianMs) * 100) / 100,
    cpuRatio: round((a.cpuMedianMs / b.cpuMedianMs) * 100) / 100,
  };
}

/** Median wall and CPU time (all threads of this process) of `fn`, after a warm-up. */
async function timed(fn: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const t: Timing = { wallMs: [], cpuMs: [] };
  for (let i = 0; i < RUNS; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await fn();
    t.wallMs.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    t.cpuMs.push((cpu.user + cpu.system) / 1000);
  }
  return { wallMs: median(t.wallMs), cpuMs: median(t.cpuMs) };
}

/**
 * What bringing a Display P3 photo to sRGB costs, step by step, at the sizes the pipeline uses:
 * the decode (resized to 1600) with the profile ignored vs applied by libvips (lcms, float, at
 * full size), and the matrix conversion of the 1600 px pixels in JavaScript (what the pipeline
 * does) vs in libvips (scRGB, recomb, back to sRGB).
 */
async function colourConversionCost(p3: Buffer) {
  const meta = await sharp(p3).metadata();
  const plan = planColour(meta.space, meta.icc);
  if (plan.kind !== 'matrix') throw new Error('the P3 input should take the matrix path');
  const decode = (ignoreIcc: boolean) =>
    sharp(p3, { ignoreIcc }).autoOrient().resize(1600, 1600, RESIZE).raw().toBuffer({
      resolveWithObject: true,
    });
  const { data, info } = await decode(true);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const m = plan.matrix;
  const rows = [
    [m[0]!, m[1]!, m[2]!],
    [m[3]!, m[4]!, m[5]!],
    [m[6]!, m[7]!, m[8]!],
  ] as [[number, number, number], [number, number, number], [number, number, number]];
  const decodeIgnoringProfileMs = await timed(() => decode(true));
  const decodeWithLcmsMs = await timed(() => decode(false));
  const out = Buffer.allocUnsafe(data.length);
  const matrixInJavaScriptMs = await timed(() =>
    convertToSrgb(data, info.channels, plan.matrix, out),
  );
  const matrixInLibvipsMs = await timed(() =>
    sharp(data, raw)
      .pipelineColourspace('scrgb')
      .recomb(rows)
      .toColourspace('srgb')
      .raw()
      .toBuffer(),
  );
  return {
    pixels: `${info.width}x${info.height}`,
    decodeIgnoringProfileMs,
    decodeWithLcmsMs,
    lcmsCostCpuMs: round(decodeWithLcmsMs.cpuMs - decodeIgnoringProfileMs.cpuMs),
    matrixInJavaScriptMs,
    matrixInLibvipsMs,
    chosen: 'matrix in JavaScript: lookup tables, integer arithmetic, slices of 262,144 pixels',
  };
}

const RESIZE = { fit: 'inside' as const, withoutEnlargement: true, kernel: 'mitchell' as const };

/**
 * libjpeg's half-scale decode for the 2.5x reduction of a 12 MP photo, which sharp does not take
 * by itself (from 3x only). libvips reads the option from a file name, so the photo is written to
 * bench/.cache first. Compared: decode + resize time, and the display WebP's size, encode time
 * and PSNR against a full-size lanczos3 rendering; without and with the light blur processImage
 * applies after it.
 */
async function shrinkOnLoadAt2x(input: Buffer) {
  const dir = join(ROOT, 'bench', '.cache');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'shrink-on-load.jpg');
  writeFileSync(file, input);
  const reference = await sharp(input, { ignoreIcc: true })
    .autoOrient()
    .resize(1600, 1600, { fit: 'inside', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const variant = async (decode: () => Sharp) => {
    const run = () => decode().raw().toBuffer({ resolveWithObject: true });
    const { data, info } = await run();
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = () => sharp(data, raw).webp({ quality: 80, effort: 0 }).toBuffer();
    const webp = await encode();
    return {
      decodeAndResizeMs: await timed(run),
      displayEncodeMs: await timed(encode),
      displayBytes: webp.length,
      psnrVsReferenceDb: await psnr(webp, reference),
    };
  };
  const load = (source: string | Buffer) => sharp(source, { ignoreIcc: true }).autoOrient();
  return {
    fullDecodeMitchell: await variant(() => load(input).resize(1600, 1600, RESIZE)),
    halfScaleMitchell: await variant(() => load(`${file}[shrink=2]`).resize(1600, 1600, RESIZE)),
    halfScaleLinearBlur07: await variant(() =>
      load(`${file}[shrink=2]`)
        .resize(1600, 1600, { ...RESIZE, kernel: 'linear' })
        .blur(0.7),
    ),
  };
}

async function main(): Promise<void> {
  if (process.env.SHARP_CONCURRENCY) sharp.concurrency(Number(process.env.SHARP_CONCURRENCY));
  const baseline = await loadBaseline();
  const loadAverageAtStart = loadavg().map(round);
  const srgbInput = await photoLikeJpeg(30, 4);
  const p3Input = await photoLikeJpeg(30, 4, 'p3');
  const srgb = await sideBySide(baseline.processImage, srgbInput);
  const displayP3 = await sideBySide(baseline.processImage, p3Input);
  const noisy = await sideBySide(baseline.processImage, await photoLikeJpeg(60, 12, 'p3'));
  const colour = await colourConversionCost(p3Input);
  const shrink = await shrinkOnLoadAt2x(srgbInput);
  const result = {
    benchmark:
      'processImage: 12 MP JPEG -> display WebP (<= 1600 px) + thumbnail WebP (400 px), current vs baseline commit',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
    sharp: {
      version: sharp.versions.sharp,
      libvips: sharp.versions.vips,
      concurrency: sharp.concurrency(),
    },
    baselineCommit: baseline.commit,
    runs: RUNS,
    targetMedianMs: TARGET_MS,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg().map(round),
    pass: Math.max(srgb.after.medianMs, displayP3.after.medianMs) <= TARGET_MS,
    photoSrgb: srgb,
    photoDisplayP3: displayP3,
    noisyPhotoWorstCase: noisy,
    shrinkOnLoadAt2x: shrink,
    colourConversionP3: {
      ...colour,
      p3MinusSrgbMedianMs: round(displayP3.after.medianMs - srgb.after.medianMs),
      p3MinusSrgbCpuMs: round(displayP3.after.cpuMedianMs - srgb.after.cpuMedianMs),
    },
  };
  const out = join(ROOT, 'bench', 'results', 'images.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${out}`);
}

await main();
