/**
 * First view of /items for a 10,000-item account (README, Benchmarks): on a cold load at phone
 * width (390x844, empty HTTP cache, signed in), the page must transfer ≤ 1 MB and show its first
 * photo ≤ 1 s after navigation starts.
 *
 * The built app against a seeded server (bench/lib/browser-harness.ts: 10,000 items, 2,000
 * outfits, 3 years of calendar; every record with its own textured photo files, so that each
 * thumbnail is its own download, as in a real closet). Signed in once; then each run is a new
 * browser context with that session (cookies and local storage) but an empty cache, opening
 * /items directly.
 *
 * - Bytes: every response the page received (Chrome DevTools Protocol Network events,
 *   `encodedDataLength` of loadingFinished: headers and body as transferred, compressed) from
 *   navigation until the network is quiet for 1 s after the first photo, by resource type, with
 *   the largest responses named, so it is clear what dominates.
 * - First photo: the first tile image of the Items grid that has loaded, at the next animation
 *   frame (it is painted then), in ms since navigation start; the largest contentful paint is
 *   reported beside it.
 *
 * The app's service worker is kept out of the timed runs (it installs on a first visit and
 * precaches the app in the background, after the first view; that precache is reported from the
 * build's manifest instead).
 *
 *   npm run build && npx tsx bench/first-view.bench.ts   (writes bench/results/first-view.json)
 *
 * - After the wardrobe: the first photo minus the end of GET /api/users (Resource Timing), the
 *   page's own part of the first view (reading the answer, rendering, the photo's download),
 *   apart from how long the server and network took to answer.
 * - Main thread before the first photo: long tasks (> 50 ms, PerformanceObserver) from navigation
 *   until the first photo is painted, count and total ms (docs/performance.md: none over 50 ms).
 *
 * Environment: WEB_DIR (built web app; default packages/web/dist), FIRST_VIEW_QUICK=1 (1,000
 * items, printed, not written), FIRST_VIEW_RUNS (default 5), BASE_WEB_DIR (another build, e.g.
 * the previous commit's: measured in the same run, runs interleaved — the server restarted for each build and warmed by one untimed visit — reported under `base` with
 * ratios), FIRST_VIEW_CPU_THROTTLE (CDP CPU throttling rate, default 1 = none; 4 as Lighthouse).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession } from '@playwright/test';
import { ROOT, median, openSeededApp, round, writeResult } from './lib/browser-harness.js';

const TARGETS = { bytes: 1_000_000, firstPhotoMs: 1000 };
const FULL = { items: 10000, outfits: 2000, days: 3 * 365 };
const QUICK = process.env.FIRST_VIEW_QUICK ? { items: 1000, outfits: 200, days: 365 } : undefined;
const SIZE = QUICK ?? FULL;
const RUNS = Number(process.env.FIRST_VIEW_RUNS ?? 5);
const PHONE = { width: 390, height: 844 };
const WEB_DIR = process.env.WEB_DIR ?? join(ROOT, 'packages/web/dist');
const BASE_WEB_DIR = process.env.BASE_WEB_DIR;
const CPU_THROTTLE = Number(process.env.FIRST_VIEW_CPU_THROTTLE ?? 1);
const log = (message: string) => console.error(`[first view] ${message}`);

/** Installed before any page script: notes when the first grid photo loads and is painted. */
const WATCH_FIRST_PHOTO = `(() => {
  window.__firstPhoto = null;
  window.__lcp = null;
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  document.addEventListener('load', (e) => {
    const img = e.target;
    if (window.__firstPhoto !== null || !img || img.tagName !== 'IMG') return;
    // The app's grid, or the server-drawn first screen in index.html's shell
    // (docs/first-screen.md).
    if (!img.closest('[role="list"][aria-label="Items"], #boot-shell')) return;
    const loaded = performance.now();
    window.__firstPhoto = { loaded, painted: null };
    requestAnimationFrame(() => { window.__firstPhoto.painted = performance.now(); });
  }, true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
})()`;

interface Response {
  url: string;
  type: string;
  status: number;
  bytes: number;
  /** Body bytes before content decoding (what the server sent after compression). */
  encoding?: string;
}

function track(cdp: CDPSession) {
  const meta = new Map<string, { url: string; type: string; status: number; encoding?: string }>();
  const done: Response[] = [];
  let inFlight = 0;
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', () => {
    inFlight += 1;
    lastActivity = performance.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const headers = e.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-encoding');
    meta.set(e.requestId, {
      url: e.response.url,
      type: e.type ?? 'Other',
      status: e.response.status,
      ...(encoding ? { encoding: encoding[1] } : {}),
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
    const m = meta.get(e.requestId);
    if (m) done.push({ ...m, bytes: e.encodedDataLength });
  });
  cdp.on('Network.loadingFailed', () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
  });
  return {
    done,
    quietFor: () => (inFlight === 0 ? performance.now() - lastActivity : 0),
  };
}

