/**
 * Scale benchmark (README, Benchmarks): the GET /api/users answer of one large account, 10,000
 * items, 2,000 outfits and 3 years of calendar (bench/generate-wardrobe.ts, seed 7), every record
 * with photo files of its own, and ids and photo keys exactly as the server makes them (random
 * UUIDs; bench/lib/browser-harness.ts `serverKeys`): readable ids such as `item-000123` compress
 * far better than real ones and made an earlier version of this bench flatter the answer by half.
 *
 * Targets: the answer <= 400 kB gzip; server p50 <= 20 ms.
 *
 * Two kinds of account (BENCH_KEYS, default both): `record`, photos stored since keys are named
 * after their record (`<user>/<record id>-image.webp`), and `random`, photos stored before
 * (`<user>/<uuid>-image.webp`, one more UUID per record).
 *
 * Figures, for each server and account: raw, gzip and brotli bytes of each form of the answer as
 * the server sends them: the default maps of docs/spec.md §7, and the columns the web app asks for
 * (`Accept: application/vnd.hanger.wardrobe+json; v=2`; docs/wardrobe-wire.md); `app` is what the
 * web app's request (that Accept, and Chromium's `Accept-Encoding: gzip, deflate, br`) receives.
 * p50/p95 of a cached answer (sequential, client on the same host), default-gzip and app; p50 of a
 * rebuilt answer (each request follows a write, so the wardrobe is read and serialized again); and
 * the client's time to read the app's answer into wire records (JSON.parse, and the columns'
 * decode), median of 5, in this process.
 *
 * Side by side: with BASE_REF=<commit> (e.g. BASE_REF=HEAD~1) the bench checks that commit out
 * into a temporary git worktree, builds its domain and server there, and runs both servers at
 * once on copies of the same data, alternating requests between them so that both see the same
 * machine load; the result holds both figures and their ratio. The current server is
 * packages/server/dist (`npm run build` first), or CURRENT_REF=<commit> built the same way as the
 * base (so a bench never needs the shared dist rebuilt).
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
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  WARDROBE_COLUMNS_CONTENT_TYPE,
  decodeWardrobeColumns,
  isWardrobeColumns,
} from '../packages/domain/src/index.js';
import {
  ROOT,
  freePort,
  median,
  percentile,
  round,
  seedAccount,
  startServer,
  stopServer,
  writeResult,
} from './lib/browser-harness.js';
import { accessTokenFor } from './lib/server.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const OUTFITS = Number(process.env.BENCH_OUTFITS ?? 2_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 3 * 365);
const CACHED_RUNS = Number(process.env.BENCH_RUNS ?? 200);
const REBUILD_RUNS = Number(process.env.BENCH_REBUILD_RUNS ?? 20);
const BASE_REF = process.env.BASE_REF;
const CURRENT_REF = process.env.CURRENT_REF;
const KEY_MODES = (process.env.BENCH_KEYS ?? 'record,random').split(',').map((k) => k.trim()) as (
  'record' | 'random'
)[];

const TARGETS = { gzipKb: 400, p50Ms: 20 };

/** What the web app sends for the wardrobe (lib/api/users.ts), with Chromium's encodings. */
const APP_HEADERS = {
  accept: `${WARDROBE_COLUMNS_CONTENT_TYPE}, application/json;q=0.9`,
  'accept-encoding': 'gzip, deflate, br',
};

/**
 * Builds `ref` in a temporary worktree whose node_modules point at this checkout's (except the
 * workspace packages, which point at the worktree's own), and answers its server entry point.
 */
function buildRef(ref: string): { serverJs: string; commit: string; cleanup(): void } {
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
  type: string | undefined;
  body: Buffer;
}

