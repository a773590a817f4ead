/**
 * What to wear, the domain's parts in Chromium (docs/suggestions.md, "Benchmarks"): the app's
 * first computation from its local copy (lib/suggestions-local.ts) — buildWearIndex,
 * prepareSuggestions on it, suggestOutfits on that preparation — on 10,000 items, 2,000 outfits
 * and 3 years of calendar, each part in a task of its own on a FRESH page (a new browser context:
 * nothing compiled by the JIT yet), timed as the main thread's CPU time (CDP Performance metrics
 * in thread ticks: ScriptDuration before and after the task), so that a loaded machine's waits
 * do not count. Then the same calls again on the same page (`…Again`: the code warm, the
 * preparation's caches emptied), as a kept page pays them.
 *
 * The domain is bundled from source with esbuild, with the generator (bench/generate-wardrobe.ts)
 * and a JSON round trip of the wardrobe (as the app's copy comes back from storage); ICU is warmed
 * by formatting a price of another currency first, as the app's earlier screens do.
 *
 * SUGGESTIONS_PARTS_BASE_SRC=<a domain src/index.ts>, e.g. main's extracted with
 * `git archive main packages/domain/src | tar -x -C bench/.cache/base-tree`: that source too, in
 * the same run, runs taking turns, so the ratio holds whatever the load.
 *
 *   npx tsx bench/suggestions-parts-browser.bench.ts   (SUGGESTIONS_PARTS_RUNS=n, 8 by default)
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { ROOT, median, percentile, round, writeResult } from './lib/browser-harness.js';

const RUNS = Number(process.env.SUGGESTIONS_PARTS_RUNS ?? 8);
const SIZE = { items: 10000, outfits: 2000, days: 3 * 365 };
const BASE_SRC = process.env.SUGGESTIONS_PARTS_BASE_SRC;
const PARTS = ['index', 'prepare', 'suggest', 'indexAgain', 'prepareAgain', 'suggestAgain'];

/** The page's side: each part a global function, run in a task of its own. */
const ENTRY = `
import * as D from '@domain-under-test';
import { generateWardrobe } from './generate-wardrobe.js';
const g = globalThis;
g.__gen = (size) => {
  const { wardrobe, settings, today } = generateWardrobe({ ...size, uuidIds: true });
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'JPY' }).format(1);
  g.__s = { wardrobe: JSON.parse(JSON.stringify(wardrobe)), settings, today, now: new Date() };
};
const suggest = (s, day, seed) =>
  D.suggestOutfits({ wardrobe: s.wardrobe, settings: s.settings, date: D.addDays(s.today, day),
    seed, now: s.now, prepared: s.prepared }).suggestions.map((x) => x.key).join(' ');
g.__index = () => { const s = g.__s; s.index = D.buildWearIndex(s.wardrobe, s.now); };
g.__prepare = () => { const s = g.__s;
  s.prepared = D.prepareSuggestions(s.wardrobe, s.settings, s.now, { index: s.index }); };
g.__suggest = () => suggest(g.__s, 0, 'account');
g.__indexAgain = () => { D.buildWearIndex(g.__s.wardrobe, g.__s.now); };
g.__prepareAgain = () => { const s = g.__s;
  D.prepareSuggestions(s.wardrobe, s.settings, s.now, { index: s.index }); };
g.__suggestAgain = () => { const s = g.__s;
  s.prepared.pairCache.clear(); s.prepared.partnerCache.clear(); return suggest(s, 1, 'other'); };
`;

async function bundle(domainIndex: string): Promise<string> {
  const entry = join(ROOT, 'bench/.cache/suggestions-parts-entry.js');
  writeFileSync(entry, ENTRY.replace('./generate-wardrobe.js', '../generate-wardrobe.ts'));
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    alias: { '@domain-under-test': domainIndex },
    platform: 'browser',
    target: 'es2022',
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

type Figures = Record<string, number>;

async function main(): Promise<void> {
  const builds: [string, string][] = [['this', join(ROOT, 'packages/domain/src/index.ts')]];
  if (BASE_SRC) builds.push(['base', resolve(BASE_SRC)]);
  const code = new Map<string, string>();
  for (const [name, src] of builds) code.set(name, await bundle(src));
  const runs = new Map<string, Figures[]>(builds.map(([name]) => [name, []]));
  const keys = new Map<string, string>();
  const loadBefore = loadavg().map((n) => round(n));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const [name] of run % 2 === 0 ? builds : [...builds].reverse()) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto('about:blank');
        await page.addScriptTag({ content: code.get(name)! });
        await page.evaluate(`__gen(${JSON.stringify(SIZE)})`);
        const cdp = await context.newCDPSession(page);
        // Thread ticks: the main thread's CPU time, not the wall clock's.
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
        const scriptMs = async () =>
          (await cdp.send('Performance.getMetrics')).metrics.find(
            (m) => m.name === 'ScriptDuration',
          )!.value * 1000;
        const figures: Record<string, number> = {};
        let before = await scriptMs();
        for (const part of PARTS) {
          // A task of its own (a timer), so that the page's metrics count it.
          const answer = (await page.evaluate(
            `new Promise((done) => setTimeout(() => done(__${part}()), 0))`,
          )) as string | undefined;
          if (part === 'suggest' && answer !== undefined) keys.set(name, answer);
          const after = await scriptMs();
          figures[`${part}Ms`] = round(after - before);
          before = after;
        }
        figures.firstMs = round(figures.indexMs! + figures.prepareMs! + figures.suggestMs!);
        runs.get(name)!.push(figures);
        console.log(`run ${run} ${name}:`, JSON.stringify(figures));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const summary = (list: Figures[]) =>
    Object.fromEntries(
      ['firstMs', ...PARTS.map((p) => `${p}Ms`)].map((k) => [
        k,
        {
          median: round(median(list.map((f) => f[k]!))),
          p95: round(
            percentile(
              list.map((f) => f[k]!),
              95,
            ),
          ),
        },
      ]),
    );
  const result: Record<string, unknown> = {
    size: SIZE,
    load: { before: loadBefore, after: loadavg().map((n) => round(n)) },
    runs: RUNS,
    /** Main-thread CPU ms, unthrottled; the first three parts are the app's first computation. */
    this: summary(runs.get('this')!),
  };
  if (BASE_SRC) {
    const base = summary(runs.get('base')!);
    const mine = result.this as typeof base;
    result.base = base;
    result.sameAnswers = keys.get('this') === keys.get('base');
    /** base ÷ this, of the medians. */
    result.speedUp = Object.fromEntries(
      Object.keys(base).map((k) => [k, round(base[k]!.median / mine[k]!.median)]),
    );
  }
  console.log(JSON.stringify(result, null, 2));
  writeResult('suggestions-parts-browser', result);
}

await main();
