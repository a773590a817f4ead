/**
 * What to wear (README, "What to wear"): three suggestions for a wardrobe of 10,000 items, 2,000
 * outfits and 3 years of calendar in ≤ 100 ms of server CPU for the whole request.
 *
 * 1. In process, the domain's parts, timed with process.cpuUsage (user + system) per call:
 *    the server's mapping of the wire wardrobe (wardrobeForSuggestionsFromWire), the day-free
 *    preparation (prepareSuggestions, once per wardrobe version), and suggestOutfits on a kept
 *    preparation for a fresh day each run (first page, Shuffle at offset 3, "Style this" with a
 *    pin); and suggestOutfits without a preparation, as a call that keeps nothing pays.
 * 2. The whole request against the BUILT server (`npm run build` first) over HTTP, the wardrobe
 *    written straight into its SQLite database: the server process's CPU (/proc, user + system)
 *    per GET /api/suggestions — warm (the wardrobe unchanged since the last request: a new day
 *    each request, so only the preparation is reused), and cold: the first request after a
 *    calendar save (the wears read again, the preparation made again), after an item's edit
 *    (that item read again too), after an outfit's edit (that outfit and its canvas read again)
 *    and after a settings write that leaves the items (the wears read again, as after a calendar
 *    save). docs/suggestions.md.
 *    SUGGESTIONS_BENCH_BASE=<server.js>: the same on another build (main's) in the same run.
 *
 *   npx tsx bench/suggestions.bench.ts   (SUGGESTIONS_BENCH_QUICK=1: 1,000 items, 1 year)
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  addDays,
  prepareSuggestions,
  suggestOutfits,
  wardrobeForSuggestionsFromWire,
  wardrobeFromWire,
  wearDayKey,
  type SuggestionsInput,
} from '../packages/domain/src/index.js';
import { generateWireWardrobe } from './generate-wardrobe.js';
import { freePort, median, percentile, round, writeResult } from './lib/browser-harness.js';
import { insertWardrobeRows } from './lib/seed-rows.js';
import { cpuMs as processCpuMs, signIn, signUp, startServer, stopServer } from './lib/server.js';

const TARGET_MS = 100;
const SIZE = process.env.SUGGESTIONS_BENCH_QUICK
  ? { items: 1000, outfits: 200, days: 365 }
  : { items: 10000, outfits: 2000, days: 3 * 365 };
const RUNS = 15;
const COLD_RUNS = 12;
/**
 * SUGGESTIONS_BENCH_BASE=path/to/server.js: the whole request is measured on that build too (e.g.
 * main's, built into packages/server/dist-base), in the same run, after this one.
 */
const BASE = process.env.SUGGESTIONS_BENCH_BASE;

const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

const today = wearDayKey();
const { wardrobe: wire, settings } = generateWireWardrobe({ ...SIZE, today, uuidIds: true });
const sample = wardrobeFromWire(structuredClone(wire));
const anOutfit = Object.keys(sample.outfits)[0]!;
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

/** On one wardrobe version: the preparation once per run, then each query on a fresh day. */
const preparing: number[] = [];
const onPrepared = { first: [] as number[], shuffle: [] as number[], styleThis: [] as number[] };
{
  const wardrobe = wardrobeForSuggestionsFromWire(structuredClone(wire));
  for (let run = 0; run < RUNS + 2; run++) {
    const now = new Date();
    const start = process.cpuUsage();
    const prepared = prepareSuggestions(wardrobe, settings, now);
    if (run >= 2) preparing.push(cpuMs(start));
    const queries: [keyof typeof onPrepared, object][] = [
      ['first', {}],
      ['shuffle', { offset: 3 }],
      ['styleThis', { pin: closetTop.id }],
    ];
    for (const [name, extra] of queries) {
      const date = addDays(today, 10 + run);
      const t = process.cpuUsage();
      const result = suggestOutfits({ wardrobe, ...base(date), now, prepared, ...extra });
      const ms = cpuMs(t);
      if (result.suggestions.length !== 3) throw new Error('expected three suggestions');
      if (run >= 2) onPrepared[name].push(ms);
    }
  }
}

