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
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { generateWireWardrobe } from '../generate-wardrobe.js';
import { freePort, round } from './measure.js';

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
  viewport?: { width: number; height: number };
  hasTouch?: boolean;
  colorScheme?: 'light' | 'dark';
}

export interface SeededApp {
  baseUrl: string;
  browser: Browser;
  context: BrowserContext;
  /** Signed in, on /items, with the wardrobe loaded. */
  page: Page;
  /** Counts of what was written. */
  seeded: { items: number; outfits: number; calendarDays: number };
  close(): Promise<void>;
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '1000000000',
      LOG_LEVEL: 'warn',
      WEB_DIR: process.env.WEB_DIR ?? join(ROOT, 'packages/web/dist'),
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

async function stopServer(child: ChildProcess): Promise<void> {
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

/** Starts the server, seeds an account of the given size and opens a signed-in page. */
export async function openSeededApp(options: SeedOptions): Promise<SeededApp> {
  const work = mkdtempSync(join(tmpdir(), 'hanger-bench-'));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const email = `bench-${Date.now().toString(36)}@example.test`;

  // 1. Account, settings and a few real photos through the API.
  let server = await startServer(dataDir, port);
  const token = await signUp(baseUrl, email);
  const { wardrobe, settings } = generateWireWardrobe({
    items: options.items,
    outfits: options.outfits,
    days: options.days,
    seed: options.seed ?? 7,
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
    form.set('image', new Blob([await photo(i)], { type: 'image/jpeg' }), `seed-${i}.jpg`);
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
  const insertItem = db.prepare(`INSERT INTO clothes (id, user_id, image_key, thumb_key, category,
    sub_category_id, status, source, brand, date_created, date_obtained, date_archived, price,
    currency, converted_price, sold_price, sold_currency, converted_sold_price, manual_times_worn,
    scale) VALUES (@id, @user_id, @image_key, @thumb_key, @category, @sub_category_id, @status,
    @source, @brand, @date_created, @date_obtained, @date_archived, @price, @currency,
    @converted_price, @sold_price, @sold_currency, @converted_sold_price, @manual_times_worn, @scale)`);
  const insertOutfit = db.prepare(`INSERT INTO outfits (id, user_id, image_key, thumb_key, status,
    date_created, manual_times_worn) VALUES (@id, @user_id, @image_key, @thumb_key, @status,
    @date_created, @manual_times_worn)`);
  const insertPlacement = db.prepare(`INSERT INTO outfit_items (outfit_id, position, clothing_id,
    x, y, scale, rotation) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertWear = db.prepare(
    'INSERT INTO calendar_items (user_id, day, clothing_id, outfit_id) VALUES (?, ?, ?, ?)',
  );
  const insertDisplay = db.prepare(
    'INSERT INTO calendar_days (user_id, day, display_item) VALUES (?, ?, ?)',
  );
  const nullable = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  let n = 0;
  db.transaction(() => {
    for (const item of Object.values(wardrobe.clothes)) {
      const key = keys[n++ % keys.length]!;
      insertItem.run({
        id: item.id,
        user_id: userId,
        image_key: key.image,
        thumb_key: key.thumb,
        category: item.category,
        sub_category_id: nullable(item.sub_category_id),
        status: nullable(item.status),
        source: nullable(item.source),
        brand: nullable(item.brand),
        date_created: item.date_created,
        date_obtained: nullable(item.date_obtained),
        date_archived: nullable(item.date_archived),
        price: nullable(item.price),
        currency: nullable(item.currency),
        converted_price: nullable(item.converted_price),
        sold_price: nullable(item.sold_price),
        sold_currency: nullable(item.sold_currency),
        converted_sold_price: nullable(item.converted_sold_price),
        manual_times_worn: nullable(item.manual_times_worn),
        scale: nullable(item.scale),
      });
    }
    for (const outfit of Object.values(wardrobe.outfits)) {
      const key = keys[n++ % keys.length]!;
      insertOutfit.run({
        id: outfit.id,
        user_id: userId,
        image_key: key.image,
        thumb_key: key.thumb,
        status: nullable(outfit.status),
        date_created: outfit.date_created,
        manual_times_worn: nullable(outfit.manual_times_worn),
      });
      outfit.canvas_data.forEach((entry, position) =>
        insertPlacement.run(
          outfit.id,
          position,
          entry.clothing_id,
          entry.x,
          entry.y,
          entry.scale,
          entry.rotation,
        ),
      );
    }
    for (const [day, entry] of Object.entries(wardrobe.calendar)) {
      for (const id of entry.clothes) insertWear.run(userId, day, id, null);
      for (const id of entry.outfits) insertWear.run(userId, day, null, id);
      if (entry.display_item) insertDisplay.run(userId, day, entry.display_item);
    }
  })();
  db.close();

  // 3. A fresh server (empty wardrobe cache) and a signed-in page.
  server = await startServer(dataDir, port);
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
    seeded: {
      items: Object.keys(wardrobe.clothes).length,
      outfits: Object.keys(wardrobe.outfits).length,
      calendarDays: Object.keys(wardrobe.calendar).length,
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
