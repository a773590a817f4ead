import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Config } from '../../src/config.js';

export type Engine = 'sqlite' | 'postgres';

export const PG_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The engines every integration suite runs on. PostgreSQL is required under CI=true; elsewhere a
 * machine without it runs the SQLite half and says so loudly.
 */
async function detectEngines(): Promise<Engine[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') {
    throw new Error(
      `PostgreSQL is unreachable at ${PG_ADMIN_URL}; CI requires it for the integration suites.`,
    );
  }
  console.warn(
    `\n${'!'.repeat(78)}\n!! PostgreSQL is unreachable at ${PG_ADMIN_URL}: running the SQLite suites only.\n${'!'.repeat(78)}\n`,
  );
  return ['sqlite'];
}

export const ENGINES: Engine[] = await detectEngines();

/** A port nothing listens on right now: the app must know its public URL before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function adminQuery(sqlText: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty PostgreSQL database for one suite; `drop` removes it. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hanger_test_${randomUUID().replace(/-/g, '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface TestApp {
  engine: Engine;
  baseUrl: string;
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Files under the media directory, as storage keys. */
  mediaFiles(): Promise<string[]>;
  close(): Promise<void>;
}

/** A server's data directory and database, which another server may share (StartOptions). */
export type ServerData = Pick<TestApp, 'dataDir'> & { config: Pick<Config, 'databaseUrl'> };

export interface StartOptions {
  env?: Record<string, string>;
  /**
   * Share another server's data directory and database (two processes behind one balancer, or
   * the next process after one killed: helpers/child.ts spawnServer).
   */
  shareWith?: ServerData;
  /** The server's logger (default none); e.g. `{ level: 'info', stream }` to read its lines. */
  logger?: BuildOptions['logger'];
}

/**
 * A test server's environment: on 127.0.0.1:`port`, `dataDir`, PostgreSQL at `databaseUrl` or
 * else SQLite in `dataDir`, quiet, with a fixed secret and no cut-outs; `extra` on top.
 */
export function serverEnv(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  extra?: Record<string, string>,
): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // The cut-out model costs about 10 s of CPU a photo: only the suites about it turn it on.
    CUTOUT: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

/** The whole server on a temporary DATA_DIR, listening on 127.0.0.1 over real HTTP. */
export async function startApp(engine: Engine, options: StartOptions = {}): Promise<TestApp> {
  const port = await freePort();
  const shared = options.shareWith;
  const dataDir = shared?.dataDir ?? (await mkdtemp(join(tmpdir(), 'hanger-test-')));
  const database = engine === 'postgres' && !shared ? await createPgDatabase() : undefined;
  const databaseUrl = database?.url ?? shared?.config.databaseUrl;
  const config = loadConfig(serverEnv(port, dataDir, databaseUrl, options.env));
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger: options.logger ?? false });
    await app.listen({ host: '127.0.0.1', port });
  } catch (err) {
    await database?.drop();
    throw err;
  }
  const mediaDir = config.mediaDir;
  return {
    engine,
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    config,
    dataDir,
    async mediaFiles() {
      const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      return entries
        .filter((e) => e.isFile())
        .map((e) => relative(mediaDir, join(e.parentPath, e.name)))
        .filter((key) => !key.startsWith('.'))
        .sort();
    },
    async close() {
      // A client that left a response body unread keeps its connection busy, and app.close()
      // would wait for it forever: the suite is over, so end every connection at once.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      if (shared) return;
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