/** One GET over a fresh connection; the body is read whole, never decoded. */
function get(url: string, token: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { headers: { authorization: `Bearer ${token}`, ...headers } },
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
            type: res.headers['content-type'],
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

function decoded(answer: Answer): Buffer {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body);
  if (answer.encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

interface Sizes {
  rawKb: number;
  gzipKb: number;
  brKb: number | null;
}

interface Subject {
  name: string;
  server: ChildProcess;
  baseUrl: string;
  token: string;
  itemId: string;
  cachedDefault: number[];
  cachedApp: number[];
  rebuiltApp: number[];
  rebuiltDefault: number[];
  maps: Sizes;
  /** null when the server does not know the columns (it answers the maps to the app). */
  columns: Sizes | null;
  /** What the app's request receives: form, encoding and bytes. */
  app: { form: 'columns' | 'maps'; encoding: string; kb: number };
  clientReadMs: number;
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

/** The client's reading of the app's answer into wire records (parse + decode), median of 5. */
function readMs(body: Buffer): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const json: unknown = JSON.parse(body.toString('utf8'));
    if (isWardrobeColumns(json)) decodeWardrobeColumns(json);
    times.push(performance.now() - started);
  }
  return median(times);
}

const kb = (bytes: number) => round(bytes / 1000, 1);

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
  const token = await accessTokenFor(baseUrl, email, password);
  const url = `${baseUrl}/api/users`;
  const raw = await get(url, token);
  if (raw.status !== 200) throw new Error(`${name}: GET users answered ${raw.status}`);
  const gz = await get(url, token, { 'accept-encoding': 'gzip' });
  if (gz.encoding !== 'gzip') throw new Error(`${name}: the answer was not gzipped`);
  const br = await get(url, token, { 'accept-encoding': 'br' });
  const maps: Sizes = {
    rawKb: kb(raw.bytes),
    gzipKb: kb(gz.bytes),
    brKb: br.encoding === 'br' ? kb(br.bytes) : null,
  };

  const accept = { accept: APP_HEADERS.accept };
  const columnsRaw = await get(url, token, accept);
  let columns: Sizes | null = null;
  if (columnsRaw.type?.startsWith(WARDROBE_COLUMNS_CONTENT_TYPE.split(';')[0]!)) {
    const cgz = await get(url, token, { ...accept, 'accept-encoding': 'gzip' });
    const cbr = await get(url, token, { ...accept, 'accept-encoding': 'br' });
    if (cgz.encoding !== 'gzip') throw new Error(`${name}: the columns were not gzipped`);
    // The columns read back to exactly the default answer.
    const back = JSON.stringify(decodeWardrobeColumns(JSON.parse(columnsRaw.body.toString())));
    const same = JSON.stringify(JSON.parse(raw.body.toString()));
    if (back.length !== same.length)
      throw new Error(`${name}: the columns do not read back to the default answer`);
    columns = {
      rawKb: kb(columnsRaw.bytes),
      gzipKb: kb(cgz.bytes),
      brKb: cbr.encoding === 'br' ? kb(cbr.bytes) : null,
    };
  }
  const app = await get(url, token, APP_HEADERS);
  const json = raw.body.toString('utf8');
  const wardrobe = JSON.parse(json) as { clothes: Record<string, { id: string; image: string }> };
  const first = Object.values(wardrobe.clothes)[0]!;
  return {
    name,
    server,
    baseUrl,
    token,
    itemId: first.id,
    cachedDefault: [],
    cachedApp: [],
    rebuiltApp: [],
    rebuiltDefault: [],
    maps,
    columns,
    app: {
      form: columns ? 'columns' : 'maps',
      encoding: app.encoding ?? 'identity',
      kb: kb(app.bytes),
    },
    clientReadMs: round(readMs(decoded(app))),
    photoUrlSample: first.image,
    wireShare: shares(json),
  };
}

