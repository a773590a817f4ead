/**
 * Scaling out (README "Scaling out"): GET /api/users throughput through a round-robin proxy with
 * two server processes against one, side by side in one run. Both sides are the same cluster
 * (e2e/cluster.ts: PostgreSQL, Redis, an s3rver bucket, two processes): one proxy sends requests
 * to both processes, another to the first only, and the rounds alternate between them so that
 * both see the same machine load. One account (seeded through the API, bench/lib/server.ts), its
 * wardrobe gzip-encoded as the web app asks for it, 16 connections, ROUND_SECONDS per round.
 *
 * The load generator runs in a worker thread, the proxies in this process's main thread, and all
 * of it shares the machine's cores with the servers: on two cores two processes cannot double the
 * figure; what it shows is that requests spread and nothing serializes on one process.
 *
 * Run: npx tsx bench/scale-out.bench.ts   (writes bench/results/scale-out.json; needs npm run build)
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startCluster, startProxy } from '../e2e/cluster.js';
import { seed, signUp } from './lib/server.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 5);
const SIZE = { items: 100, outfits: 20, days: 60 };

interface Round {
  side: 'one process' | 'two processes';
  requestsPerSecond: number;
  p50Ms: number;
  p97_5Ms: number;
  errors: number;
  non2xx: number;
}

async function main() {
  const cluster = await startCluster({
    processes: 2,
    env: { SMTP_URL: '', CUTOUT: 'off', COLOUR_BACKFILL: 'off', LOG_LEVEL: 'error' },
  });
  const single = await startProxy(() => cluster.backends.slice(0, 1));
  try {
    const session = await signUp(cluster.url, 'bench-scale@example.test');
    await seed(cluster.url, session, SIZE);
    const headers = {
      authorization: `Bearer ${session.token}`,
      accept: 'application/vnd.hanger.wardrobe+json; v=2',
      'accept-encoding': 'gzip',
    };
    const sides = { 'two processes': cluster.url, 'one process': single.url } as const;
    // Warm both processes' caches of the wardrobe.
    for (let i = 0; i < 4; i++) await fetch(`${cluster.url}/api/users`, { headers });

    const rounds: Round[] = [];
    const loads: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order =
        r % 2 === 0
          ? (['one process', 'two processes'] as const)
          : (['two processes', 'one process'] as const);
      for (const side of order) {
        loads.push(loadavg()[0]!);
        const result = await autocannon({
          url: `${sides[side]}/api/users`,
          connections: 16,
          duration: ROUND_SECONDS,
          headers,
          workers: 1,
        });
        rounds.push({
          side,
          requestsPerSecond: result.requests.average,
          p50Ms: result.latency.p50,
          p97_5Ms: result.latency.p97_5,
          errors: result.errors,
          non2xx: result.non2xx,
        });
        console.log(
          side,
          Math.round(result.requests.average),
          'req/s',
          'p50',
          result.latency.p50,
          'ms',
        );
      }
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.floor(s.length / 2)]!;
    };
    const of = (side: Round['side']) => rounds.filter((x) => x.side === side);
    const summary = (side: Round['side']) => ({
      requestsPerSecond: Math.round(median(of(side).map((x) => x.requestsPerSecond))),
      p50Ms: median(of(side).map((x) => x.p50Ms)),
      p97_5Ms: median(of(side).map((x) => x.p97_5Ms)),
    });
    const one = summary('one process');
    const two = summary('two processes');
    const served = Object.fromEntries(cluster.proxy.served);
    const out = {
      bench: 'scale-out',
      date: new Date().toISOString(),
      cores: availableParallelism(),
      loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads) },
      wardrobe: SIZE,
      request: 'GET /api/users, columns form (the web app), gzip, 16 connections',
      roundSeconds: ROUND_SECONDS,
      oneProcess: one,
      twoProcesses: two,
      ratio: Math.round((two.requestsPerSecond / one.requestsPerSecond) * 100) / 100,
      requestsServedThroughTheTwoProcessProxy: served,
      rounds,
    };
    writeFileSync(
      join(import.meta.dirname, 'results/scale-out.json'),
      `${JSON.stringify(out, null, 2)}\n`,
    );
    console.log(JSON.stringify({ oneProcess: one, twoProcesses: two, ratio: out.ratio }));
  } finally {
    await single.close();
    await cluster.close();
  }
}

await main();
