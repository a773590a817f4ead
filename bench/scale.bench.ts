/**
 * Scale benchmark (issue 15): the GET /api/users answer of one large account, 10,000 items,
 * 2,000 outfits and 3 years of calendar (bench/generate-wardrobe.ts, seed 7), every record with
 * photo files of its own (distinct URLs, as in a real wardrobe).
 *
 * Targets: the answer <= 400 kB gzip; server p50 <= 20 ms.
 *
 * Figures, for each server: raw and gzip bytes of the answer as the server sends them; p50/p95
 * of a cached answer (sequential, gzip accepted, client on the same host); p50 of a rebuilt
 * answer (each request follows a write, so the wardrobe is read and serialized again).
 *
 * Side by side: with BASE_REF=<commit> (e.g. BASE_REF=HEAD~1) the bench checks that commit out
 * into a temporary git worktree, builds its domain and server there, and runs both servers at
 * once on copies of the same data, alternating requests between them so that both see the same
 * machine load; the result holds both figures and their ratio. Without BASE_REF only the
 * current build (packages/server/dist, `npm run build` first) is measured.
 *
 * Run: BASE_REF=HEAD~1 npx tsx bench/scale.bench.ts   (writes bench/results/scale.json)
 * Sizes: BENCH_ITEMS, BENCH_OUTFITS, BENCH_DAYS (defaults 10000, 2000, 1095).
 */
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  freePort,
  percentile,
  round,
  seedAccount,
  startServer,
  stopServer,
  writeResult,
} from './lib/browser-harness.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const OUTFITS = Number(process.env.BENCH_OUTFITS ?? 2_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 3 * 365);
const CACHED_RUNS = Number(process.env.BENCH_RUNS ?? 200);
const REBUILD_RUNS = Number(process.env.BENCH_REBUILD_RUNS ?? 20);
const BASE_REF = process.env.BASE_REF;
const CURRENT_SERVER = join(ROOT, 'packages/server/dist/server.js');

const TARGETS = { gzipKb: 400, p50Ms: 20 };

/**
 * Builds `ref` in a temporary worktree whose node_modules point at this checkout's (except the
 * workspace packages, which point at the worktree's own), and answers its server entry point.
 */
function buildBase(ref: string): { serverJs: string; commit: string; cleanup(): void } {
  const commit = execFileSync('git', ['rev-parse', ref], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'hanger-base-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'ignore' });
  const linkModules = (from: string, to: string, skip: string[] = []) => {
    if (!existsSync(from)) return;
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (!skip.includes(name)) symlinkSync(join(from, name), join(to, name));
    }
  };
  linkModules(join(ROOT, 'node_modules'), join(dir, 'node_modules'), ['@hanger']);
  mkdirSync(join(dir, 'node_modules/@hanger'), { recursive: true });
  for (const pkg of readdirSync(join(ROOT, 'node_modules/@hanger'))) {
    symlinkSync(join(dir, 'packages', pkg), join(dir, 'node_modules/@hanger', pkg));
  }
  for (const pkg of ['domain', 'server']) {
    linkModules(
      join(ROOT, 'packages', pkg, 'node_modules'),
      join(dir, 'packages', pkg, 'node_modules'),
    );
  }
  console.log(`building ${commit.slice(0, 10)} in ${dir}`);
  execFileSync('npx', ['tsc', '-p', 'packages/domain/tsconfig.build.json'], {
    cwd: dir,
    stdio: 'inherit',
  });
  execFileSync('npm', ['run', 'build'], { cwd: join(dir, 'packages/server'), stdio: 'ignore' });
  return {
    serverJs: join(dir, 'packages/server/dist/server.js'),
    commit,
    cleanup() {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
    },
  };
}

interface Answer {
  status: number;
  bytes: number;
  ms: number;
  encoding: string | undefined;
  body: Buffer;
}