/** A URL without its query (photo capabilities are secrets) and origin. */
function shortUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/\/media\/[^/]+\//, '/media/<capability>/');
  return path.length > 90 ? `${path.slice(0, 87)}...` : path;
}

/** The service worker's precache, from the build's sw.js (what a first visit fetches after). */
function precacheBytes(): { entries: number; bytes: number; gzipBytes: number } | null {
  try {
    const sw = readFileSync(join(WEB_DIR, 'sw.js'), 'utf8');
    const urls = [...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]!);
    let bytes = 0;
    let gzipBytes = 0;
    for (const url of urls) {
      try {
        const file = readFileSync(join(WEB_DIR, url));
        bytes += file.length;
        gzipBytes += gzipSync(file, { level: 9 }).length;
      } catch {
        // a navigation route, not a file
      }
    }
    return { entries: urls.length, bytes, gzipBytes };
  } catch {
    return null;
  }
}

/**
 * CPU time of the renderer main threads and their workers (the wardrobe is parsed in one) in a trace (top-level tasks' thread time): what the
 * page's script, style, layout and paint cost until the view settled, whatever else the machine
 * was doing. The idle signed-in page of the first context adds next to nothing.
 */
function rendererMainCpuMs(trace: Buffer): { main: number; worker: number } {
  const events = (
    JSON.parse(trace.toString('utf8')) as {
      traceEvents: {
        name: string;
        ph: string;
        pid: number;
        tid: number;
        ts: number;
        dur?: number;
        tdur?: number;
        args?: { name?: string };
      }[];
    }
  ).traceEvents;
  const mains = new Set<string>();
  const workers = new Set<string>();
  for (const e of events) {
    if (e.name !== 'thread_name') continue;
    if (e.args?.name === 'CrRendererMain') mains.add(`${e.pid}:${e.tid}`);
    if (e.args?.name === 'DedicatedWorker thread') workers.add(`${e.pid}:${e.tid}`);
  }
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.name.includes('RunTask') &&
        e.dur !== undefined &&
        e.tdur !== undefined &&
        (mains.has(`${e.pid}:${e.tid}`) || workers.has(`${e.pid}:${e.tid}`)),
    )
    .sort((a, b) => a.ts - b.ts);
  const end = new Map<string, number>();
  const cpu = { main: 0, worker: 0 };
  for (const t of tasks) {
    const thread = `${t.pid}:${t.tid}`;
    if (t.ts < (end.get(thread) ?? -1)) continue;
    end.set(thread, t.ts + t.dur!);
    cpu[workers.has(thread) ? 'worker' : 'main'] += t.tdur! / 1000;
  }
  return cpu;
}

interface Run {
  bytes: number;
  requests: number;
  firstPhotoMs: number | null;
  /** First photo after GET /api/users had answered (what the page does with the wardrobe). */
  afterWardrobeMs: number | null;
  firstPhotoLoadedMs: number | null;
  lcpMs: number | null;
  longTasksBeforePhoto: { count: number; totalMs: number; maxMs: number };
  byType: Record<string, { requests: number; bytes: number }>;
  timeline: unknown;
  largest: { url: string; type: string; bytes: number; encoding?: string }[];
}

