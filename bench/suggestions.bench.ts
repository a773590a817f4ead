/**
 * What to wear (README, "What to wear"): three suggestions for a wardrobe of 10,000 items, 2,000
 * outfits and 3 years of calendar in ≤ 100 ms of server CPU. Measured as the server runs it after
 * reading the account's rows: suggestOutfits over the domain's records, timed with
 * process.cpuUsage (user + system) per call (the mapping of the wire wardrobe to those records,
 * wardrobeForSuggestionsFromWire as the server runs it, is timed apart), a fresh day each run so
 * that nothing is reused between runs. Shuffle (offset 3) and
 * "Style this" (a pin) are timed the same way.
 *
 *   npx tsx bench/suggestions.bench.ts   (SUGGESTIONS_BENCH_QUICK=1: 1,000 items, 1 year)
 */
import {
  addDays,
  suggestOutfits,
  wardrobeForSuggestionsFromWire,
  wardrobeFromWire,
  wearDayKey,
  type SuggestionsInput,
} from '../packages/domain/src/index.js';
import { generateWireWardrobe } from './generate-wardrobe.js';
import { median, percentile, round, writeResult } from './lib/browser-harness.js';

const TARGET_MS = 100;
const SIZE = process.env.SUGGESTIONS_BENCH_QUICK
  ? { items: 1000, outfits: 200, days: 365 }
  : { items: 10000, outfits: 2000, days: 3 * 365 };
const RUNS = 15;

const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

const today = wearDayKey();
const { wardrobe: wire, settings } = generateWireWardrobe({ ...SIZE, today, uuidIds: true });
const sample = wardrobeFromWire(structuredClone(wire));
const closetTop = Object.values(sample.clothes).find(
  (i) => i.category === 'bottom' && (i.status ?? 'clothes') === 'clothes',
)!;

/** CPU of suggestOutfits alone, and of mapping the wire wardrobe before it, per run. */
const mapping: number[] = [];
function time(make: (date: string) => Omit<SuggestionsInput, 'wardrobe'>): number[] {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 2; run++) {
    const date = addDays(today, run % 7);
    const copy = structuredClone(wire);
    const mapStart = process.cpuUsage();
    const wardrobe = wardrobeForSuggestionsFromWire(copy);
    const mapMs = cpuMs(mapStart);
    const start = process.cpuUsage();
    const result = suggestOutfits({ wardrobe, ...make(date) });
    const ms = cpuMs(start);
    if (result.suggestions.length !== 3) throw new Error('expected three suggestions');
    // The first two warm the JIT.
    if (run >= 2) {
      times.push(ms);
      mapping.push(mapMs);
    }
  }
  return times;
}

const base = (date: string) => ({ settings, date, seed: 'bench-account', now: new Date() });
const first = time(base);
const shuffle = time((date) => ({ ...base(date), offset: 3 }));
const pinned = time((date) => ({ ...base(date), pin: closetTop.id }));
const figures = (times: number[]) => ({
  medianMs: round(median(times)),
  p95Ms: round(percentile(times, 95)),
  maxMs: round(Math.max(...times)),
});
const result = {
  size: SIZE,
  targetMs: TARGET_MS,
  firstPage: figures(first),
  shuffle: figures(shuffle),
  styleThis: figures(pinned),
  /** Not part of the target: the server's wire-to-domain mapping (suggestions' fields only). */
  wireMapping: figures(mapping),
  pass: Math.max(median(first), median(shuffle), median(pinned)) <= TARGET_MS,
};
console.log(JSON.stringify(result, null, 2));
if (!process.env.SUGGESTIONS_BENCH_QUICK) writeResult('suggestions', result);
