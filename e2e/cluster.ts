/**
 * Several Hanger processes sharing one PostgreSQL database, one Redis and one S3 store (s3rver),
 * behind a small round-robin proxy: what README "Scaling out" describes, started for
 * e2e/scale-out.spec.ts and bench/scale-out.bench.ts. Each process has a DATA_DIR of its own, so
 * anything kept only on one process's disk shows up as a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '..');
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A Redis database of its own, so that no other suite's rate limits count against these. */
const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const BUCKET = 'hanger-scale';

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
  });
}

// s3rver ships no types; this is the part of its API used here (as packages/server/test/helpers).
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string; configs?: string[] }[];
}) => { run(): Promise<AddressInfo>; close(): Promise<void> };
const S3rver = createRequire(resolve(ROOT, 'packages/server/package.json'))(
  's3rver',
) as S3rverConstructor;

/** The bucket lets the app's pages read photos from any origin (README "Scaling out": CORS). */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

async function adminQuery(sqlText: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}

export interface Backend {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  child: ChildProcess;
  log(): string;
}

export interface RoundRobinProxy {
  url: string;
  /** Requests each backend answered, by name. */
  served: Map<string, number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/**
 * A load balancer as small as it can be: each request goes to the next backend in turn. As nginx
 * does by default (proxy_next_upstream error), a request whose connection is refused or reset
 * before any answer is sent to the next backend: a process that died is skipped, and the client
 * never sees it. The request body is read whole first (the test's uploads are small) so that it
 * can be sent again.
 */
export async function startProxy(
  backends: () => Backend[],
  port?: number,
): Promise<RoundRobinProxy> {
  let next = 0;
  const served = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const list = backends();
      const tryAt = (attempt: number) => {
        if (attempt >= list.length * 2) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no backend answered');
          return;
        }
        const backend = list[next++ % list.length]!;
        const headers = { ...req.headers, 'content-length': String(body.length) };
        delete headers['transfer-encoding'];
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: backend.port,
            method: req.method,
            path: req.url,
            headers,
            agent,
          },
          (answer) => {
            served.set(backend.name, (served.get(backend.name) ?? 0) + 1);
            const out: http.OutgoingHttpHeaders = {};
            for (const [k, v] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
            res.writeHead(answer.statusCode ?? 502, out);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        upstream.on('error', () => {
          if (!res.headersSent) tryAt(attempt + 1);
          else res.destroy();
        });
        upstream.end(body);
      };
      tryAt(0);
    });
  });
  server.keepAliveTimeout = 30_000;
  const at = port ?? (await freePort());
  await new Promise<void>((ok) => server.listen(at, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${at}`,
    served,
    close: () =>
      new Promise<void>((ok) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

async function waitForHealth(backend: Backend): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (backend.child.exitCode !== null || backend.child.signalCode !== null)
      throw new Error(`${backend.name} exited:\n${backend.log()}`);
    try {
      if ((await fetch(`${backend.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${backend.name} did not become healthy within 60 s:\n${backend.log()}`);
}

export interface Cluster {
  /** The proxy's address: PUBLIC_URL of every process. */
  url: string;
  proxy: RoundRobinProxy;
  /** The processes behind the proxy now (a killed one is left out until restarted). */
  backends: Backend[];
  /** The shared database, for what a browser cannot see. */
  db: pg.Pool;
  /** SIGKILL a process and everything it started (its cut-out model), and take it out. */
  kill(backend: Backend): Promise<void>;
  /** Start a process again under the same name (a new DATA_DIR: nothing of the old one). */
  restart(name: string): Promise<Backend>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  processes: number;
  /** Extra settings for every process. */
  env?: Record<string, string>;
  /** The proxy's backends, when not all processes (the bench's one-process side). */
  only?: (backends: Backend[]) => Backend[];
  /** Where each process's output is written when the cluster closes. */
  logDir?: string;
}

/**
 * A fresh PostgreSQL database, an s3rver bucket, Redis database 7, and `processes` servers
 * (`node packages/server/dist/server.js`) on them, each in its own process group and DATA_DIR,
 * with the same AUTH_SECRET and PUBLIC_URL (the proxy).
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const work = await mkdtemp(join(tmpdir(), 'hanger-scale-'));
  const name = `hanger_scale_${randomUUID().replace(/-/g, '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(PG_ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: join(work, 's3'),
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [CORS] }],
  });
  const { port: s3Port } = await s3.run();
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const authSecret = randomUUID() + randomUUID();
  let backends: Backend[] = [];
  /** Every process started, killed ones included: their logs are kept with the run's artifacts. */
  const started: Backend[] = [];
  let counter = 0;

  const startOne = async (backendName: string): Promise<Backend> => {
    const port = await freePort();
    const dataDir = join(work, `${backendName}-${++counter}`);
    let output = '';
    const child = spawn(process.execPath, ['packages/server/dist/server.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: authSecret,
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        SMTP_URL: process.env.E2E_SMTP_URL ?? '',
        MAIL_FROM: 'Hanger <no-reply@hanger.test>',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const backend: Backend = {
      name: backendName,
      port,
      url: `http://127.0.0.1:${port}`,
      dataDir,
      child,
      log: () => output,
    };
    started.push(backend);
    await waitForHealth(backend);
    return backend;
  };

  // One at a time: the first runs the migrations, the others find them done.
  for (let i = 0; i < options.processes; i++) backends.push(await startOne(`p${i + 1}`));
  const routed = () => (options.only ? options.only(backends) : backends);
  const proxy = await startProxy(routed, proxyPort);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const killGroup = async (backend: Backend, signal: NodeJS.Signals) => {
    const { child } = backend;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid!, signal);
    } catch {
      return;
    }
    await exited;
  };

  const cluster: Cluster = {
    url: publicUrl,
    proxy,
    get backends() {
      return backends;
    },
    db: pool,
    async kill(backend) {
      backends = backends.filter((b) => b !== backend);
      await killGroup(backend, 'SIGKILL');
    },
    async restart(backendName) {
      const backend = await startOne(backendName);
      backends = [...backends, backend];
      return backend;
    },
    async close() {
      await proxy.close();
      await pool.end();
      await Promise.all(backends.map((b) => killGroup(b, 'SIGTERM')));
      await s3.close();
      if (options.logDir) {
        await mkdir(options.logDir, { recursive: true });
        for (const b of started)
          await writeFile(join(options.logDir, `${b.name}-${b.port}.log`), b.log());
      }
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await rm(work, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** The pids of a process's children (the cut-out model runs in one). */
export async function childPids(pid: number): Promise<number[]> {
  try {
    const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text.trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