async function main() {
  log(`seeding ${JSON.stringify(SIZE)}`);
  const app = await openSeededApp({
    ...SIZE,
    ownPhotoFiles: true,
    texturedPhotos: true,
    viewport: PHONE,
    serviceWorkers: 'block',
  });
  log('signed in');
  const builds = BASE_WEB_DIR ? [WEB_DIR, BASE_WEB_DIR] : [WEB_DIR];
  const perBuild = new Map<string, { runs: Run[]; cpu: { main: number; worker: number } | null }>(
    builds.map((b) => [b, { runs: [], cpu: null }]),
  );
  let serving = WEB_DIR;
  try {
    const state = await app.context.storageState();
    // RUNS timed runs, then one more under a trace for the CPU it costs (not among the timed);
    // with BASE_WEB_DIR each run is taken for both builds in turn (the server restarted on the
    // same data to serve the other build, then warmed by one untimed visit).
    for (let step = 0; step <= RUNS * builds.length + builds.length - 1; step++) {
      const build = builds[step % builds.length]!;
      const run = Math.floor(step / builds.length);
      const runs = perBuild.get(build)!.runs;
      if (build !== serving) {
        await app.restartServer({ WEB_DIR: build });
        serving = build;
        // The server the user meets has been up and has answered them before: a first request
        // after a restart loads the sign-in code and reads and serializes the whole wardrobe
        // (0.6–1.5 s at 10,000 items on this machine), which is the server's start-up, not the
        // page's first view. One untimed visit in a throwaway context warms it.
        const warm = await app.browser.newContext({ baseURL: app.baseUrl, storageState: state });
        const warmPage = await warm.newPage();
        const answered = warmPage.waitForResponse((r) => r.url().endsWith('/api/users'));
        await warmPage.goto('/items');
        await answered;
        await warm.close();
      }
      const traced = run === RUNS;
      const context = await app.browser.newContext({
        baseURL: app.baseUrl,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        locale: 'en-GB',
        timezoneId: 'Europe/London',
        storageState: state,
        serviceWorkers: 'block',
      });
      await context.addInitScript(WATCH_FIRST_PHOTO);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      if (CPU_THROTTLE > 1)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      const net = track(cdp);
      if (traced) await app.browser.startTracing(page, { categories: ['toplevel'] });
      await page.goto('/items', { waitUntil: 'commit' });
      const deadline = Date.now() + 30_000;
      let first: { loaded: number; painted: number | null } | null = null;
      for (;;) {
        first = (await page.evaluate('window.__firstPhoto')) as typeof first;
        if ((first?.painted != null && net.quietFor() >= 1000) || Date.now() > deadline) break;
        await page.waitForTimeout(100);
      }
      if (traced) {
        perBuild.get(build)!.cpu = rendererMainCpuMs(await app.browser.stopTracing());
        log(`traced run (${build}): CPU ${JSON.stringify(perBuild.get(build)!.cpu)} ms`);
        await context.close();
        continue;
      }
      const lcp = (await page.evaluate('window.__lcp')) as number | null;
      const long = (await page.evaluate('window.__long')) as { start: number; duration: number }[];
      const before = long.filter((t) => first?.painted == null || t.start < first.painted);
      const longTasksBeforePhoto = {
        count: before.length,
        totalMs: round(before.reduce((sum, t) => sum + t.duration, 0)),
        maxMs: round(Math.max(0, ...before.map((t) => t.duration))),
      };
      // When the app's own requests ran, to see what the first photo waited for.
      const timeline = (await page.evaluate(`(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const api = performance.getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.startsWith('/api/'))
          .map((r) => ({ path: new URL(r.name).pathname, startMs: Math.round(r.startTime), endMs: Math.round(r.responseEnd) }));
        const images = performance.getEntriesByType('resource')
          .filter((r) => r.initiatorType === 'img')
          .sort((a, b) => a.responseEnd - b.responseEnd);
        const img = images[0];
        const firstImage = img ? { startMs: Math.round(img.startTime), endMs: Math.round(img.responseEnd) } : null;
        return { domContentLoadedMs: nav ? Math.round(nav.domContentLoadedEventEnd) : null, api, firstImage, images: images.length };
      })()`)) as {
        domContentLoadedMs: number | null;
        api: { path: string; startMs: number; endMs: number }[];
      };
      const byType: Record<string, { requests: number; bytes: number }> = {};
      for (const r of net.done) {
        const t = (byType[r.type] ??= { requests: 0, bytes: 0 });
        t.requests += 1;
        t.bytes += r.bytes;
      }
      const bytes = net.done.reduce((sum, r) => sum + r.bytes, 0);
      const largest = [...net.done]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 6)
        .map((r) => ({
          url: shortUrl(r.url),
          type: r.type,
          bytes: r.bytes,
          ...(r.encoding ? { encoding: r.encoding } : {}),
        }));
      const users = timeline.api.find((a) => a.path === '/api/users');
      runs.push({
        bytes,
        requests: net.done.length,
        firstPhotoMs: first?.painted != null ? round(first.painted) : null,
        afterWardrobeMs:
          first?.painted != null && users ? round(first.painted - users.endMs) : null,
        firstPhotoLoadedMs: first ? round(first.loaded) : null,
        lcpMs: lcp === null ? null : round(lcp),
        longTasksBeforePhoto,
        byType,
        timeline,
        largest,
      });
      log(`run ${run + 1} (${build}): ${JSON.stringify(timeline)}`);
      log(
        `run ${run + 1}: ${round(bytes / 1000, 1)} kB in ${net.done.length} responses, first photo ${first?.painted != null ? round(first.painted, 0) : '-'} ms, LCP ${lcp === null ? '-' : round(lcp, 0)} ms, long tasks before it ${JSON.stringify(longTasksBeforePhoto)}`,
      );
      await context.close();
    }
  } finally {
    await app.close();
  }
  const figures = summarize(WEB_DIR, perBuild.get(WEB_DIR)!, app.seeded);
  if (BASE_WEB_DIR) {
    const base = summarize(BASE_WEB_DIR, perBuild.get(BASE_WEB_DIR)!, app.seeded);
    const ratio = (a: number | null, b: number | null) =>
      a === null || b === null || a === 0 ? null : round(b / a, 2);
    Object.assign(figures, {
      base: {
        webDir: base.webDir,
        medianFirstPhotoMs: base.medianFirstPhotoMs,
        medianFirstPhotoAfterWardrobeMs: base.medianFirstPhotoAfterWardrobeMs,
        medianLcpMs: base.medianLcpMs,
        mainThreadCpuMs: base.mainThreadCpuMs,
        longTasksBeforePhoto: base.longTasksBeforePhoto,
        perRun: base.perRun,
      },
      /** base ÷ this build, measured in the same run (> 1: this build is faster). */
      speedup: {
        firstPhoto: ratio(figures.medianFirstPhotoMs, base.medianFirstPhotoMs),
        firstPhotoAfterWardrobe: ratio(
          figures.medianFirstPhotoAfterWardrobeMs,
          base.medianFirstPhotoAfterWardrobeMs,
        ),
        mainThreadCpu: ratio(figures.mainThreadCpuMs, base.mainThreadCpuMs),
        longTaskTotal: ratio(
          figures.longTasksBeforePhoto.medianTotalMs,
          base.longTasksBeforePhoto.medianTotalMs,
        ),
      },
    });
  }
  if (QUICK) console.log(JSON.stringify(figures, null, 2));
  else writeResult('first-view', figures);
}

