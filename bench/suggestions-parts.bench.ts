/**
 * What to wear, the domain's parts (docs/suggestions.md, "Benchmarks"): on 10,000 items, 2,000
 * outfits and 3 years of calendar, the three parts of the app's first computation from its local
 * copy (lib/suggestions-local.ts) timed apart — buildWearIndex, prepareSuggestions on it, and
 * suggestOutfits on that preparation — in Node's V8, as the process's CPU time (user + system,
 * process.cpuUsage: the JIT's and the collector's threads included; the wall clock on a shared
 * machine measures its load as much):
 *
 * - `cold`: the FIRST call of each in a fresh process, the code not yet compiled by the JIT —
 *   what a freshly opened app pays (the browser bench's `firstLocalMs` is this, at 4× throttling);
 *   one child process per run, RUNS of them;
 * - `warm`: the same calls again in one process after two warm-up rounds (each on a new wardrobe
 *   object, so nothing is kept), as the server pays them.
 *
 * SUGGESTIONS_PARTS_BASE=<dir of a built @hanger/domain dist>: the same on that build (e.g. main's,
 * copied to bench/.cache/domain-base), in the same run, runs interleaved, so the ratio is fair
 * whatever the machine's load.
 *
 *   npm run build -w @hanger/domain && npx tsx bench/suggestions-parts.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as DomainModule from '../packages/domain/src/index.js';
import { median, percentile, round } from './lib/measure.js';
import { writeResult } from './lib/browser-harness.js';

const SIZE = process.env.SUGGESTIONS_BENCH_QUICK
  ? { items: 1000, outfits: 200, days: 365 }
  : { items: 10000, outfits: 2000, days: 3 * 365 };
const RUNS = Number(process.env.SUGGESTIONS_PARTS_RUNS ?? 9);
const WARM_RUNS = 15;
const HERE = fileURLToPath(import.meta.url);
const THIS_DIST = resolve(HERE, '../../packages/domain/dist');

/** The process's CPU time so far, in ms. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Parts {
  indexMs: number;
  prepareMs: number;
  suggestMs: number;
  totalMs: number;
}

type Domain = typeof DomainModule;

/** One child's work: the cold first call, then the warm ones; printed as JSON. */
async function child(dist: string): Promise<void> {
  const { generateWireWardrobe } = await import('./generate-wardrobe.js');
  const domain = (await import(pathToFileURL(resolve(dist, 'index.js')).href)) as Domain;
  const {
    wardrobe: wire,
    settings: wireSettings,
    today,
  } = generateWireWardrobe({
    ...SIZE,
    uuidIds: true,
  });
  const settings = domain.settingsFromWire(wireSettings);
  const now = new Date();
  const once = (day: number): Parts & { keys: string } => {
    // As the app holds it: the wire wardrobe mapped once (not timed).
    const wardrobe = domain.wardrobeFromWire(structuredClone(wire));
    const t0 = cpuNow();
    const index = domain.buildWearIndex(wardrobe, now);
    const t1 = cpuNow();
    const prepared = domain.prepareSuggestions(wardrobe, settings, now, { index });
    const t2 = cpuNow();
    const result = domain.suggestOutfits({
      wardrobe,
      settings,
      date: domain.addDays(today, day),
      seed: 'bench-account',
      now,
      prepared,
    });
    const t3 = cpuNow();
    if (result.suggestions.length !== 3) throw new Error('expected three suggestions');
    return {
      indexMs: t1 - t0,
      prepareMs: t2 - t1,
      suggestMs: t3 - t2,
      totalMs: t3 - t0,
      keys: result.suggestions.map((s) => s.key).join(' '),
    };
  };
  const cold = once(0);
  const warm: Parts[] = [];
  for (let run = 0; run < WARM_RUNS + 2; run++) {
    const parts = once(run + 1);
    if (run >= 2) warm.push(parts);
  }
  process.stdout.write(JSON.stringify({ cold, warm }));
}

const figures = (values: number[]) => ({
  medianMs: round(median(values)),
  p95Ms: round(percentile(values, 95)),
});

function summary(runs: { cold: Parts & { keys: string }; warm: Parts[] }[]) {
  const part = (name: keyof Parts) => ({
    cold: figures(runs.map((r) => r.cold[name])),
    warm: figures(runs.flatMap((r) => r.warm.map((w) => w[name]))),
  });
  return {
    wearIndex: part('indexMs'),
    prepare: part('prepareMs'),
    suggest: part('suggestMs'),
    total: part('totalMs'),
    /** The first answer's keys: the same for every build compared, or the answers changed. */
    firstKeys: runs[0]!.cold.keys,
  };
}

async function main(): Promise<void> {
  const base = process.env.SUGGESTIONS_PARTS_BASE;
  const builds: [string, string][] = [['this', THIS_DIST]];
  if (base) builds.push(['base', resolve(base)]);
  const runs = new Map<string, { cold: Parts & { keys: string }; warm: Parts[] }[]>(
    builds.map(([name]) => [name, []]),
  );
  const loadBefore = loadavg().map((n) => round(n));
  for (let run = 0; run < RUNS; run++) {
    for (const [name, dist] of run % 2 === 0 ? builds : [...builds].reverse()) {
      const out = spawnSync(process.execPath, [...process.execArgv, HERE], {
        env: { ...process.env, SUGGESTIONS_PARTS_CHILD: dist },
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      });
      if (out.status !== 0) throw new Error(`child failed: ${out.stderr}`);
      runs.get(name)!.push(JSON.parse(out.stdout));
    }
  }
  const result: Record<string, unknown> = {
    size: SIZE,
    load: { before: loadBefore, after: loadavg().map((n) => round(n)) },
    runs: RUNS,
  };
  for (const [name] of builds) result[name] = summary(runs.get(name)!);
  if (base) {
    const a = result.this as ReturnType<typeof summary>;
    const b = result.base as ReturnType<typeof summary>;
    result.sameAnswers = a.firstKeys === b.firstKeys;
    /** base ÷ this, of the medians: how many times faster this build is. */
    result.speedUp = Object.fromEntries(
      (['wearIndex', 'prepare', 'suggest', 'total'] as const).map((k) => [
        k,
        {
          cold: round(b[k].cold.medianMs / a[k].cold.medianMs),
          warm: round(b[k].warm.medianMs / a[k].warm.medianMs),
        },
      ]),
    );
  }
  console.log(JSON.stringify(result, null, 2));
  if (!process.env.SUGGESTIONS_BENCH_QUICK) writeResult('suggestions-parts', result);
}

if (process.env.SUGGESTIONS_PARTS_CHILD) await child(process.env.SUGGESTIONS_PARTS_CHILD);
else await main();