/** One GET over a fresh connection-less request; the body is read whole, never decoded. */
function get(url: string, token: string, gzip: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        headers: {
          authorization: `Bearer ${token}`,
          ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: body.length,
            ms: performance.now() - started,
            encoding: res.headers['content-encoding'],
            body,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const session = response.headers.get('set-auth-token');
  if (!response.ok || !session) throw new Error(`sign-in answered ${response.status}`);
  const token = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${session}` },
  });
  if (!token.ok) throw new Error(`token answered ${token.status}`);
  return ((await token.json()) as { token: string }).token;
}

interface Subject {
  name: string;
  server: ChildProcess;
  baseUrl: string;
  token: string;
  itemId: string;
  cached: number[];
  rebuilt: number[];
  rawBytes: number;
  gzipBytes: number;
  photoUrlSample: string;
  wireShare?: Record<string, number>;
}

/** What share of the raw answer each kind of content takes (to see what dominates). */
function shares(json: string): Record<string, number> {
  const wardrobe = JSON.parse(json) as {
    clothes: Record<string, Record<string, unknown>>;
    outfits: Record<string, Record<string, unknown>>;
    calendar: Record<string, unknown>;
  };
  const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
  let urls = 0;
  for (const r of [...Object.values(wardrobe.clothes), ...Object.values(wardrobe.outfits)]) {
    urls += size(r.image) + size(r.thumbnail);
  }
  const total = Buffer.byteLength(json);
  return {
    clothes: round(size(wardrobe.clothes) / total, 3),
    outfits: round(size(wardrobe.outfits) / total, 3),
    calendar: round(size(wardrobe.calendar) / total, 3),
    photoUrls: round(urls / total, 3),
  };
}

async function prepare(
  name: string,
  serverJs: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<Subject> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const previous = process.env.SERVER_JS;
  process.env.SERVER_JS = serverJs;
  const server = await startServer(dataDir, port, { WEB_DIR: join(dataDir, 'no-web') });
  if (previous === undefined) delete process.env.SERVER_JS;
  else process.env.SERVER_JS = previous;
  const token = await signIn(baseUrl, email, password);
  const url = `${baseUrl}/api/users`;
  const raw = await get(url, token, false);
  if (raw.status !== 200) throw new Error(`${name}: GET users answered ${raw.status}`);
  const gz = await get(url, token, true);
  if (gz.encoding !== 'gzip') throw new Error(`${name}: the answer was not gzipped`);
  const json = raw.body.toString('utf8');
  const wardrobe = JSON.parse(json) as { clothes: Record<string, { id: string; image: string }> };
  const first = Object.values(wardrobe.clothes)[0]!;
  return {
    name,
    server,
    baseUrl,
    token,
    itemId: first.id,
    cached: [],
    rebuilt: [],
    rawBytes: raw.bytes,
    gzipBytes: gz.bytes,
    photoUrlSample: first.image,
    wireShare: shares(json),
  };
}

async function main(): Promise<void> {
  const base = BASE_REF ? buildBase(BASE_REF) : undefined;
  const seedServer = base?.serverJs ?? CURRENT_SERVER;
  // Seed with the oldest server so that the newer one migrates the copy forward.
  process.env.SERVER_JS = seedServer;
  console.log(`seeding ${ITEMS} items, ${OUTFITS} outfits, ${DAYS} days`);
  const account = await seedAccount({
    items: ITEMS,
    outfits: OUTFITS,
    days: DAYS,
    ownPhotoFiles: true,
  });
  delete process.env.SERVER_JS;

  const subjects: Subject[] = [];
  try {
    if (base) {
      const baseDir = join(account.work, 'data-base');
      cpSync(account.dataDir, baseDir, { recursive: true });
      subjects.push(await prepare('base', base.serverJs, baseDir, account.email, account.password));
    }
    subjects.push(
      await prepare('current', CURRENT_SERVER, account.dataDir, account.email, account.password),
    );

    // Warm-up, then alternate: both servers see the same load.
    for (let i = 0; i < 10; i++) {
      for (const s of subjects) await get(`${s.baseUrl}/api/users`, s.token, true);
    }
    for (let i = 0; i < CACHED_RUNS; i++) {
      for (const s of subjects)
        s.cached.push((await get(`${s.baseUrl}/api/users`, s.token, true)).ms);
    }
    for (let i = 0; i < REBUILD_RUNS; i++) {
      for (const s of subjects) {
        const form = new FormData();
        form.set('updates', JSON.stringify({ brand: `Bench ${i}` }));
        const patch = await fetch(`${s.baseUrl}/api/clothes/${s.itemId}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${s.token}` },
          body: form,
        });
        if (!patch.ok) throw new Error(`${s.name}: PATCH answered ${patch.status}`);
        s.rebuilt.push((await get(`${s.baseUrl}/api/users`, s.token, true)).ms);
      }
    }
  } finally {
    for (const s of subjects) await stopServer(s.server);
    rmSync(account.work, { recursive: true, force: true });
    base?.cleanup();
  }

  const figures = (s: Subject) => ({
    rawKb: round(s.rawBytes / 1000, 1),
    gzipKb: round(s.gzipBytes / 1000, 1),
    cachedP50Ms: round(percentile(s.cached, 50)),
    cachedP95Ms: round(percentile(s.cached, 95)),
    rebuiltP50Ms: round(percentile(s.rebuilt, 50)),
    photoUrlSample: s.photoUrlSample,
    rawShare: s.wireShare,
  });
  const current = subjects.find((s) => s.name === 'current')!;
  const previous = subjects.find((s) => s.name === 'base');
  const now = figures(current);
  writeResult('scale', {
    seeded: account.seeded,
    runs: { cached: CACHED_RUNS, rebuilt: REBUILD_RUNS },
    targets: TARGETS,
    current: now,
    ...(previous && base
      ? {
          base: { commit: base.commit, ...figures(previous) },
          ratio: {
            gzipBytes: round(current.gzipBytes / previous.gzipBytes, 3),
            rawBytes: round(current.rawBytes / previous.rawBytes, 3),
            cachedP50: round(percentile(current.cached, 50) / percentile(previous.cached, 50), 3),
            rebuiltP50: round(
              percentile(current.rebuilt, 50) / percentile(previous.rebuilt, 50),
              3,
            ),
          },
        }
      : {}),
    met: { gzip: now.gzipKb <= TARGETS.gzipKb, p50: now.cachedP50Ms <= TARGETS.p50Ms },
    note: 'Client and server share the 2-core machine; ratios are measured in one run, requests alternating between the two servers.',
  });
}

await main();
