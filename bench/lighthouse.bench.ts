/**
 * Lighthouse on /items with a 1,000-item wardrobe (README, Benchmarks; docs/performance.md): the
 * npm `lighthouse` package (mobile preset: simulated slow 4G and 4× CPU slowdown) driving
 * /usr/bin/chromium, signed in.
 *
 * - Cold view: storage and HTTP cache cleared before each run except the session cookie (a
 *   signed-in user on a device with nothing stored: no IndexedDB copy, no service worker).
 * - Repeat view: the same page opened once before (IndexedDB copy, service worker and HTTP cache
 *   warm), then Lighthouse without any reset. Goal: ≤ 50 kB transferred, LCP ≤ 1.5 s.
 *
 * Side by side in one run: this build (WEB_DIR, default packages/web/dist) against a baseline build
 * (BASE_WEB_DIR, e.g. the previous commit's web built into /tmp; optional), both served by the same
 * built server (SERVER_JS, default packages/server/dist/server.js) on the same data folder, runs
 * interleaved so that machine load hits both alike. RUNS (default 3) runs of each; medians.
 *
 *   npm run build && npx tsx bench/lighthouse.bench.ts
 *   BASE_WEB_DIR=/tmp/base-web npx tsx bench/lighthouse.bench.ts
 *
 * Writes bench/results/lighthouse.json; SHOTS_DIR (optional) receives the first painted frame and
 * the final screenshot of each run as JPEG, to look at.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  median,
  PHONE_VIEWPORT,
  round,
  seedAccount,
  SERVICE_WORKER_ACTIVE,
  signInContext,
  startVariants,
  stopServer,
  writeResult,
} from './lib/browser-harness.js';

const RUNS = Number(process.env.RUNS ?? 3);
const ITEMS = 1000;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Everything an origin stores except its cookies (the session must survive). */
const STORAGE_TYPES = [
  'file_systems',
  'indexeddb',
  'local_storage',
  'shader_cache',
  'websql',
  'service_workers',
  'cache_storage',
].join(',');

interface RunFigures {
  performance: number;
  /** Lighthouse's measure of the machine's speed (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number | null;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  /**
   * Unthrottled, as the trace saw them. Lantern's simulated FCP counts every high-priority script
   * that had finished downloading by the observed first paint, so on a loaded machine (a late
   * observed paint) the app's JavaScript lands on the simulated FCP's path: compare with fcpMs.
   */
  observedFcpMs: number;
  observedLcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  bytes: number;
  requests: number;
  /** Main-thread tasks over 50 ms (Lighthouse's long-tasks audit), ms. */
  longTasksMs: number[];
  lcpElement: string | null;
  error: string | null;
  /** The request waterfall: start and end in ms from the navigation, as observed. */
  waterfall: { url: string; startMs: number; endMs: number; status: number; kB: number }[];
}

// Lighthouse's result is a large JSON document; only what is read here is typed.
interface LhAudit {
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}
interface LhResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, LhAudit | undefined>;
  runtimeError?: { code?: string; message?: string };
  environment?: { benchmarkIndex?: number };
}

const num = (audit: LhAudit | undefined): number => round(audit?.numericValue ?? Number.NaN, 1);