const figures = (times: number[]) => ({
  medianMs: round(median(times)),
  p95Ms: round(percentile(times, 95)),
  maxMs: round(Math.max(...times)),
});

/** The built server over HTTP: its process's CPU per request. */
async function wholeRequest(serverJs?: string) {
  const work = await mkdtemp(join(tmpdir(), 'hanger-suggestions-bench-'));
  const dataDir = join(work, 'data');
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const options = {
    env: {
      LOG_LEVEL: 'warn',
      COLOUR_BACKFILL: 'off',
      // e.g. --cpu-prof --cpu-prof-dir=/tmp/prof: profile the server (docs/suggestions.md).
      ...(process.env.SUGGESTIONS_BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.SUGGESTIONS_BENCH_SERVER_NODE_OPTIONS }
        : {}),
    },
    ...(serverJs ? { server: serverJs } : {}),
  };
  let server = await startServer(dataDir, port, options);
  try {
    await signUp(server.url, 'suggestions-bench@example.test');
    await stopServer(server);
    const db = new Database(join(dataDir, 'hanger.db'));
    const userId = (
      db.prepare('SELECT id FROM "user" WHERE email = ?').get('suggestions-bench@example.test') as {
        id: string;
      }
    ).id;
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
    const photo = (kind: string) => (i: number) => ({
      image: `${userId}/${kind}${i}-image.webp`,
      thumb: `${userId}/${kind}${i}-thumbnail.webp`,
    });
    insertWardrobeRows(db, userId, wire, { item: photo('i'), outfit: photo('o') });
    db.close();
    server = await startServer(dataDir, port, options);
    const { token } = await signIn(server.url, 'suggestions-bench@example.test');
    const pid = server.process.pid!;
    const get = async (query: string) => {
      const response = await fetch(`${server.url}/api/suggestions?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { suggestions: unknown[] };
      if (response.status !== 200 || body.suggestions.length !== 3)
        throw new Error(`GET suggestions answered ${response.status}`);
    };
    const write = async (day: string) => {
      const form = new FormData();
      form.append('clothes', closetTop.id);
      const response = await fetch(`${server.url}/api/calendar/${day}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (response.status !== 200) throw new Error(`PUT calendar answered ${response.status}`);
    };
    const settle = () => new Promise((r) => setTimeout(r, 300));
    // Warm-up: the process's first requests compile the route's code.
    for (let i = 0; i < 5; i++) await get(`date=${addDays(today, 100 + i)}`);

    // Idle CPU of the process over a second (timers, pools), taken off each figure per its time.
    await settle();
    let c = processCpuMs(pid);
    let t = performance.now();
    await new Promise((r) => setTimeout(r, 2000));
    const idlePerMs = Math.max(0, processCpuMs(pid) - c) / (performance.now() - t);

    /** Per request: the process's CPU over `runs` requests, less its idle CPU meanwhile. */
    const warm = async (make: (i: number) => string, runs = 40) => {
      await settle();
      c = processCpuMs(pid);
      t = performance.now();
      for (let i = 0; i < runs; i++) await get(make(i));
      const busy = processCpuMs(pid) - c - idlePerMs * (performance.now() - t);
      return round(busy / runs);
    };
    const warmFirst = await warm((i) => `date=${addDays(today, 200 + i)}`);
    const warmShuffle = await warm((i) => `date=${addDays(today, 300 + i)}&offset=3`);
    const warmPin = await warm((i) => `date=${addDays(today, 400 + i)}&pin=${closetTop.id}`);

    // Cold: a write, then the first request after it (its CPU alone, /proc ticks of 10 ms).
    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      await write(addDays(today, 500 + i));
      await settle();
      c = processCpuMs(pid);
      t = performance.now();
      await get(`date=${addDays(today, 600 + i)}`);
      cold.push(processCpuMs(pid) - c - idlePerMs * (performance.now() - t));
    }
    // The first request after an edit of an item (its brand): that item is read again too.
    const coldItem: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const form = new FormData();
      form.append('updates', JSON.stringify({ brand: `Brand ${i}` }));
      const response = await fetch(`${server.url}/api/clothes/${closetTop.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (response.status !== 200) throw new Error(`PATCH clothes answered ${response.status}`);
      await settle();
      c = processCpuMs(pid);
      t = performance.now();
      await get(`date=${addDays(today, 700 + i)}`);
      coldItem.push(processCpuMs(pid) - c - idlePerMs * (performance.now() - t));
    }
    // The first request after an outfit's edit (its times worn): that outfit and its canvas are
    // read again (main's build read every item and outfit again).
    const coldOutfit: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const form = new FormData();
      form.append('updates', JSON.stringify({ manual_times_worn: i + 1 }));
      const response = await fetch(`${server.url}/api/outfits/${anOutfit}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (response.status !== 200) throw new Error(`PATCH outfits answered ${response.status}`);
      await settle();
      c = processCpuMs(pid);
      t = performance.now();
      await get(`date=${addDays(today, 800 + i)}`);
      coldOutfit.push(processCpuMs(pid) - c - idlePerMs * (performance.now() - t));
    }
    // The first request after a settings write that changes no item (the week's first day): the
    // items and outfits are kept, the wears read again and the preparation made again.
    const coldSettings: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const form = new FormData();
      form.append('settings', JSON.stringify({ week_start: (i + 1) % 2 }));
      const response = await fetch(`${server.url}/api/users/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (response.status !== 200) throw new Error(`PUT settings answered ${response.status}`);
      await settle();
      c = processCpuMs(pid);
      t = performance.now();
      await get(`date=${addDays(today, 900 + i)}`);
      coldSettings.push(processCpuMs(pid) - c - idlePerMs * (performance.now() - t));
    }
    return {
      warm: { firstPageMs: warmFirst, shuffleMs: warmShuffle, styleThisMs: warmPin },
      /** After a calendar save (a day logged, "Wear this"). */
      coldAfterWrite: figures(cold),
      /** After an item's edit. */
      coldAfterItemWrite: figures(coldItem),
      /** After an outfit's edit (that outfit read again). */
      coldAfterOutfitWrite: figures(coldOutfit),
      /** After a settings write that changes no item (the week's first day). */
      coldAfterSettingsWrite: figures(coldSettings),
      idleCpuPerSecondMs: round(idlePerMs * 1000),
    };
  } finally {
    await stopServer(server);
    await rm(work, { recursive: true, force: true });
  }
}

const loadBefore = loadavg().map(round);
const request = process.env.SUGGESTIONS_BENCH_NO_SERVER ? undefined : await wholeRequest();
const baseline = BASE ? { server: BASE, request: await wholeRequest(BASE) } : undefined;
const result = {
  size: SIZE,
  /** The machine's load average (1, 5, 15 min) before and after the whole requests. */
  load: { before: loadBefore, after: loadavg().map(round) },
  targetMs: TARGET_MS,
  /** The whole GET /api/suggestions, server process CPU per request (the target's figure). */
  request,
  domain: {
    /** suggestOutfits on a preparation kept for the wardrobe version, as the server runs it. */
    onPrepared: {
      firstPage: figures(onPrepared.first),
      shuffle: figures(onPrepared.shuffle),
      styleThis: figures(onPrepared.styleThis),
    },
    /** Once per wardrobe version and day: prepareSuggestions (the wear index included). */
    prepare: figures(preparing),
    /** Once per wardrobe version: the wire-to-domain mapping (suggestions' fields only). */
    wireMapping: figures(mapping),
    /** suggestOutfits keeping nothing (preparation inside), for comparison. */
    unprepared: figures(first),
  },
  /** The same whole-request figures of the base build, in the same run. */
  base: baseline,
  pass:
    request === undefined
      ? undefined
      : Math.max(
          request.warm.firstPageMs,
          request.warm.shuffleMs,
          request.warm.styleThisMs,
          request.coldAfterWrite.medianMs,
          request.coldAfterItemWrite.medianMs,
          request.coldAfterOutfitWrite.medianMs,
          request.coldAfterSettingsWrite.medianMs,
        ) <= TARGET_MS,
};
console.log(JSON.stringify(result, null, 2));
if (!process.env.SUGGESTIONS_BENCH_QUICK) writeResult('suggestions', result);
