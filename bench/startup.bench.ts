/**
 * Cold start to the first 200 and idle RSS of the built server (`npm run build` first), side by
 * side with the previous commit's server (docs/performance.md: <= 0.5 s and <= 90 MB).
 *
 * Two data directories: a fresh one (a new empty directory each start: the database is created
 * and every migration runs) and an existing one (the server's own data directory after a first
 * start, with migrations applied and an account of 1,000 items, 200 outfits and a year of
 * calendar written into it). A start is the time from spawn to the first 200 of GET /api/health,
 * polled every 2 ms; the process's CPU time at that moment is read from /proc (it is less swayed
 * by other load on the machine than the wall time); the idle RSS is read 3 s later.
 *
 * The previous commit's server is a dist/server.js built in a git worktree:
 *   git worktree add /tmp/serverstart-base <commit> (link node_modules, build domain and server)
 *   BENCH_BASE_SERVER=/tmp/serverstart-base/packages/server/dist/server.js npx tsx bench/startup.bench.ts
 * Both servers take turns, start by start (BENCH_STARTS, default 7 of each per data directory),
 * and serve the same web build (WEB_DIR, this tree's packages/web/dist when it exists). Figures
 * are medians; ratios are this server's median over the previous one's.
 *
 * Run: npx tsx bench/startup.bench.ts   (writes bench/results/startup.json)
 *
 * The servers run on the Node that runs the bench. For Node 24 (the Node of
 * scripts/test-node-lts.sh, whose preload loads better-sqlite3 built for it), with its compile
 * cache (dist/server.js turns it on; each server's first start fills it):
 *   NODE_OPTIONS="--require <cache>/better-sqlite3-…/preload.cjs" BENCH_OUT=bench/results/startup-node24.json \
 *     <cache>/node-24…/node_modules/node/bin/node node_modules/tsx/dist/cli.mjs bench/startup.bench.ts
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { generateWireWardrobe } from './generate-wardrobe.js';
import { freePort, median, round } from './lib/measure.js';
import { insertWardrobeRows } from './lib/seed-rows.js';
import { cpuMs, rssMb, SERVER, signUp, startServer, stopServer } from './lib/server.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = process.env.BENCH_OUT ?? join(ROOT, 'bench/results/startup.json');
const BASE = process.env.BENCH_BASE_SERVER;
const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const IDLE_MS = 3000;
const WEB_DIR = join(ROOT, 'packages/web/dist');
const TARGETS = { coldStartMs: 500, idleRssMb: 90 };

interface Start {
  ms: number;
  cpuMs: number;
  idleRssMb: number;
}

async function coldStart(server: string, dataDir: string, port: number): Promise<Start> {
  const env: Record<string, string> = existsSync(WEB_DIR) ? { WEB_DIR } : {};
  const started = await startServer(dataDir, port, { server, env });
  const cpu = cpuMs(started.process.pid!);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleRss = rssMb(started.process.pid!);
  await stopServer(started);
  return { ms: round(started.startMs), cpuMs: round(cpu), idleRssMb: idleRss };
}

/** The server's own data directory after a first start, with an account of 1,000 items. */
async function existingDataDir(port: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'hanger-startup-existing-'));
  const server = await startServer(dir, port);
  await signUp(server.url, 'startup@example.test');
  await stopServer(server);
  const db = new Database(join(dir, 'hanger.db'));
  try {
    const { id } = db.prepare('SELECT id FROM "user"').get() as { id: string };
    const { wardrobe } = generateWireWardrobe({ items: 1000, outfits: 200, days: 365, seed: 7 });
    insertWardrobeRows(db, id, wardrobe, {
      item: (i) => ({ image: `${id}/item-${i}-display.webp`, thumb: `${id}/item-${i}-thumb.webp` }),
      outfit: (i) => ({
        image: `${id}/outfit-${i}-display.webp`,
        thumb: `${id}/outfit-${i}-thumb.webp`,
      }),
    });
  } finally {
    db.close();
  }
  return dir;
}

function summary(list: Start[]) {
  return {
    medianMs: round(median(list.map((s) => s.ms))),
    medianCpuMs: round(median(list.map((s) => s.cpuMs))),
    medianIdleRssMb: round(median(list.map((s) => s.idleRssMb))),
    runs: list,
  };
}

async function main(): Promise<void> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  const loadAverageAtStart = loadavg().map((n) => round(n));
  const port = await freePort();
  const existing = await existingDataDir(port);
  const fresh: string[] = [];
  const servers = BASE ? { hanger: SERVER, base: BASE } : { hanger: SERVER };
  const runs: Record<string, Record<'fresh' | 'existing', Start[]>> = {};
  for (const name of Object.keys(servers)) runs[name] = { fresh: [], existing: [] };
  try {
    for (let i = 0; i < STARTS; i++) {
      const order = Object.entries(servers);
      if (i % 2) order.reverse();
      for (const [name, server] of order) {
        const dir = mkdtempSync(join(tmpdir(), 'hanger-startup-fresh-'));
        fresh.push(dir);
        runs[name]!.fresh.push(await coldStart(server, dir, port));
        runs[name]!.existing.push(await coldStart(server, existing, port));
      }
      console.log(`start ${i + 1}/${STARTS}`, JSON.stringify(runs.hanger!.existing.at(-1)));
    }
    const results = Object.fromEntries(
      Object.entries(runs).map(([name, r]) => [
        name,
        { fresh: summary(r.fresh), existing: summary(r.existing) },
      ]),
    );
    const hanger = results.hanger!;
    const base = results.base;
    const ratio = (a: number, b: number) => round(a / b, 3);
    const result = {
      benchmark: 'Cold start to first 200 (GET /api/health) and idle RSS, built server',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      loadAverageAtStart,
      loadAverageAtEnd: loadavg().map((n) => round(n)),
      startsPerServerAndDataDir: STARTS,
      previousCommitServer: BASE ?? null,
      targets: TARGETS,
      pass: {
        coldStartFresh: hanger.fresh.medianMs <= TARGETS.coldStartMs,
        coldStartExisting: hanger.existing.medianMs <= TARGETS.coldStartMs,
        idleRss: hanger.existing.medianIdleRssMb <= TARGETS.idleRssMb,
      },
      hanger,
      ...(base
        ? {
            previousCommit: base,
            ratios: Object.fromEntries(
              (['fresh', 'existing'] as const).map((d) => [
                d,
                {
                  coldStart: ratio(hanger[d].medianMs, base[d].medianMs),
                  cpu: ratio(hanger[d].medianCpuMs, base[d].medianCpuMs),
                  idleRss: ratio(hanger[d].medianIdleRssMb, base[d].medianIdleRssMb),
                },
              ]),
            ),
          }
        : {}),
      note: 'spawn to first 200 from GET /api/health (polled every 2 ms); CPU = user+system time of the server process at that moment; idle RSS 3 s later; servers take turns start by start; the machine is shared: see the load averages',
    };
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    const brief = (s: typeof hanger) => ({
      fresh: { ...s.fresh, runs: undefined },
      existing: { ...s.existing, runs: undefined },
    });
    console.log(
      JSON.stringify(
        { ...result, hanger: brief(hanger), previousCommit: base ? brief(base) : undefined },
        null,
        2,
      ),
    );
    console.log(`wrote ${OUT}`);
  } finally {
    for (const dir of [existing, ...fresh]) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