async function measure(
  keys: 'record' | 'random',
  base: { serverJs: string; commit: string } | undefined,
  currentServer: string,
) {
  // Seed with the oldest server so that the newer one migrates the copy forward.
  process.env.SERVER_JS = base?.serverJs ?? currentServer;
  console.log(`seeding ${ITEMS} items, ${OUTFITS} outfits, ${DAYS} days; photo keys: ${keys}`);
  const account = await seedAccount({
    items: ITEMS,
    outfits: OUTFITS,
    days: DAYS,
    ownPhotoFiles: true,
    serverKeys: keys,
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
      await prepare('current', currentServer, account.dataDir, account.email, account.password),
    );

    const gzipOnly = { 'accept-encoding': 'gzip' };
    // Warm-up, then alternate: both servers see the same load.
    for (let i = 0; i < 10; i++) {
      for (const s of subjects) {
        await get(`${s.baseUrl}/api/users`, s.token, gzipOnly);
        await get(`${s.baseUrl}/api/users`, s.token, APP_HEADERS);
      }
    }
    for (let i = 0; i < CACHED_RUNS; i++) {
      for (const s of subjects) {
        s.cachedDefault.push((await get(`${s.baseUrl}/api/users`, s.token, gzipOnly)).ms);
        s.cachedApp.push((await get(`${s.baseUrl}/api/users`, s.token, APP_HEADERS)).ms);
      }
    }
    const patch = async (s: Subject, brand: string) => {
      const form = new FormData();
      form.set('updates', JSON.stringify({ brand }));
      const res = await fetch(`${s.baseUrl}/api/clothes/${s.itemId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${s.token}` },
        body: form,
      });
      if (!res.ok) throw new Error(`${s.name}: PATCH answered ${res.status}`);
    };
    for (let i = 0; i < REBUILD_RUNS; i++) {
      for (const s of subjects) {
        await patch(s, `Bench ${i}`);
        s.rebuiltApp.push((await get(`${s.baseUrl}/api/users`, s.token, APP_HEADERS)).ms);
        await patch(s, `Bench ${i}b`);
        s.rebuiltDefault.push((await get(`${s.baseUrl}/api/users`, s.token, gzipOnly)).ms);
      }
    }
  } finally {
    for (const s of subjects) await stopServer(s.server);
    rmSync(account.work, { recursive: true, force: true });
  }

  const figures = (s: Subject) => ({
    maps: s.maps,
    columns: s.columns,
    app: s.app,
    cachedP50Ms: {
      default: round(percentile(s.cachedDefault, 50)),
      app: round(percentile(s.cachedApp, 50)),
    },
    cachedP95Ms: {
      default: round(percentile(s.cachedDefault, 95)),
      app: round(percentile(s.cachedApp, 95)),
    },
    rebuiltP50Ms: {
      default: round(percentile(s.rebuiltDefault, 50)),
      app: round(percentile(s.rebuiltApp, 50)),
    },
    clientReadMs: s.clientReadMs,
    photoUrlSample: s.photoUrlSample,
    rawShare: s.wireShare,
  });
  const current = subjects.find((s) => s.name === 'current')!;
  const previous = subjects.find((s) => s.name === 'base');
  const now = figures(current);
  const ratio = (a: number, b: number) => round(a / b, 3);
  return {
    keys,
    seeded: account.seeded,
    current: now,
    ...(previous && base
      ? {
          base: { commit: base.commit, ...figures(previous) },
          ratio: {
            appKb: ratio(current.app.kb, previous.app.kb),
            mapsGzipKb: ratio(current.maps.gzipKb, previous.maps.gzipKb),
            mapsRawKb: ratio(current.maps.rawKb, previous.maps.rawKb),
            cachedAppP50: ratio(
              percentile(current.cachedApp, 50),
              percentile(previous.cachedApp, 50),
            ),
            cachedDefaultP50: ratio(
              percentile(current.cachedDefault, 50),
              percentile(previous.cachedDefault, 50),
            ),
            rebuiltAppP50: ratio(
              percentile(current.rebuiltApp, 50),
              percentile(previous.rebuiltApp, 50),
            ),
          },
        }
      : {}),
    met: {
      gzip: (now.columns?.gzipKb ?? now.maps.gzipKb) <= TARGETS.gzipKb,
      p50: now.cachedP50Ms.app <= TARGETS.p50Ms,
    },
  };
}

async function main(): Promise<void> {
  const base = BASE_REF ? buildRef(BASE_REF) : undefined;
  const built = CURRENT_REF ? buildRef(CURRENT_REF) : undefined;
  const currentServer =
    built?.serverJs ?? process.env.BENCH_SERVER_JS ?? join(ROOT, 'packages/server/dist/server.js');
  const results = [];
  try {
    for (const keys of KEY_MODES) results.push(await measure(keys, base, currentServer));
  } finally {
    base?.cleanup();
    built?.cleanup();
  }
  const primary = results[0]!;
  writeResult('scale', {
    runs: { cached: CACHED_RUNS, rebuilt: REBUILD_RUNS },
    targets: TARGETS,
    ...(built ? { currentCommit: built.commit } : {}),
    // The first kind of account (photo keys named after their record, unless BENCH_KEYS says
    // otherwise) is the headline; every kind is under `accounts`.
    seeded: primary.seeded,
    keys: primary.keys,
    current: primary.current,
    ...(primary.base ? { base: primary.base, ratio: primary.ratio } : {}),
    met: primary.met,
    accounts: results,
    note: 'Client and server share the 2-core machine; ratios are measured in one run, requests alternating between the two servers. gzip target: the columns gzip size (the maps when the server has no columns). app: what the web app request (columns Accept, gzip/deflate/br) receives.',
  });
}

await main();
