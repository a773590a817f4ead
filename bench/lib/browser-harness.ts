/**
 * Shared harness for the benchmarks that measure screens in Chromium (composer, calendar, stats,
 * graph). It starts the BUILT server (`npm run build` first) on a fresh data folder, signs up an
 * account, uploads a handful of real photos through the API, then writes a seeded wardrobe of any
 * size (bench/generate-wardrobe.ts) straight into the SQLite database, reusing those photos' keys —
 * uploading 5,000 photos through the pipeline would take a quarter of an hour and measure the
 * pipeline, not the screen. The server is restarted after the write so its wardrobe cache starts
 * empty, and a signed-in Chromium page is opened on the app exactly as a user signs in.
 *
 *   const app = await openSeededApp({ items: 5000, outfits: 1500, days: 5 * 365 });
 *   await app.page.goto(`${app.baseUrl}/stats`);
 *   ...
 *   await writeResult('stats', { ... });
 *   await app.close();
 *
 * Environment: WEB_DIR (built web app to serve; default packages/web/dist), CHROMIUM_PATH.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { generateWireWardrobe } from '../generate-wardrobe.js';
import { freePort, round } from './measure.js';
import { insertWardrobeRows } from './seed-rows.js';

export { freePort, median, percentile, round } from './measure.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = join(ROOT, 'packages/server/dist/server.js');
const PASSWORD = 'benchmark password';

export interface SeedOptions {
  items: number;
  outfits: number;
  /** Calendar history in days, ending today. */
  days: number;
  seed?: number;
  /** Distinct real photos uploaded and shared by the seeded records. */
  photos?: number;
  /**
   * Each item and outfit gets photo files of its own (hard links to the uploaded ones under new
   * keys), so every tile has its own URL, as in a real wardrobe: what a cold load downloads.
   * By default the records share the uploaded photos' keys.
   */
  ownPhotoFiles?: boolean;
  /**
   * Ids and photo keys exactly as the server makes them (docs/wardrobe-wire.md), with photo files
   * of their own: UUID ids, and keys `<user>/<uuid>-image.webp` ('random': every photo stored
   * before photos were named after their record) or `<user>/<record id>-image.webp` ('record':
   * since). By default ids are readable (`item-000123`), which compress far better than real ones.
   */
  serverKeys?: 'random' | 'record';
  /** Upload textured photos that weigh what real ones do, instead of flat shapes. */
  texturedPhotos?: boolean;
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  colorScheme?: 'light' | 'dark';
  /** 'block' keeps the app's service worker out (a benchmark that swaps builds under one page). */
  serviceWorkers?: 'allow' | 'block';
}

