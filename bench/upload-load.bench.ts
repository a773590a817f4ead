/**
 * Reads while photos upload: GET /api/users latency while 20 uploads of 12 MP photos run at once
 * through the real route (POST /api/clothes), on an account of 1,000 items.
 * Target (README, Benchmarks): GET /api/users p95 <= 50 ms while the 20 uploads run, 2-core
 * machine.
 *
 * Run: npx tsx bench/upload-load.bench.ts   (writes bench/results/upload-load.json)
 *
 * The built server (`npm run build` first; SERVER_JS picks another build) runs as its own process
 * on a fresh data folder seeded by bench/lib/browser-harness.ts (1,000 items, 200 outfits, a year
 * of calendar; bench/generate-wardrobe.ts, seed 7). Each setting gets its own copy of that folder
 * and its own server, in one run, so the figures compare side by side:
 *  - PHOTO_CONCURRENCY=20: every upload decodes at once, as before the photo slot gate;
 *  - PHOTO_CONCURRENCY=1 (the default) and 2.
 * For each: GET /api/users p50/p95 with no upload (sequential, one keep-alive connection each for
 * READERS clients), then the same readers while 20 uploads (alternately sRGB and Display P3, from
 * bench/lib/photo-like.ts) are sent at once; the reads measured are those that start before the
 * last upload is answered. Upload times (each, and for all 20) are reported too.
 *
 * BENCH_UPLOADS (default 20), BENCH_READERS (default 2), BENCH_SETTINGS (default "20,1,2").
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  freePort,
  percentile,
  round,
  seedAccount,
  startServer,
  stopServer,
} from './lib/browser-harness.js';
import { photoLikeJpeg } from './lib/photo-like.js';
import { getUsers, latencySummary } from './lib/reads.js';
import { accessTokenFor } from './lib/server.js';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const READERS = Number(process.env.BENCH_READERS ?? 2);
const SETTINGS = (process.env.BENCH_SETTINGS ?? '20,1,2').split(',').map(Number);
const IDLE_READS = 100;
const TARGET_P95_MS = 50;

async function upload(url: string, token: string, bytes: Buffer, i: number): Promise<number> {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `upload-${i}.jpg`);
  form.set('category', 'top');
  form.set('status', 'clothes');
  const start = performance.now();
  const response = await fetch(`${url}/api/clothes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - start;
}

async function measureSetting(
  seededDataDir: string,
  account: { email: string; password: string },
  photos: Buffer[],
  concurrency: number,
) {
  const work = mkdtempSync(join(tmpdir(), 'hanger-upload-load-'));
  const dataDir = join(work, 'data');
  cpSync(seededDataDir, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer(dataDir, port, { PHOTO_CONCURRENCY: String(concurrency) });
  try {
    const token = await accessTokenFor(url, account.email, account.password);
    const agents = Array.from({ length: READERS }, () => new Agent({ keepAlive: true }));
    // Warm-up: the wardrobe cache, the photo pipeline's first load (sharp), JIT.
    for (let i = 0; i < 20; i++) await getUsers(url, token, agents[0]!);
    await upload(url, token, photos[0]!, -1);

    const idle: number[] = [];
    await Promise.all(
      agents.map(async (agent) => {
        for (let i = 0; i < IDLE_READS / READERS; i++) idle.push(await getUsers(url, token, agent));
      }),
    );

    const during: number[] = [];
    let uploading = true;
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const uploads = Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => upload(url, token, photos[i % photos.length]!, i)),
    ).finally(() => {
      uploading = false;
    });
    const readers = agents.map(async (agent) => {
      while (uploading) during.push(await getUsers(url, token, agent));
    });
    const uploadMs = await uploads;
    const allUploadsMs = performance.now() - start;
    await Promise.all(readers);
    const cpu = process.cpuUsage(cpuStart);
    for (const agent of agents) agent.destroy();
    return {
      photoConcurrency: concurrency,
      idle: latencySummary(idle),
      duringUploads: latencySummary(during),
      uploads: {
        count: UPLOADS,
        allDoneMs: Math.round(allUploadsMs),
        medianMs: Math.round(percentile(uploadMs, 50)),
        maxMs: Math.round(Math.max(...uploadMs)),
      },
      benchClientCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      pass: percentile(during, 95) <= TARGET_P95_MS,
    };
  } finally {
    await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadAverageAtStart = loadavg().map((n) => round(n, 1));
  const seeded = await seedAccount({ items: 1000, outfits: 200, days: 365 });
  const photos = [await photoLikeJpeg(30, 4), await photoLikeJpeg(30, 4, 'p3')];
  const settings = [];
  try {
    for (const concurrency of SETTINGS) {
      const figures = await measureSetting(seeded.dataDir, seeded, photos, concurrency);
      console.log(JSON.stringify(figures));
      settings.push(figures);
    }
  } finally {
    rmSync(seeded.work, { recursive: true, force: true });
  }
  const unbounded = settings.find((s) => s.photoConcurrency === Math.max(...SETTINGS));
  const byDefault = settings.find((s) => s.photoConcurrency === 1);
  const result = {
    benchmark: `GET /api/users while ${UPLOADS} uploads of 12 MP photos run at once (1,000 items)`,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
    server: process.env.SERVER_JS ?? 'packages/server/dist/server.js',
    seeded: seeded.seeded,
    readers: READERS,
    targetP95Ms: TARGET_P95_MS,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg().map((n) => round(n, 1)),
    p95RatioDefaultVsUnbounded:
      unbounded && byDefault
        ? round(byDefault.duringUploads.p95Ms / unbounded.duringUploads.p95Ms, 2)
        : null,
    pass: byDefault?.pass ?? false,
    settings,
  };
  const out = join(ROOT, 'bench', 'results', 'upload-load.json');
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`wrote ${out}`);
}

await main();
