/**
 * A hundred accounts of 1,000 items each on one server process (README, Benchmarks): the per-user
 * wardrobe cache is bounded (WARDROBE_CACHE_MB, LRU by bytes), so RSS stays <= 300 MB under a load
 * that touches every account, and GET /api/users keeps p95 <= 50 ms at 16 connections.
 *
 * Accounts sign up through the API (each from its own client address, TRUST_PROXY set, so the
 * per-address sign-up limit does not stop the bench); their wardrobes (bench/generate-wardrobe.ts,
 * 1,000 items, 200 outfits, a year of calendar, one seed per account) are written straight into
 * the stopped server's SQLite database (bench/lib/seed-rows.ts). Then the built server starts cold:
 * every account is fetched once in turn (each a cache miss), then 16 connections ask for random
 * accounts' wardrobes (gzip, as browsers do) for BENCH_LOAD_SECONDS. RSS is sampled throughout.
 * With BENCH_BASE_SERVER (the previous commit's dist/server.js) the same load runs against it on
 * the same data, one after the other, BENCH_REPS times in alternating order.
 *
 * Run: npx tsx bench/accounts.bench.ts   (writes bench/results/accounts.json)
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { generateWireWardrobe } from './generate-wardrobe.js';
import { freePort, median, percentile, round } from './lib/measure.js';
import { insertWardrobeRows } from './lib/seed-rows.js';
import {
  accessToken,
  rssMb,
  SERVER,
  signUp,
  startServer,
  stopServer,
  type Session,
} from './lib/server.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/accounts.json');
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const REPS = Number(process.env.BENCH_REPS ?? 2);
const BASE = process.env.BENCH_BASE_SERVER;
const CONNECTIONS = 16;
const TARGETS = { rssMb: 300, p95Ms: 50 };

/** Each account's client address, so per-address limits see a hundred clients. */
const addressOf = (i: number) => ({ 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` });

/** The generated wardrobe with ids of its own (the generator numbers every wardrobe alike). */
function wardrobeFor(i: number) {
  const { wardrobe } = generateWireWardrobe({ items: ITEMS, outfits: 200, days: 365, seed: i + 1 });
  const json = JSON.stringify(wardrobe).replace(/"(item|outfit)-(\d{6})"/g, `"$1-a${i}-$2"`);
  return JSON.parse(json) as typeof wardrobe;
}

async function prepare(dataDir: string, port: number): Promise<Session[]> {
  const env = { TRUST_PROXY: 'true' };
  const server = await startServer(dataDir, port, { env });
  const sessions: Session[] = [];
  for (let i = 0; i < ACCOUNTS; i++)
    sessions.push(await signUp(server.url, `account${i}@example.test`, addressOf(i)));
  await stopServer(server);
  const db = new Database(join(dataDir, 'hanger.db'));
  try {
    const ids = db.prepare('SELECT id, email FROM "user"').all() as { id: string; email: string }[];
    const idOf = new Map(ids.map((u) => [u.email, u.id]));
    for (let i = 0; i < ACCOUNTS; i++) {
      const userId = idOf.get(`account${i}@example.test`)!;
      const photo = (kind: string, n: number) => ({
        image: `${userId}/${kind}-${n}-display.webp`,
        thumb: `${userId}/${kind}-${n}-thumb.webp`,
      });
      insertWardrobeRows(db, userId, wardrobeFor(i), {
        item: (n) => photo('item', n),
        outfit: (n) => photo('outfit', n),
      });
    }
  } finally {
    db.close();
  }
  return sessions;
}

interface Outcome {
  firstTouchMs: { median: number; p95: number };
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  rssMaxMb: number;
  rssAfterMb: number;
  non2xx: number;
  errors: number;
}

async function run(dataDir: string, port: number, sessions: Session[], server?: string) {
  const env = { TRUST_PROXY: 'true' };
  const hanger = await startServer(dataDir, port, { server, env });
  const pid = hanger.process.pid!;
  let rssMax = rssMb(pid);
  const sampler = setInterval(() => {
    if (hanger.process.exitCode === null) rssMax = Math.max(rssMax, rssMb(pid));
  }, 200);
  try {
    const tokens: string[] = [];
    for (let i = 0; i < sessions.length; i++)
      tokens.push(await accessToken(hanger.url, sessions[i]!.sessionToken, addressOf(i)));
    const url = `${hanger.url}/api/users`;
    // Every account once, in turn: each is built and serialized (a cache miss).
    const first: number[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const started = performance.now();
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${tokens[i]}`, 'accept-encoding': 'gzip' },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/users answered ${response.status}`);
      first.push(performance.now() - started);
    }
    // Then random accounts from 16 connections.
    const times: number[] = [];
    const instance = autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (request: { headers: Record<string, string> }) => {
            const i = Math.floor(Math.random() * tokens.length);
            request.headers = {
              ...request.headers,
              authorization: `Bearer ${tokens[i]}`,
              'accept-encoding': 'gzip',
              ...addressOf(i),
            };
            return request;
          },
        },
      ],
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
      times.push(ms),
    );
    const result = await new Promise<{
      requests: { total: number; average: number };
      non2xx: number;
      errors: number;
    }>((resolve, reject) => instance.on('done', resolve).on('error', reject));
    await new Promise((r) => setTimeout(r, 1000));
    const outcome: Outcome = {
      firstTouchMs: { median: round(median(first)), p95: round(percentile(first, 95)) },
      requests: result.requests.total,
      requestsPerSecond: round(result.requests.average),
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
      p99Ms: round(percentile(times, 99)),
      rssMaxMb: rssMax,
      rssAfterMb: rssMb(pid),
      non2xx: result.non2xx,
      errors: result.errors,
    };
    return outcome;
  } finally {
    clearInterval(sampler);
    await stopServer(hanger);
  }
}

async function main(): Promise<void> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  const loadAverageAtStart = loadavg().map((n) => round(n));
  const dataDir = mkdtempSync(join(tmpdir(), 'hanger-accounts-'));
  const port = await freePort();
  try {
    console.log(`${ACCOUNTS} accounts of ${ITEMS} items…`);
    const sessions = await prepare(dataDir, port);
    const runs: { hanger: Outcome[]; base: Outcome[] } = { hanger: [], base: [] };
    for (let rep = 0; rep < REPS; rep++) {
      const order: ('hanger' | 'base')[] = BASE ? ['hanger', 'base'] : ['hanger'];
      for (const who of rep % 2 ? order.reverse() : order) {
        console.log(`repetition ${rep + 1}/${REPS}: ${who}…`);
        const outcome = await run(dataDir, port, sessions, who === 'base' ? BASE : undefined);
        console.log(outcome);
        runs[who].push(outcome);
      }
    }
    const summarize = (list: Outcome[]) => ({
      p95Ms: round(median(list.map((o) => o.p95Ms))),
      p50Ms: round(median(list.map((o) => o.p50Ms))),
      requestsPerSecond: round(median(list.map((o) => o.requestsPerSecond))),
      rssMaxMb: round(median(list.map((o) => o.rssMaxMb))),
      rssAfterMb: round(median(list.map((o) => o.rssAfterMb))),
      firstTouchMedianMs: round(median(list.map((o) => o.firstTouchMs.median))),
      runs: list,
    });
    const hanger = summarize(runs.hanger);
    const base = runs.base.length > 0 ? summarize(runs.base) : undefined;
    const result = {
      benchmark: `${ACCOUNTS} accounts of ${ITEMS} items on one process: RSS and GET /api/users p95`,
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      loadAverageAtStart,
      loadAverageAtEnd: loadavg().map((n) => round(n)),
      accounts: ACCOUNTS,
      itemsPerAccount: ITEMS,
      connections: CONNECTIONS,
      loadSeconds: SECONDS,
      repetitions: REPS,
      wardrobeCacheMb: process.env.WARDROBE_CACHE_MB ?? 'default (128)',
      targets: TARGETS,
      pass: { rss: hanger.rssMaxMb <= TARGETS.rssMb, p95: hanger.p95Ms <= TARGETS.p95Ms },
      hanger,
      ...(base
        ? {
            previousCommit: base,
            ratios: {
              rssMax: round(hanger.rssMaxMb / base.rssMaxMb, 3),
              p95: round(hanger.p95Ms / base.p95Ms, 3),
              requestsPerSecond: round(hanger.requestsPerSecond / base.requestsPerSecond, 3),
            },
          }
        : {}),
      note: 'every account is fetched once in turn after a cold start, then 16 connections ask for random accounts (gzip) for loadSeconds; RSS sampled every 200 ms from /proc; autocannon shares the two cores',
    };
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify({ ...result, hanger: { ...hanger, runs: undefined } }, null, 2));
    console.log(`wrote ${OUT}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