export interface SeededApp {
  baseUrl: string;
  browser: Browser;
  context: BrowserContext;
  /** Signed in, on /items, with the wardrobe loaded. */
  page: Page;
  /** Counts of what was written. */
  seeded: { items: number; outfits: number; calendarDays: number };
  /**
   * Restarts the server on the same data and port with other settings, e.g. `{ WEB_DIR }` to
   * serve another build to the same signed-in page (side-by-side benchmarks; reload after).
   */
  restartServer(extraEnv: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The built server on `dataDir`; SERVER_JS and WEB_DIR (env or `extraEnv`) choose what runs, so a
 * side-by-side benchmark can start a baseline's server beside this one's.
 */
export async function startServer(
  dataDir: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [extraEnv.SERVER_JS ?? process.env.SERVER_JS ?? SERVER], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '1000000000',
      // Seeded photos would each queue a cut-out (docs/cutouts.md), and every one that lands
      // changes the wardrobe's version mid-run; bench/cutout.bench.ts turns them on itself.
      CUTOUT: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIR: process.env.WEB_DIR ?? join(ROOT, 'packages/web/dist'),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const COLOURS = [
  '#1f3a5f',
  '#c44536',
  '#e9c46a',
  '#2a9d8f',
  '#6d597a',
  '#f4a261',
  '#264653',
  '#8d99ae',
];
const CATEGORIES = [
  'top',
  'bottom',
  'shoes',
  'outerwear',
  'full_body',
  'bag',
  'accessory',
  'other',
];

/** A simple garment-like photo: a coloured rounded shape on white. */
async function photo(i: number): Promise<Buffer> {
  const colour = COLOURS[i % COLOURS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="#ffffff"/>
    <rect x="120" y="90" width="360" height="430" rx="60" fill="${colour}"/>
    <circle cx="300" cy="150" r="50" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function signUp(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench' }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  const session = response.headers.get('set-auth-token');
  if (!session) throw new Error('sign-up gave no session token');
  const token = await fetch(`${url}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!token.ok) throw new Error(`token answered ${token.status}`);
  return ((await token.json()) as { token: string }).token;
}

/** A garment photo with fabric-like texture (noise), so that it compresses as a real one does. */
async function texturedPhoto(i: number, width = 1200, height = 1600): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${(hue + 180) % 360},12%,90%)"/>
    <rect x="${width * 0.18}" y="${height * 0.12}" width="${width * 0.64}" height="${height * 0.76}" rx="40" fill="hsl(${hue},50%,45%)"/></svg>`;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export interface SeededAccount {
  /** Temporary folder holding the data dir; remove it when done. */
  work: string;
  dataDir: string;
  port: number;
  baseUrl: string;
  email: string;
  password: string;
  seeded: SeededApp['seeded'];
}

/**
 * A fresh data folder with one account and a seeded wardrobe (steps 1 and 2 below); the server
 * is stopped when it returns.
 */
export async function seedAccount(options: SeedOptions): Promise<SeededAccount> {
  const work = mkdtempSync(join(tmpdir(), 'hanger-bench-'));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const email = `bench-${Date.now().toString(36)}@example.test`;

  // 1. Account, settings and a few real photos through the API.
  const server = await startServer(dataDir, port);
  const token = await signUp(baseUrl, email);
  const { wardrobe, settings } = generateWireWardrobe({
    items: options.items,
    outfits: options.outfits,
    days: options.days,
    seed: options.seed ?? 7,
    uuidIds: options.serverKeys !== undefined,
  });
  const settingsForm = new FormData();
  settingsForm.set('settings', JSON.stringify(settings));
  const put = await fetch(`${baseUrl}/api/users/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: settingsForm,
  });
  if (!put.ok) throw new Error(`PUT settings answered ${put.status}`);
  const photos = options.photos ?? 8;
  for (let i = 0; i < photos; i++) {
    const form = new FormData();
    const bytes = options.texturedPhotos ? await texturedPhoto(i) : await photo(i);
    form.set('image', new Blob([bytes], { type: 'image/jpeg' }), `seed-${i}.jpg`);
    form.set('category', CATEGORIES[i % CATEGORIES.length]!);
    form.set('status', 'clothes');
    const res = await fetch(`${baseUrl}/api/clothes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`POST clothes answered ${res.status}: ${await res.text()}`);
  }
  await stopServer(server);

  // 2. The wardrobe, written straight into the database while the server is down.
  const db = new Database(join(dataDir, 'hanger.db'));
  const seededRows = db
    .prepare('SELECT id, user_id, image_key, thumb_key FROM clothes ORDER BY date_created')
    .all() as { id: string; user_id: string; image_key: string; thumb_key: string }[];
  const userId = seededRows[0]!.user_id;
  const keys = seededRows.map((r) => ({ image: r.image_key, thumb: r.thumb_key }));
  db.prepare('DELETE FROM clothes WHERE user_id = ?').run(userId);
  let n = 0;
  const media = join(dataDir, 'media');
  const ownFile = (key: string, name: string): string => {
    const copy = `${dirname(key)}/${name}${extname(key)}`;
    linkSync(join(media, key), join(media, copy));
    return copy;
  };
  const recordIds = { item: Object.keys(wardrobe.clothes), outfit: Object.keys(wardrobe.outfits) };
  const nextKey = (kind: 'item' | 'outfit') => (i: number) => {
    const key = keys[n++ % keys.length]!;
    if (options.serverKeys) {
      const stem = options.serverKeys === 'record' ? recordIds[kind][i]! : randomUUID();
      return {
        image: ownFile(key.image, `${stem}-image`),
        thumb: ownFile(key.thumb, `${stem}-thumbnail`),
      };
    }
    if (!options.ownPhotoFiles) return { image: key.image, thumb: key.thumb };
    return {
      image: ownFile(key.image, `bench-${kind}-${i}-image`),
      thumb: ownFile(key.thumb, `bench-${kind}-${i}-thumbnail`),
    };
  };
  insertWardrobeRows(db, userId, wardrobe, { item: nextKey('item'), outfit: nextKey('outfit') });
  db.close();
  return {
    work,
    dataDir,
    port,
    baseUrl,
    email,
    password: PASSWORD,
    seeded: {
      items: Object.keys(wardrobe.clothes).length,
      outfits: Object.keys(wardrobe.outfits).length,
      calendarDays: Object.keys(wardrobe.calendar).length,
    },
  };
}

/** One build served for a side-by-side benchmark. */
export interface BenchVariant {
  name: 'current' | 'base';
  webDir: string;
  baseUrl: string;
  /** The baseline's own built server, when it has one (BASE_SERVER_JS). */
  serverJs?: string;
}

/**
 * The builds a side-by-side benchmark compares, each on a server of its own over the seeded data
 * folder: this checkout's (WEB_DIR, SERVER_JS; by default the packages' dist folders) and, when
 * BASE_WEB_DIR is set, a baseline's web build, served by BASE_SERVER_JS when the baseline's server
 * differs too (a change to what the server sends). Stop `servers` when done.
 */
export async function startVariants(
  account: SeededAccount,
): Promise<{ variants: BenchVariant[]; servers: ChildProcess[] }> {
  const variants: BenchVariant[] = [
    {
      name: 'current',
      webDir: process.env.WEB_DIR ?? join(ROOT, 'packages/web/dist'),
      baseUrl: account.baseUrl,
    },
  ];
  if (process.env.BASE_WEB_DIR) {
    variants.push({
      name: 'base',
      webDir: process.env.BASE_WEB_DIR,
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      serverJs: process.env.BASE_SERVER_JS,
    });
  }
  const servers = await Promise.all(
    variants.map((v) =>
      startServer(account.dataDir, Number(new URL(v.baseUrl).port), {
        WEB_DIR: v.webDir,
        PUBLIC_URL: v.baseUrl,
        ...(v.serverJs ? { SERVER_JS: v.serverJs } : {}),
      }),
    ),
  );
  return { variants, servers };
}

/**
 * A page expression that resolves once the page's service worker is installed and active. The app
 * registers it a few seconds after its start-up (web lib/pwa/update-state.ts), so a repeat view's
 * set-up waits for it (Playwright's page.evaluate and bare-cdp's evaluate both take it).
 */
export const SERVICE_WORKER_ACTIVE = `(async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker && worker.state !== 'activated')
    await new Promise((done) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') done();
      });
    });
})()`;

/** The phone's screen every browser benchmark opens /items on (CSS pixels). */
export const PHONE_VIEWPORT = { width: 412, height: 823 } as const;

/** Signs in through the API as a browser would: the session cookies it is given, by name. */
export async function signInCookies(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ name: string; value: string }[]> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return response.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
  });
}

/**
 * Debian's Chromium (CHROMIUM_PATH) and, in it, a phone-sized (PHONE_VIEWPORT) context signed in as the
 * seeded account through the sign-in API: the browser, profile and start-up benchmarks.
 */
export async function signedInPhone(
  account: SeededAccount,
): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  await signInContext(context, account);
  return { browser, context };
}

/**
 * Signs a browser context in as the seeded account through the sign-in API: its session cookies
 * land in the context as the server set them.
 */
export async function signInContext(
  context: BrowserContext,
  account: Pick<SeededAccount, 'baseUrl' | 'email' | 'password'>,
): Promise<void> {
  const signIn = await context.request.post(`${account.baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: account.baseUrl },
    data: { email: account.email, password: account.password, rememberMe: true },
  });
  if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
}

/** Starts the server, seeds an account of the given size and opens a signed-in page. */
export async function openSeededApp(options: SeedOptions): Promise<SeededApp> {
  const { work, dataDir, port, baseUrl, email, seeded } = await seedAccount(options);
  // 3. A fresh server (empty wardrobe cache) and a signed-in page.
  let server = await startServer(dataDir, port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    hasTouch: options.hasTouch ?? false,
    isMobile: options.hasTouch ?? false,
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'allow',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL(/\/items$/, { timeout: 60_000 });
  // The wardrobe has loaded once the Items tab shows its count.
  // (A locator, not waitForFunction: a string predicate is eval, which the app's CSP forbids.)
  await page.locator('img').first().waitFor({ state: 'attached', timeout: 60_000 });

  return {
    baseUrl,
    browser,
    context,
    page,
    seeded,
    async restartServer(extraEnv) {
      await stopServer(server);
      server = await startServer(dataDir, port, extraEnv);
    },
    async close() {
      await browser.close().catch(() => undefined);
      await stopServer(server);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

// Page scripts are passed as strings: tsx (esbuild keepNames) would wrap named functions in a
// `__name` helper that does not exist in the page.
// Each measurement has its own generation, so a loop left from an earlier one stops at once
// instead of counting frames twice.
const START_FRAMES = `(() => {
  const gen = (window.__framesGen = (window.__framesGen || 0) + 1);
  window.__frames = [];
  const tick = (t) => {
    if (window.__framesGen !== gen) return;
    window.__frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_FRAMES = `(() => { window.__framesGen = (window.__framesGen || 0) + 1; return window.__frames; })()`;
const START_LONG = `(() => {
  window.__long = [];
  window.__longObs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  });
  window.__longObs.observe({ type: 'longtask' });
})()`;
const STOP_LONG = `(() => { window.__longObs && window.__longObs.disconnect(); return window.__long; })()`;

/**
 * Frame times (ms between consecutive requestAnimationFrame callbacks) while `action` runs.
 * Returns every interval; report the median and p95.
 */
export async function frameTimesDuring(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(START_FRAMES);
  await action();
  const stamps = (await page.evaluate(STOP_FRAMES)) as number[];
  const intervals: number[] = [];
  for (let i = 1; i < stamps.length; i++) intervals.push(stamps[i]! - stamps[i - 1]!);
  return intervals;
}

/** Long tasks (> 50 ms) observed in the page from now until `stop()`, which answers their durations. */
export async function watchLongTasks(page: Page): Promise<{ stop(): Promise<number[]> }> {
  await page.evaluate(START_LONG);
  return { stop: async () => (await page.evaluate(STOP_LONG)) as number[] };
}

/** Writes bench/results/<name>.json with the figures and the machine's state during the run. */
export function writeResult(name: string, figures: Record<string, unknown>): void {
  const out = join(ROOT, 'bench/results', `${name}.json`);
  mkdirSync(dirname(out), { recursive: true });
  const result = {
    benchmark: name,
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      loadavg: loadavg().map((l) => round(l)),
    },
    ...figures,
  };
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}
