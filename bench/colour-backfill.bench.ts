/**
 * Reads during the colour backfill (README, "Colours"): GET /api/users latency while the server
 * works through the colours of 10,000 items that have none (as an upgrade leaves them), against
 * the same server's reads when idle, side by side in one run.
 * Target: p95 during the backfill <= 1.5x the idle p95, 2-core machine.
 *
 * Run: npm run build -w @hanger/domain && npm run build -w @hanger/server
 *      npx tsx bench/colour-backfill.bench.ts   (writes bench/results/colour-backfill.json)
 *
 * One data folder seeded by bench/lib/browser-harness.ts (10,000 items written straight into the
 * database, so none has colours yet; their photos are 8 real uploads shared by the rows). Then:
 *  1. the built server with COLOUR_BACKFILL=off, warmed up (WARM_UP_READS): READERS clients read
 *     GET /api/users one after another (keep-alive, gzip) for IDLE_READS reads: the idle figures;
 *  2. the same data, the server restarted with the backfill on (the default): it queues the
 *     'colours' jobs at start, and the same readers read until no item waits any more (counted
 *     once a second in the database, read-only): the figures during the backfill, its duration
 *     and its rate;
 *  3. the same server once the backfill is done: idle again.
 *
 * BENCH_ITEMS (default 10000), BENCH_READERS (default 2).
 */
import { rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  freePort,
  round,
  seedAccount,
  startServer,
  stopServer,
  writeResult,
} from './lib/browser-harness.js';
import { getUsers, latencySummary } from './lib/reads.js';
import { accessTokenFor } from './lib/server.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const READERS = Number(process.env.BENCH_READERS ?? 2);
const IDLE_READS = 600;
const WARM_UP_READS = 300;
const TARGET_RATIO = 1.5;

async function readIdle(url: string, token: string, agents: Agent[]): Promise<number[]> {
  const idle: number[] = [];
  await Promise.all(
    agents.map(async (agent) => {
      for (let i = 0; i < IDLE_READS / agents.length; i++)
        idle.push(await getUsers(url, token, agent));
    }),
  );
  return idle;
}

async function main(): Promise<void> {
  const loadAverageAtStart = loadavg().map((n) => round(n, 1));
  const seeded = await seedAccount({ items: ITEMS, outfits: 200, days: 365 });
  const env = { WEB_DIR: join(seeded.work, 'no-web-build'), LOG_LEVEL: 'warn' };
  const waiting = new Database(join(seeded.dataDir, 'hanger.db'), { readonly: true });
  const awaiting = () =>
    (
      waiting.prepare('SELECT count(*) AS n FROM clothes WHERE colors_source IS NULL').get() as {
        n: number;
      }
    ).n;
  try {
    const before = awaiting();
    if (before < ITEMS) throw new Error(`only ${before} items wait for colours`);

    // 1. Idle, with the backfill off.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let server = await startServer(seeded.dataDir, port, { ...env, COLOUR_BACKFILL: 'off' });
    let token = await accessTokenFor(url, seeded.email, seeded.password);
    let agents = Array.from({ length: READERS }, () => new Agent({ keepAlive: true }));
    for (let i = 0; i < WARM_UP_READS; i++) await getUsers(url, token, agents[0]!);
    const idleBefore = await readIdle(url, token, agents);
    for (const agent of agents) agent.destroy();
    await stopServer(server);
    if (awaiting() !== before) throw new Error('the backfill ran with COLOUR_BACKFILL=off');

    // 2. The same data, the backfill on: reads until no item waits.
    const start = performance.now();
    server = await startServer(seeded.dataDir, port, env);
    token = await accessTokenFor(url, seeded.email, seeded.password);
    agents = Array.from({ length: READERS }, () => new Agent({ keepAlive: true }));
    const during: number[] = [];
    let left = before;
    const watcher = setInterval(() => {
      left = awaiting();
    }, 1000);
    await Promise.all(
      agents.map(async (agent) => {
        while (left > 0) during.push(await getUsers(url, token, agent));
      }),
    );
    clearInterval(watcher);
    const backfillSeconds = (performance.now() - start) / 1000;

    // 3. Idle again, the backfill done.
    const idleAfter = await readIdle(url, token, agents);
    for (const agent of agents) agent.destroy();
    await stopServer(server);

    const idle = latencySummary(idleBefore);
    const duringBackfill = latencySummary(during);
    const idleAfterBackfill = latencySummary(idleAfter);
    const ratio = round(duringBackfill.p95Ms / idle.p95Ms, 2);
    const result = {
      benchmark: `GET /api/users during the colour backfill of ${before} items, against idle`,
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      seeded: seeded.seeded,
      readers: READERS,
      loadAverageAtStart,
      loadAverageAtEnd: loadavg().map((n) => round(n, 1)),
      idle,
      duringBackfill,
      idleAfterBackfill,
      p95RatioDuringVsIdle: ratio,
      p95RatioDuringVsIdleAfter: round(duringBackfill.p95Ms / idleAfterBackfill.p95Ms, 2),
      targetRatio: TARGET_RATIO,
      pass: ratio <= TARGET_RATIO,
      backfill: {
        items: before,
        seconds: round(backfillSeconds, 1),
        itemsPerSecond: round(before / backfillSeconds, 1),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult('colour-backfill', result);
  } finally {
    waiting.close();
    rmSync(seeded.work, { recursive: true, force: true });
  }
}

await main();
