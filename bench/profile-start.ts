/**
 * Where the main thread's time goes while /items starts, cold and repeat (docs/performance.md): a
 * Chrome trace of one page load, signed in, with a 1,000-item wardrobe. Prints every main-thread
 * task over LONG_MS (unthrottled; Lighthouse's mobile preset multiplies by 4, so 12.5 ms here is a
 * 50 ms long task there) and, for each, the functions with the most self time and the script
 * entries that started it.
 *
 *   npm run build && npx tsx bench/profile-start.ts            # cold, then repeat
 *   WEB_DIR=/tmp/base/web npx tsx bench/profile-start.ts       # another build
 *
 * A diagnostic, not a benchmark: it writes nothing to bench/results.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  seedAccount,
  SERVICE_WORKER_ACTIVE,
  signedInPhone,
  startServer,
  stopServer,
} from './lib/browser-harness.js';

const LONG_MS = Number(process.env.LONG_MS ?? 12);
const RUNS = Number(process.env.RUNS ?? 1);
/** CPU=4: Chromium's own slowdown while the traced load runs (then LONG_MS=50 is Lighthouse's). */
const CPU = Number(process.env.CPU ?? 1);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}
interface CpuNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

function analyse(events: TraceEvent[], label: string): void {
  // The renderer main thread that ran the most work: the page's (other renderers may be traced).
  const work = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'RunTask' && e.ph === 'X') {
      const key = `${e.pid}:${e.tid}`;
      work.set(key, (work.get(key) ?? 0) + (e.dur ?? 0));
    }
  }
  const main = events
    .filter((e) => e.name === 'thread_name' && (e.args?.name as string) === 'CrRendererMain')
    .sort((a, b) => (work.get(`${b.pid}:${b.tid}`) ?? 0) - (work.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  // The navigation's commit (the browser process records it); tasks are timed from there.
  const commit = events.find(
    (e) =>
      e.name === 'FrameCommittedInBrowser' &&
      String((e.args?.data as { url?: string } | undefined)?.url ?? '').endsWith('/items'),
  );
  const t0 = commit?.ts ?? onMain[0]!.ts;
  // CPU samples, from the profiler chunks of this thread.
  const nodes = new Map<number, CpuNode>();
  const samples: { ts: number; node: number }[] = [];
  const profiles = events.filter(
    (e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid,
  );
  for (const profile of profiles) {
    let ts = (profile.args?.data as { startTime: number }).startTime;
    for (const chunk of events.filter(
      (e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === profile.pid,
    )) {
      const data = chunk.args?.data as {
        cpuProfile?: { nodes?: CpuNode[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const s = data.cpuProfile?.samples ?? [];
      const d = data.timeDeltas ?? [];
      for (let i = 0; i < s.length; i++) {
        ts += d[i] ?? 0;
        samples.push({ ts, node: s[i]! });
      }
    }
  }
  const short = (url = '') => url.replace(/^.*\/(assets\/)?/, '').replace(/\?.*$/, '');
  const frameName = (n: CpuNode) =>
    `${n.callFrame.functionName || '(anon)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) / 1000 >= LONG_MS && e.ts >= t0,
  );
  let total = 0;
  const inclusive = new Map<string, number>();
  console.log(`\n== ${label}: ${tasks.length} tasks ≥ ${LONG_MS} ms on the main thread`);
  for (const task of tasks) {
    const start = task.ts;
    const end = task.ts + task.dur!;
    const ms = task.dur! / 1000;
    total += Math.max(0, ms * (4 / CPU) - 50);
    const inside = onMain.filter((e) => e.ts >= start && e.ts < end && e.ph === 'X');
    const kinds = new Map<string, number>();
    for (const e of inside) {
      if (
        [
          'FunctionCall',
          'EvaluateScript',
          'v8.compileModule',
          'v8.evaluateModule',
          'ParseHTML',
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'XHRReadyStateChange',
          'RunMicrotasks',
          'v8.compile',
          'CompileScript',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'BlinkGC.AtomicPhase',
          'PrePaint',
          'Commit',
          'HitTest',
          'ParseAuthorStyleSheet',
          'Decode Image',
          'FireIdleCallback',
          'v8.run',
        ].includes(e.name)
      ) {
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    const self = new Map<string, number>();
    const roots = new Map<string, number>();
    let prev = start;
    for (const s of samples) {
      if (s.ts < start || s.ts >= end) continue;
      const dt = (s.ts - prev) / 1000;
      prev = s.ts;
      const node = nodes.get(s.node);
      if (!node) continue;
      const name = frameName(node);
      self.set(name, (self.get(name) ?? 0) + dt);
      // Inclusive time of every function on the stack, across the long tasks.
      const seen = new Set<string>();
      for (
        let up: CpuNode | undefined = node;
        up;
        up = up.parent !== undefined ? nodes.get(up.parent) : undefined
      ) {
        const f = frameName(up);
        if (seen.has(f)) continue;
        seen.add(f);
        inclusive.set(f, (inclusive.get(f) ?? 0) + dt);
      }
      // Deepest app frame (not react internals) on the stack, for attribution.
      let cur: CpuNode | undefined = node;
      let appFrame: string | null = null;
      while (cur) {
        const url = cur.callFrame.url ?? '';
        if (url && !url.includes('react-') && cur.callFrame.functionName) {
          appFrame = frameName(cur);
          break;
        }
        cur = cur.parent !== undefined ? nodes.get(cur.parent) : undefined;
      }
      if (appFrame) roots.set(appFrame, (roots.get(appFrame) ?? 0) + dt);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${v.toFixed(1)} ${k}`);
    console.log(
      `\n-- task at ${((start - t0) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms (at 4× ≈ ${(ms * (4 / CPU)).toFixed(0)})`,
    );
    console.log('   events:', top(kinds, 8).join(' | '));
    console.log('   self:  ', top(self, 10).join('\n           '));
    console.log('   app:   ', top(roots, 8).join('\n           '));
  }
  console.log(`\n${label}: approx TBT at 4× = ${total.toFixed(0)} ms`);
  console.log('\nInclusive time in long tasks (ms):');
  for (const [f, v] of [...inclusive.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 60))) {
    console.log(`  ${v.toFixed(1).padStart(7)} ${f}`);
  }
}

async function main(): Promise<void> {
  if (process.env.TRACE) {
    const parsed = JSON.parse(readFileSync(process.env.TRACE, 'utf8')) as {
      traceEvents: TraceEvent[];
    };
    analyse(parsed.traceEvents, process.env.TRACE);
    return;
  }
  const account = await seedAccount({ items: 1000, outfits: 200, days: 365, photos: 24 });
  const webDir = process.env.WEB_DIR ?? join(ROOT, 'packages/web/dist');
  const server = await startServer(account.dataDir, account.port, {
    WEB_DIR: webDir,
    PUBLIC_URL: account.baseUrl,
  });
  const { browser, context } = await signedInPhone(account);
  try {
    // Warm the server's wardrobe cache in another context.
    const warm = await context.newPage();
    await warm.goto(`${account.baseUrl}/items`);
    await warm.locator('main img').first().waitFor({ timeout: 60_000 });
    await warm.waitForLoadState('networkidle');
    await warm.close();
    const categories = [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      '__metadata',
    ];
    for (const mode of ['cold', 'repeat'] as const) {
      for (let run = 0; run < RUNS; run++) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        if (mode === 'cold') {
          await cdp.send('Storage.clearDataForOrigin', {
            origin: account.baseUrl,
            storageTypes: 'indexeddb,local_storage,service_workers,cache_storage',
          });
          await cdp.send('Network.clearBrowserCache');
        } else {
          await page.goto(`${account.baseUrl}/items`);
          await page.locator('main img').first().waitFor({ timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          await page.evaluate(SERVICE_WORKER_ACTIVE);
          await page.waitForTimeout(2500);
        }
        await browser.startTracing(page, { categories });
        if (CPU !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
        await page.goto(`${account.baseUrl}/items`);
        await page.locator('main img').first().waitFor({ timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(3000);
        const buffer = await browser.stopTracing();
        if (CPU !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        const file = join('/tmp', `hanger-start-${mode}-${run}.json`);
        writeFileSync(file, buffer);
        const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
        analyse(parsed.traceEvents, `${mode} ${run} (${file})`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

await main();
