/**
 * Export and import benchmark against the built server (`npm run build` first), run as its own
 * process the way `npm run serve` runs it, on SQLite and local disk.
 *
 * The wardrobe: 5,000 items, 1,500 outfits and 5 years of calendar (bench/generate-wardrobe.ts,
 * seed 7), written straight into the database while the server is stopped, each item and outfit
 * with its OWN photo file on disk (display size, as the pipeline stores them: items 1200x1600,
 * outfits 720x1080 WebP, textured so that they weigh what real photos weigh). Uploading 6,500
 * photos through the API would take most of an hour and measure the upload pipeline instead.
 *
 * Targets (README, Benchmarks), on the 2-core reference machine:
 * - the export streams at >= 50 MB/s of photo data, with the server's RSS growing <= 50 MB;
 * - importing that zip into a fresh account (upload + check + commit) takes <= 3 minutes.
 *
 * The import runs once per mode of BENCH_IMPORT_MODES, each into a fresh account on a restarted
 * server, side by side on the same zip and machine: "keep" is this build (Hanger's own photos kept
 * after a full decode, in the import's photo pool: docs/import-photos.md), "reencode" this build
 * with every photo decoded and encoded again (IMPORT_KEEP_OWN_PHOTOS=off), and "base" another
 * build's server, BENCH_BASE_SERVER (a build of main: `/work/wt/setup.sh import-base`, then
 * `npm run build` there, and BENCH_BASE_SERVER=/work/wt/import-base/packages/server/dist/server.js).
 * The default is "base,keep" with BENCH_BASE_SERVER set, else "keep,reencode"; a mode may repeat
 * ("base,keep,keep,base" alternates them against load drift). Each run records the load average
 * and, from this build's log line "import: done", where the commit's time went.
 *
 * Run: npx tsx bench/export.bench.ts   (writes bench/results/export.json, or BENCH_OUT)
 * Environment: BENCH_ITEMS, BENCH_OUTFITS, BENCH_DAYS, BENCH_SKIP_IMPORT=1, BENCH_IMPORT_MODES,
 * BENCH_BASE_SERVER, BENCH_OUT, BENCH_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { generateWireWardrobe } from './generate-wardrobe.js';
import { freePort, round } from './lib/measure.js';
import { insertWardrobeRows } from './lib/seed-rows.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'packages/server/dist/server.js');
const OUT = process.env.BENCH_OUT ?? join(ROOT, 'bench/results/export.json');
const BASE_SERVER = process.env.BENCH_BASE_SERVER;

const ITEMS = Number(process.env.BENCH_ITEMS ?? 5000);
const OUTFITS = Number(process.env.BENCH_OUTFITS ?? 1500);
const DAYS = Number(process.env.BENCH_DAYS ?? 5 * 365);
const DISTINCT_PHOTOS = 12;
const TARGETS = { exportPhotoMBps: 50, exportRssGrowthMb: 50, importSeconds: 180 };
const MB = 1_000_000;

// ---------------------------------------------------------------------------------------------
// The server process
// ---------------------------------------------------------------------------------------------

/** The last "import: done" line a server logged (this build logs where an import's time went). */
let importLog: Record<string, unknown> | undefined;

async function startServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
  server = SERVER,
): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '1000000000',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // Background work that changes the wardrobe mid-run is off: the colour backfill found the
      // seeded items' colours between the export's link and its download (the announced size was
      // then off by a byte), and both would take CPU from the import being timed.
      COLOUR_BACKFILL: 'off',
      CUTOUT: 'off',
      ...extraEnv,
    },
    // Warnings and errors of the server show with the bench's own output; its info lines are read
    // for the import's own timing.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      let entry: { level?: number; msg?: string } | undefined;
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        entry = undefined;
      }
      if (entry?.msg === 'import: done') importLog = entry as Record<string, unknown>;
      if (!entry || (entry.level ?? 0) >= 40) console.log(line);
    }
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Samples the process's RSS every 50 ms until stopped; answers the peak. */
function watchRss(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return Math.max(peak, await rssMb(pid));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts and the seeded wardrobe
// ---------------------------------------------------------------------------------------------

async function signUp(url: string, email: string): Promise<{ session: string; token: string }> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'benchmark password', name: 'Bench' }),
  });
  const session = response.headers.get('set-auth-token');
  if (!response.ok || !session) throw new Error(`sign-up answered ${response.status}`);
  return { session, token: await accessToken(url, session) };
}