function summarize(
  webDir: string,
  { runs, cpu: mainThreadCpuMs }: { runs: Run[]; cpu: { main: number; worker: number } | null },
  seeded: unknown,
) {
  const photoTimes = runs.map((r) => r.firstPhotoMs).filter((v): v is number => v !== null);
  const medianBytes = median(runs.map((r) => r.bytes));
  const medianFirstPhoto = photoTimes.length === runs.length ? median(photoTimes) : null;
  const typical = runs.find((r) => r.bytes === medianBytes) ?? runs[0]!;
  const figures = {
    targets: TARGETS,
    wardrobe: { ...SIZE, seeded },
    cpuThrottle: CPU_THROTTLE,
    method:
      'Chromium (headless, /usr/bin/chromium), built app, 390x844 phone (touch), signed in; each run a new context with the session but an empty cache, opening /items. Bytes: CDP Network loadingFinished encodedDataLength (as transferred, compressed, headers included) of every response from navigation until the network was quiet 1 s after the first photo. First photo: the first Items-grid image load event (the app grid or the server-drawn first screen in the index.html shell), at the next animation frame, from navigation start. Service worker kept out (its precache is listed apart, from the build).',
    webDir,
    runs: runs.length,
    medianBytes,
    medianKB: round(medianBytes / 1000, 1),
    medianFirstPhotoMs: medianFirstPhoto === null ? null : round(medianFirstPhoto),
    /**
     * First photo minus the end of GET /api/users, per run's median: the page's own part (the
     * answer's reading, rendering, the photo's download), apart from the server's and network's.
     */
    medianFirstPhotoAfterWardrobeMs: round(
      median(runs.map((r) => r.afterWardrobeMs ?? Number.POSITIVE_INFINITY)),
    ),
    medianFirstPhotoLoadedMs: round(
      median(runs.map((r) => r.firstPhotoLoadedMs ?? Number.POSITIVE_INFINITY)),
    ),
    medianLcpMs: round(median(runs.map((r) => r.lcpMs ?? Number.POSITIVE_INFINITY))),
    /**
     * Renderer main-thread CPU of one more cold load, traced: independent of machine load, so a
     * lower bound of the first-photo time on an idle machine (the server's work is not in it).
     */
    mainThreadCpuMs: mainThreadCpuMs === null ? null : round(mainThreadCpuMs.main),
    workerCpuMs: mainThreadCpuMs === null ? null : round(mainThreadCpuMs.worker),
    /** Long tasks (> 50 ms) from navigation until the first photo was painted, per run's median. */
    longTasksBeforePhoto: {
      medianCount: median(runs.map((r) => r.longTasksBeforePhoto.count)),
      medianTotalMs: round(median(runs.map((r) => r.longTasksBeforePhoto.totalMs))),
      medianMaxMs: round(median(runs.map((r) => r.longTasksBeforePhoto.maxMs))),
    },
    met: {
      bytes: medianBytes <= TARGETS.bytes,
      firstPhoto: medianFirstPhoto !== null && medianFirstPhoto <= TARGETS.firstPhotoMs,
    },
    /** The run with the median bytes: what the transfer is made of. */
    medianRun: typical,
    perRun: runs.map((r) => ({
      bytes: r.bytes,
      requests: r.requests,
      firstPhotoMs: r.firstPhotoMs,
      afterWardrobeMs: r.afterWardrobeMs,
      lcpMs: r.lcpMs,
      longTasksBeforePhoto: r.longTasksBeforePhoto,
    })),
    serviceWorkerPrecache: precacheBytes(),
  };
  return figures;
}

await main();