function figuresOf(lhr: LhResult, origin: string): RunFigures {
  const a = lhr.audits;
  const items = a['network-requests']?.details?.items ?? [];
  const waterfall = items
    .filter((r) => typeof r.url === 'string' && (r.url as string).startsWith(origin))
    .map((r) => ({
      url: (r.url as string).slice(origin.length).replace(/\?.*$/, '').slice(0, 80),
      startMs: round(Number(r.networkRequestTime ?? r.startTime ?? 0), 0),
      endMs: round(Number(r.networkEndTime ?? r.endTime ?? 0), 0),
      status: Number(r.statusCode ?? 0),
      kB: round(Number(r.transferSize ?? 0) / 1024, 1),
    }));
  const metrics = a.metrics?.details?.items?.[0] as
    { observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number } | undefined;
  const lcpItems = a['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = (lcpItems[0] as { items?: { node?: { snippet?: string } }[] } | undefined)
    ?.items?.[0]?.node?.snippet;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    fcpMs: num(a['first-contentful-paint']),
    lcpMs: num(a['largest-contentful-paint']),
    observedFcpMs: Number(metrics?.observedFirstContentfulPaint ?? Number.NaN),
    observedLcpMs: Number(metrics?.observedLargestContentfulPaint ?? Number.NaN),
    tbtMs: num(a['total-blocking-time']),
    speedIndexMs: num(a['speed-index']),
    cls: round(a['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
    bytes: Math.round(a['total-byte-weight']?.numericValue ?? Number.NaN),
    requests: items.length,
    longTasksMs: (a['long-tasks']?.details?.items ?? []).map((t) =>
      round(Number(t.duration ?? 0), 0),
    ),
    lcpElement: lcpNode ?? null,
    // Why Lighthouse could not measure a run, when it could not (e.g. NO_FCP).
    error: lhr.runtimeError?.code ?? null,
    // Lighthouse's measure of the machine's speed (higher is faster): scores of runs on
    // different machines compare only alongside it.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    waterfall,
  };
}

function saveShots(lhr: LhResult, dir: string | undefined, label: string): void {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const write = (data: unknown, name: string) => {
    if (typeof data !== 'string') return;
    writeFileSync(
      join(dir, `${label}-${name}.jpg`),
      Buffer.from(data.split(',')[1] ?? '', 'base64'),
    );
  };
  const frames = (lhr.audits['screenshot-thumbnails']?.details?.items ?? []) as {
    timing: number;
    data: string;
  }[];
  frames.forEach((f, i) => write(f.data, `frame${String(i).padStart(2, '0')}-${f.timing}ms`));
  write((lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data, 'final');
  // The whole report too: its metrics audit has observed and simulated timings side by side.
  writeFileSync(join(dir, `${label}.lhr.json`), JSON.stringify(lhr));
}

/** Clears everything but cookies for the origin, and the HTTP cache. */
async function clearOrigin(browser: Browser, origin: string): Promise<void> {
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES });
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** Opens /items once as the user would, and waits for the copy to be stored and the worker idle. */
async function warm(browser: Browser, baseUrl: string): Promise<void> {
  const page = await browser.contexts()[0]!.newPage();
  await page.setViewportSize(PHONE_VIEWPORT);
  await page.goto(`${baseUrl}/items`);
  await page.locator('main img').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // The service worker registers a few seconds after the start-up (lib/pwa/update-state.ts):
  // installed and active, then the IndexedDB write and its photo caching settle.
  await page.evaluate(SERVICE_WORKER_ACTIVE);
  await page.waitForTimeout(3000);
  await page.reload();
  await page.locator('main img').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.close();
}

async function runLighthouse(port: number, url: string, label: string): Promise<LhResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The session cookie must survive; the bench clears the rest itself for a cold view.
    disableStorageReset: true,
    // LH_PROFILE=1: CPU samples in the saved trace, for bench/profile-start.ts (slows the page).
    ...(process.env.LH_PROFILE
      ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
      : {}),
  });
  if (!result) throw new Error('Lighthouse gave no result');
  // The trace Lighthouse recorded (unthrottled), for `bench/profile-start.ts TRACE=<file>`.
  if (process.env.SHOTS_DIR) {
    mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    writeFileSync(
      join(process.env.SHOTS_DIR, `${label}.trace.json`),
      JSON.stringify(result.artifacts.Trace),
    );
  }
  return result.lhr as unknown as LhResult;
}

const medianOf = (runs: RunFigures[], key: keyof RunFigures) =>
  round(median(runs.map((r) => r[key] as number)), 1);

/** A run Lighthouse could not finish (no first paint within its time-out on a loaded machine). */
const failed = (r: RunFigures) => !Number.isFinite(r.fcpMs) || !Number.isFinite(r.lcpMs);