/** Access tokens live 15 minutes: each phase fetches a fresh one. */
async function accessToken(url: string, session: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!response.ok) throw new Error(`token answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A display-size garment photo with fabric-like texture, as the pipeline would store it. */
async function displayPhoto(i: number, width: number, height: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="hsl(${(hue + 180) % 360},12%,90%)"/>
<rect x="${width * 0.18}" y="${height * 0.12}" width="${width * 0.64}" height="${height * 0.76}" rx="40" fill="hsl(${hue},50%,45%)"/>
</svg>`;
  const base = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .raw()
    .toBuffer();
  const channels = base.info.channels;
  const pixels = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < 3; c++) {
      const v = base.data[p * channels + c]! + (noise[p * 3 + c]! - 128) * 0.25;
      pixels[p * 3 + c] = Math.max(0, Math.min(255, v));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .webp({ quality: 80, effort: 0 })
    .toBuffer();
}

async function seed(dataDir: string, userId: string) {
  const { wardrobe, settings } = generateWireWardrobe({
    items: ITEMS,
    outfits: OUTFITS,
    days: DAYS,
    seed: 7,
  });
  const itemPhotos = await Promise.all(
    Array.from({ length: DISTINCT_PHOTOS }, (_, i) => displayPhoto(i, 1200, 1600)),
  );
  const outfitPhotos = await Promise.all(
    Array.from({ length: DISTINCT_PHOTOS }, (_, i) => displayPhoto(i + 5, 720, 1080)),
  );
  const thumbnail = await sharp(itemPhotos[0]!).resize({ width: 400 }).webp().toBuffer();
  const media = join(dataDir, 'media', userId);
  await mkdir(media, { recursive: true });
  const sources = join(dataDir, 'bench-photos');
  await mkdir(sources, { recursive: true });
  const sourceFiles: { item: string[]; outfit: string[] } = { item: [], outfit: [] };
  for (let i = 0; i < DISTINCT_PHOTOS; i++) {
    sourceFiles.item.push(join(sources, `item-${i}.webp`));
    sourceFiles.outfit.push(join(sources, `outfit-${i}.webp`));
    await writeFile(sourceFiles.item[i]!, itemPhotos[i]!);
    await writeFile(sourceFiles.outfit[i]!, outfitPhotos[i]!);
  }
  await writeFile(join(sources, 'thumb.webp'), thumbnail);

  let photoBytes = 0;
  /** A new photo file of its own for one record; answers its keys. */
  const newPhoto = async (kind: 'item' | 'outfit', n: number) => {
    const id = randomUUID();
    const image = `${userId}/${id}-image.webp`;
    const thumb = `${userId}/${id}-thumbnail.webp`;
    const source = sourceFiles[kind][n % DISTINCT_PHOTOS]!;
    await copyFile(source, join(dataDir, 'media', image));
    await copyFile(join(sources, 'thumb.webp'), join(dataDir, 'media', thumb));
    photoBytes += (await stat(source)).size;
    return { image, thumb };
  };

  const db = new Database(join(dataDir, 'hanger.db'));
  const itemKeys: { image: string; thumb: string }[] = [];
  for (let i = 0; i < Object.keys(wardrobe.clothes).length; i++)
    itemKeys.push(await newPhoto('item', i));
  const outfitKeys: { image: string; thumb: string }[] = [];
  for (let i = 0; i < Object.keys(wardrobe.outfits).length; i++)
    outfitKeys.push(await newPhoto('outfit', i));
  db.prepare(
    `INSERT INTO user_settings (user_id, locale, currency, week_start, data_consent,
     tracking_start_date, subcategories) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    userId,
    settings.locale,
    settings.currency,
    settings.week_start,
    settings.data_consent ? 1 : 0,
    settings.tracking_start_date ?? null,
    JSON.stringify(settings.subcategories),
  );
  insertWardrobeRows(db, userId, wardrobe, {
    item: (i) => itemKeys[i]!,
    outfit: (i) => outfitKeys[i]!,
  });
  db.close();
  await rm(sources, { recursive: true, force: true });
  return {
    items: itemKeys.length,
    outfits: outfitKeys.length,
    calendarDays: Object.keys(wardrobe.calendar).length,
    photoBytes,
  };
}

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------

/** Downloads to a file the way a browser's download manager does, without a bearer token. */
function download(url: string, file: string): Promise<{ bytes: number; contentLength: number }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`download answered ${res.statusCode}`));
        res.resume();
        return;
      }
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      pipeline(res, createWriteStream(file)).then(
        () => resolve({ bytes, contentLength: Number(res.headers['content-length']) }),
        (err: Error) =>
          reject(
            new Error(
              `download cut after ${bytes} of ${res.headers['content-length']} bytes: ${err.message}`,
            ),
          ),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** POST /api/imports with the zip streamed from disk as the one multipart field `archive`. */
async function uploadArchive(url: string, token: string, file: string): Promise<unknown> {
  const boundary = `----hanger-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="export.zip"\r\n` +
      `Content-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = (await stat(file)).size;
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/imports`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200)
            reject(new Error(`import answered ${res.statusCode}: ${text}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(file);
        yield tail;
      })(),
    ).pipe(req);
  });
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'hanger-export-bench-'));
  const dataDir = join(work, 'data');
  await mkdir(dataDir, { recursive: true });
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const loadAverageAtStart = loadavg().map((n) => round(n));
  let server: ChildProcess | undefined;
  try {
    // 1. An account, then the wardrobe written into its database and media folder.
    server = await startServer(dataDir, port);
    const owner = await signUp(url, 'export-bench@example.test');
    await stopServer(server);
    const users = new Database(join(dataDir, 'hanger.db'));
    const ownerId = (
      users.prepare('SELECT id FROM "user" WHERE email = ?').get('export-bench@example.test') as {
        id: string;
      }
    ).id;
    users.close();
    const seedStart = performance.now();
    const seeded = await seed(dataDir, ownerId);
    console.log(
      `seeded ${JSON.stringify(seeded)} in ${round((performance.now() - seedStart) / 1000)} s`,
    );
    server = await startServer(dataDir, port);
    const pid = server.pid!;
    await new Promise((r) => setTimeout(r, 1000));

    // 2. Export: link (sizes looked up), then the download streamed to disk. Twice: the first
    // run also loads the export's code (yazl, zlib) into the process; the second is steady state.
    const zipFile = join(work, 'export.zip');
    const exportOnce = async () => {
      const token = await accessToken(url, owner.session);
      const rssBefore = await rssMb(pid);
      const watch = watchRss(pid);
      const linkStart = performance.now();
      const linkResponse = await fetch(`${url}/api/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (!linkResponse.ok)
        throw new Error(
          `POST /api/export answered ${linkResponse.status}: ${await linkResponse.text()}`,
        );
      const link = (await linkResponse.json()) as { url: string; bytes: number | null };
      const linkMs = performance.now() - linkStart;
      const downloadStart = performance.now();
      const got = await download(`${url}${link.url}`, zipFile);
      const downloadSeconds = (performance.now() - downloadStart) / 1000;
      const rssPeak = await watch.stop();
      if (link.bytes !== got.bytes)
        throw new Error(
          `announced size ${link.bytes} differs from the download ${JSON.stringify(got)}`,
        );
      return {
        linkMs: round(linkMs),
        announcedBytes: link.bytes,
        contentLength: got.contentLength,
        zipBytes: got.bytes,
        photoBytes: seeded.photoBytes,
        downloadSeconds: round(downloadSeconds),
        photoMBps: round(seeded.photoBytes / MB / downloadSeconds),
        zipMBps: round(got.bytes / MB / downloadSeconds),
        rssBeforeMb: round(rssBefore),
        rssPeakMb: round(rssPeak),
        rssGrowthMb: round(rssPeak - rssBefore),
      };
    };
    const firstExport = await exportOnce();
    console.log('export (first)', firstExport);
    const exportResult = await exportOnce();
    console.log('export (second)', exportResult);

    const writeResult = async (importResult: Record<string, unknown>) => {
      const result = {
        benchmark:
          'Export (streamed zip) and import of a seeded wardrobe (built server, own process)',
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
        loadAverageAtStart,
        loadAverageAtEnd: loadavg().map((n) => round(n)),
        database: 'SQLite (default)',
        storage: 'local disk (default)',
        seeded,
        targets: TARGETS,
        firstExport,
        export: exportResult,
        import: importResult,
        met: {
          exportPhotoMBps: exportResult.photoMBps >= TARGETS.exportPhotoMBps,
          exportRssGrowthMb: exportResult.rssGrowthMb <= TARGETS.exportRssGrowthMb,
          importSeconds:
            typeof importResult.totalSeconds === 'number'
              ? importResult.totalSeconds <= TARGETS.importSeconds
              : null,
        },
      };
      await mkdir(dirname(OUT), { recursive: true });
      await writeFile(OUT, `${JSON.stringify(result, null, 2)}\n`);
      console.log(`wrote ${OUT}`);
    };
    // Written now too, so that an import cut short still leaves the export's figures.
    await writeResult({ pending: true });

    // 3. Import into a fresh account per mode, each on a restarted server: upload (checked
    // whole), commit, wait until done.
    let importResult: Record<string, unknown> = { skipped: true };
    const importOnce = async (mode: string, n: number): Promise<Record<string, unknown>> => {
      await stopServer(server!);
      if (mode === 'base' && !BASE_SERVER) throw new Error('mode "base" needs BENCH_BASE_SERVER');
      importLog = undefined;
      server = await startServer(
        dataDir,
        port,
        {
          IMPORT_KEEP_OWN_PHOTOS: mode === 'reencode' ? 'off' : 'on',
          LOG_LEVEL: 'info',
        },
        mode === 'base' ? BASE_SERVER : SERVER,
      );
      const importPid = server.pid!;
      await new Promise((r) => setTimeout(r, 1000));
      const loadAtStart = loadavg().map((x) => round(x));
      const reader = await signUp(url, `import-bench-${n}@example.test`);
      const importWatch = watchRss(importPid);
      const rssBeforeImport = await rssMb(importPid);
      const uploadStart = performance.now();
      const preview = (await uploadArchive(url, reader.token, zipFile)) as { id: string };
      const previewSeconds = (performance.now() - uploadStart) / 1000;
      const commitStart = performance.now();
      let readerToken = reader.token;
      const commit = await fetch(`${url}/api/imports/${preview.id}/commit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${readerToken}` },
      });
      if (commit.status !== 202) throw new Error(`commit answered ${commit.status}`);
      let status: { state: string; done: number; total: number; error?: string };
      let refreshed = Date.now();
      for (;;) {
        await new Promise((r) => setTimeout(r, 1000));
        if (Date.now() - refreshed > 10 * 60 * 1000) {
          readerToken = await accessToken(url, reader.session);
          refreshed = Date.now();
        }
        status = (await (
          await fetch(`${url}/api/imports/${preview.id}`, {
            headers: { authorization: `Bearer ${readerToken}` },
          })
        ).json()) as typeof status;
        if (status.state === 'done' || status.state === 'failed') break;
      }
      const commitSeconds = (performance.now() - commitStart) / 1000;
      // This build logs "import: done" just after the transaction that the poll saw finish.
      for (let wait = 0; mode !== 'base' && !importLog && wait < 40; wait++)
        await new Promise((r) => setTimeout(r, 50));
      const rssPeakImport = await importWatch.stop();
      if (status.state !== 'done') throw new Error(`import failed: ${status.error}`);
      const result = {
        mode,
        preview,
        uploadAndCheckSeconds: round(previewSeconds),
        commitSeconds: round(commitSeconds),
        totalSeconds: round(previewSeconds + commitSeconds),
        photos: status.total,
        rssBeforeMb: round(rssBeforeImport),
        rssPeakMb: round(rssPeakImport),
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadavg().map((x) => round(x)),
        ...(importLog ? { profile: importLog } : {}),
        status,
      };
      console.log('import', result);
      return result;
    };
    if (process.env.BENCH_SKIP_IMPORT !== '1') {
      const modes = (
        process.env.BENCH_IMPORT_MODES ?? (BASE_SERVER ? 'base,keep' : 'keep,reencode')
      ).split(',');
      const runs: Record<string, Record<string, unknown>> = {};
      const names: string[] = [];
      for (const [n, mode] of modes.entries()) {
        // A mode run again is "keep#2".
        const name = runs[mode]
          ? `${mode}#${modes.slice(0, n).filter((m) => m === mode).length + 1}`
          : mode;
        names.push(name);
        runs[name] = await importOnce(mode, n);
        await writeResult({ ...runs[names[0]!], runs, pending: n < modes.length - 1 });
      }
      // Each mode's mean total, and this build's over the others'.
      const mean = (mode: string) => {
        const totals = names
          .filter((name) => name.split('#')[0] === mode)
          .map((name) => runs[name]!.totalSeconds as number);
        return totals.length > 0 ? totals.reduce((a, b) => a + b, 0) / totals.length : undefined;
      };
      const keep = mean('keep');
      const ratios: Record<string, number> = {};
      for (const other of ['reencode', 'base']) {
        const them = mean(other);
        if (keep !== undefined && them !== undefined)
          ratios[`keepOver${other[0]!.toUpperCase()}${other.slice(1)}`] = round(keep / them);
      }
      importResult = { ...runs[names[0]!]!, runs, ...ratios };
    }
    await stopServer(server!);
    await writeResult(importResult);
  } finally {
    if (server) await stopServer(server);
    await rm(work, { recursive: true, force: true });
  }
}

await main();
