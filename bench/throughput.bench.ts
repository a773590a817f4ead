/**
 * GET /api/users throughput against a bare node:http server serving the same bytes from memory
 * (bench/lib/bare-server.mjs), measured in the same run (docs/performance.md: >= 60 % of the bare
 * server). The built server (`npm run build` first) runs as its own process on a wardrobe of 1,000
 * items, 200 outfits and a year of calendar seeded through the API; the previous commit's server
 * (BENCH_BASE_SERVER, a dist/server.js built in a git worktree) runs on the same data in the same
 * run when given, so its figure is a ratio too.
 *
 * Cases, 16 connections each, autocannon: `gzip` (a full answer as browsers ask for it) and
 * `notModified` (the web app's revalidation with its ETag: 304).
 *
 * Two bare references: `bare` sends ETag, Vary and Cache-Control only (the reference of the
 * throughput target in docs/performance.md), `bareSameHeaders` every header Hanger's answer of the
 * same status carries (security, CORS and rate-limit headers, Hanger's Vary and Cache-Control, read
 * from Hanger's own 200 and 304), so that its 304 is the same bytes as Hanger's: a 304 is nothing
 * but its head, and each header written costs a bare node:http server a share of it. Servers take
 * turns per repetition (BENCH_REPS, default 3) so that load from the rest of the machine hits all
 * alike; medians are reported with the load average.
 *
 * Run: npx tsx bench/throughput.bench.ts   (writes bench/results/throughput.json)
 *   BENCH_DATA_DIR=/tmp/x keeps (and reuses) the seeded data directory.
 *   BENCH_CASES=notModified runs only the cases named (comma-separated), e.g. more and shorter
 *   repetitions of the 304 case (BENCH_REPS=7 BENCH_LOAD_SECONDS=3) on a machine whose load
 *   changes from one minute to the next.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort, median, round } from './lib/measure.js';
import {
  cpuMs,
  seed,
  SERVER,
  signIn,
  signUp,
  startServer,
  stopServer,
  type Server,
} from './lib/server.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench/results/throughput.json');
const BARE = join(ROOT, 'bench/lib/bare-server.mjs');
const BASE = process.env.BENCH_BASE_SERVER;
const REPS = Number(process.env.BENCH_REPS ?? 3);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const CONNECTIONS = 16;
const TARGET_SHARE = 0.6;
const CASES = process.env.BENCH_CASES?.split(',').map((name) => name.trim());

interface Run {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  cpuMsPerRequest: number;
}

async function load(url: string, headers: Record<string, string>, pid: number): Promise<Run> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.errors > 0 || (result.non2xx > 0 && !headers['if-none-match']))
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return {
    requestsPerSecond: round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    cpuMsPerRequest: round((cpuMs(pid) - before) / Math.max(1, result.requests.total), 3),
  };
}

async function startBare(
  port: number,
  files: { body: string; gzip: string; headers?: string },
  etag: string,
) {
  const args = [BARE, String(port), files.body, files.gzip, etag];
  if (files.headers) args.push(files.headers);
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return child;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  const loadAverageAtStart = loadavg().map((n) => round(n));
  const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hanger-throughput-'));
  const seeded = existsSync(join(dataDir, 'hanger.db'));
  mkdirSync(dataDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'hanger-throughput-bytes-'));
  const port = await freePort();
  try {
    let server: Server = await startServer(dataDir, port);
    let session;
    if (seeded) session = await signIn(server.url);
    else {
      session = await signUp(server.url);
      console.log('seeding through the API…');
      console.log(await seed(server.url, session, { items: 1000, outfits: 200, days: 365 }));
    }
    const token = session.token;
    const auth = { authorization: `Bearer ${token}` };
    const gzipHeaders = { ...auth, 'accept-encoding': 'gzip' };
    const first = await fetch(`${server.url}/api/users`, { headers: auth });
    const body = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get('etag') ?? '';
    // The compressed bytes exactly as the server sends them (fetch would decode them).
    const zipped = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request(`${server.url}/api/users`, { headers: gzipHeaders }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        });
        req.on('error', reject);
        req.end();
      }, reject);
    });
    if (!gunzipSync(zipped).equals(body)) throw new Error('gzip answer differs from the body');
    const files = { body: join(work, 'body.json'), gzip: join(work, 'body.json.gz') };
    writeFileSync(files.body, body);
    writeFileSync(files.gzip, zipped);
    // Every header of Hanger's answers, 200 and 304, but those the bare server writes itself.
    const own = new Set(['etag', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
    const headersOf = (answer: Response) => {
      const kept: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!own.has(name) && !name.startsWith('content-')) kept[name] = value;
      });
      return kept;
    };
    const revalidated = await fetch(`${server.url}/api/users`, {
      headers: { ...gzipHeaders, 'if-none-match': etag },
    });
    if (revalidated.status !== 304) throw new Error(`revalidation answered ${revalidated.status}`);
    const sameHeaders = { ok: headersOf(first), notModified: headersOf(revalidated) };
    const headersFile = join(work, 'headers.json');
    writeFileSync(headersFile, JSON.stringify(sameHeaders));

    const allCases = {
      gzip: gzipHeaders,
      notModified: { ...gzipHeaders, 'if-none-match': etag },
    };
    const cases = Object.fromEntries(
      Object.entries(allCases).filter(([name]) => CASES === undefined || CASES.includes(name)),
    ) as Partial<typeof allCases>;
    if (Object.keys(cases).length === 0) throw new Error(`no case named in BENCH_CASES`);
    type Name = 'hanger' | 'bare' | 'bareSameHeaders' | 'base';
    const runs: Record<string, Record<Name, Run[]>> = {};
    for (const name of Object.keys(cases))
      runs[name] = { hanger: [], bare: [], bareSameHeaders: [], base: [] };

    await stopServer(server);
    for (let rep = 0; rep < REPS; rep++) {
      console.log(`repetition ${rep + 1}/${REPS}…`);
      const contenders: Name[] = ['hanger', 'bare', 'bareSameHeaders'];
      if (BASE) contenders.push('base');
      for (const who of rep % 2 ? [...contenders].reverse() : contenders) {
        let pid: number;
        let stop: () => Promise<void>;
        let url: string;
        if (who === 'bare' || who === 'bareSameHeaders') {
          const child = await startBare(
            port,
            who === 'bare' ? files : { ...files, headers: headersFile },
            etag,
          );
          pid = child.pid!;
          url = `http://127.0.0.1:${port}/api/users`;
          stop = () => stopChild(child);
        } else {
          server = await startServer(dataDir, port, who === 'base' ? { server: BASE } : {});
          pid = server.process.pid!;
          url = `${server.url}/api/users`;
          const s = server;
          stop = () => stopServer(s);
        }
        // Warm-up: the wardrobe cache, the JIT, the gzip copy.
        await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: allCases.gzip });
        // Each server revalidates with its own ETag (the previous commit's answer differs).
        const own = (await fetch(url, { headers: gzipHeaders })).headers.get('etag') ?? etag;
        for (const [name, headers] of Object.entries(cases)) {
          const mine = name === 'notModified' ? { ...headers, 'if-none-match': own } : headers;
          runs[name]![who].push(await load(url, mine, pid));
        }
        await stop();
      }
    }

    const summary = Object.fromEntries(
      Object.entries(runs).map(([name, byServer]) => {
        const med = (list: Run[], key: keyof Run) => round(median(list.map((r) => r[key])));
        const of = (list: Run[]) =>
          list.length === 0
            ? undefined
            : {
                requestsPerSecond: med(list, 'requestsPerSecond'),
                latencyP50Ms: med(list, 'latencyP50Ms'),
                latencyP99Ms: med(list, 'latencyP99Ms'),
                cpuMsPerRequest: med(list, 'cpuMsPerRequest'),
                runs: list.map((r) => r.requestsPerSecond),
              };
        const hanger = of(byServer.hanger)!;
        const bare = of(byServer.bare)!;
        const bareSameHeaders = of(byServer.bareSameHeaders)!;
        const base = of(byServer.base);
        const shareOf = (mine: Run[], reference: Run[]) =>
          round(
            median(mine.map((r, i) => r.requestsPerSecond / reference[i]!.requestsPerSecond)),
            3,
          );
        // Ratios per repetition (servers ran back to back), then their median.
        const shares = byServer.hanger.map(
          (r, i) => r.requestsPerSecond / byServer.bare[i]!.requestsPerSecond,
        );
        const vsBase = byServer.base.map(
          (r, i) => byServer.hanger[i]!.requestsPerSecond / r.requestsPerSecond,
        );
        return [
          name,
          {
            hanger,
            bare,
            bareSameHeaders,
            ...(base ? { previousCommit: base } : {}),
            shareOfBare: round(median(shares), 3),
            shareOfBareSameHeaders: shareOf(byServer.hanger, byServer.bareSameHeaders),
            ...(base
              ? {
                  previousCommitShareOfBareSameHeaders: shareOf(
                    byServer.base,
                    byServer.bareSameHeaders,
                  ),
                }
              : {}),
            ...(base
              ? {
                  previousCommitShareOfBare: round(
                    median(
                      byServer.base.map(
                        (r, i) => r.requestsPerSecond / byServer.bare[i]!.requestsPerSecond,
                      ),
                    ),
                    3,
                  ),
                  speedupVsPreviousCommit: round(median(vsBase), 3),
                }
              : {}),
          },
        ];
      }),
    );

    const result = {
      benchmark: 'GET /api/users throughput vs a bare node:http server with the same bytes',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      loadAverageAtStart,
      loadAverageAtEnd: loadavg().map((n) => round(n)),
      wardrobe: {
        items: 1000,
        outfits: 200,
        days: 365,
        bodyBytes: body.length,
        gzipBytes: zipped.length,
      },
      connections: CONNECTIONS,
      secondsPerRun: SECONDS,
      repetitions: REPS,
      previousCommitServer: BASE ?? null,
      target: { shareOfBare: TARGET_SHARE },
      pass: Object.fromEntries(
        Object.entries(summary).map(([name, s]) => [name, s.shareOfBare >= TARGET_SHARE]),
      ),
      cases: summary,
      sameHeaders: {
        ok: Object.keys(sameHeaders.ok),
        notModified: Object.keys(sameHeaders.notModified),
      },
      note: "autocannon runs in this process on the same two cores as the servers; servers take turns per repetition; the bare servers send the same body bytes without a framework, auth, rate limit or log: `bare` with ETag, Vary and Cache-Control only (the reference of the target), `bareSameHeaders` with every header of Hanger's answer of the same status (sameHeaders: security, CORS, rate limit, Hanger's own Vary and Cache-Control), so that its 304 is the same bytes as Hanger's",
    };
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    console.log(`wrote ${OUT}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