function summary(all: RunFigures[]) {
  const runs = all.filter((r) => !failed(r));
  return {
    failedRuns: all.length - runs.length,
    performance: medianOf(runs, 'performance'),
    accessibility: medianOf(runs, 'accessibility'),
    bestPractices: medianOf(runs, 'bestPractices'),
    fcpMs: medianOf(runs, 'fcpMs'),
    lcpMs: medianOf(runs, 'lcpMs'),
    observedFcpMs: medianOf(runs, 'observedFcpMs'),
    observedLcpMs: medianOf(runs, 'observedLcpMs'),
    tbtMs: medianOf(runs, 'tbtMs'),
    speedIndexMs: medianOf(runs, 'speedIndexMs'),
    cls: medianOf(runs, 'cls'),
    bytes: medianOf(runs, 'bytes'),
    medianLongestTaskMs: round(median(runs.map((r) => Math.max(0, ...r.longTasksMs))), 0),
  };
}

async function main(): Promise<void> {
  const account = await seedAccount({ items: ITEMS, outfits: 200, days: 365, photos: 24 });
  const { variants, servers } = await startVariants(account);
  const userDataDir = mkdtempSync(join(tmpdir(), 'hanger-lh-profile-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir,
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const shots = process.env.SHOTS_DIR;
  const cold: Record<string, RunFigures[]> = {};
  const repeat: Record<string, RunFigures[]> = {};
  try {
    // One session cookie serves both servers: cookies are per host, not per port.
    await signInContext(browser.contexts()[0]!, account);
    // Both servers answer GET users once before measuring (their wardrobe caches start empty).
    for (const v of variants) await warm(browser, v.baseUrl);

    for (let run = 0; run < RUNS; run++) {
      for (const v of variants) {
        await clearOrigin(browser, v.baseUrl);
        const lhr = await runLighthouse(chrome.port, `${v.baseUrl}/items`, `${v.name}-cold-${run}`);
        saveShots(lhr, shots, `${v.name}-cold-${run}`);
        (cold[v.name] ??= []).push(figuresOf(lhr, v.baseUrl));
        console.log(v.name, 'cold', run, JSON.stringify(cold[v.name]!.at(-1)!).slice(0, 300));
      }
    }
    for (let run = 0; run < RUNS; run++) {
      for (const v of variants) {
        await clearOrigin(browser, v.baseUrl);
        await warm(browser, v.baseUrl);
        const lhr = await runLighthouse(
          chrome.port,
          `${v.baseUrl}/items`,
          `${v.name}-repeat-${run}`,
        );
        saveShots(lhr, shots, `${v.name}-repeat-${run}`);
        (repeat[v.name] ??= []).push(figuresOf(lhr, v.baseUrl));
        console.log(v.name, 'repeat', run, JSON.stringify(repeat[v.name]!.at(-1)!).slice(0, 300));
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    await Promise.all(servers.map(stopServer));
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(account.work, { recursive: true, force: true });
  }

  const current = { cold: summary(cold.current!), repeat: summary(repeat.current!) };
  const base = cold.base ? { cold: summary(cold.base), repeat: summary(repeat.base!) } : null;
  const ratio = (a: number, b: number) => round(a / b, 2);
  writeResult('lighthouse', {
    route: '/items',
    wardrobe: account.seeded,
    preset: 'Lighthouse 12.8 mobile (simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU)',
    runs: RUNS,
    goals: {
      performance: '>= 95',
      accessibility: '>= 95',
      bestPractices: '>= 95',
      longTaskMs: '<= 50 (first screen)',
      repeatBytes: '<= 50 kB',
      repeatLcpMs: '<= 1500',
    },
    current,
    ...(base
      ? {
          base,
          // Under 1 is better for times, over 1 for scores.
          ratios: {
            coldPerformance: ratio(current.cold.performance, base.cold.performance),
            coldLcp: ratio(current.cold.lcpMs, base.cold.lcpMs),
            coldTbt: ratio(current.cold.tbtMs, base.cold.tbtMs),
            repeatPerformance: ratio(current.repeat.performance, base.repeat.performance),
            repeatLcp: ratio(current.repeat.lcpMs, base.repeat.lcpMs),
            repeatBytes: ratio(current.repeat.bytes, base.repeat.bytes),
          },
        }
      : {}),
    perRun: { cold, repeat },
  });
}

await main();
