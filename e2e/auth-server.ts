import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { test as base } from './fixtures';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startIssuer, type TestIssuer } from './oidc-issuer';

const ROOT = resolve(import.meta.dirname, '..');
export const OIDC_PROVIDER_ID = 'oidc';
export const OIDC_DISPLAY_NAME = 'Test Issuer';
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => ok(port));
    });
  });
}

/**
 * A client address for one browser: the auth server trusts X-Forwarded-For (TRUST_PROXY=true, as
 * behind a load balancer), and loopback is a /8, so each 127.x.y.z counts as another client for the
 * per-address rate limits. Tests then do not eat into each other's limits.
 */
export function randomClient(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Read and write access to the auth server's database, for what a browser cannot see. */
export interface AuthDb {
  engine: 'sqlite' | 'postgres';
  /** `?` placeholders on both engines. */
  all<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<number>;
  /** A timestamp as this engine's better-auth tables store it. */
  time(date: Date): unknown;
  /** A stored timestamp read back. */
  date(value: unknown): Date;
  close(): Promise<void>;
}

function sqliteDb(path: string): AuthDb {
  const db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return {
    engine: 'sqlite',
    all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as T[],
    run: async (sql, params = []) => db.prepare(sql).run(...params).changes,
    time: (date) => date.toISOString(),
    date: (value) => new Date(typeof value === 'number' ? value : String(value)),
    close: async () => {
      db.close();
    },
  };
}

function pgDb(url: string): AuthDb {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    engine: 'postgres',
    all: async <T>(sql: string, params: unknown[] = []) =>
      (await pool.query(numbered(sql), params)).rows as T[],
    run: async (sql, params = []) => (await pool.query(numbered(sql), params)).rowCount ?? 0,
    time: (date) => date,
    date: (value) => (value instanceof Date ? value : new Date(String(value))),
    close: () => pool.end(),
  };
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

export interface AuthServer {
  baseUrl: string;
  issuer: TestIssuer;
  db: AuthDb;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The auth server exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The auth server did not become healthy within 30 s:\n${log()}`);
}

/**
 * The built server (`node packages/server/dist/server.js`) started for the auth specs' worker, next
 * to a real OIDC issuer in this process and the global setup's SMTP receiver. It differs from the
 * shared e2e server in three settings only: OIDC_* point at the test issuer, TRUST_PROXY=true (see
 * randomClient), and E2E_AUTH_DB=postgres puts it on a fresh PostgreSQL database instead of SQLite.
 */
async function startAuthServer(): Promise<{ server: AuthServer; stop: () => Promise<void> }> {
  const smtpUrl = process.env.E2E_SMTP_URL;
  if (!smtpUrl) throw new Error('E2E_SMTP_URL is not set: run through playwright.config.ts');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const issuer = await startIssuer(
    await freePort(),
    `${baseUrl}/api/auth/callback/${OIDC_PROVIDER_ID}`,
  );
  const work = await mkdtemp(join(tmpdir(), 'hanger-e2e-auth-'));
  const postgres = process.env.E2E_AUTH_DB === 'postgres';
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (postgres) {
    const name = `hanger_e2e_${randomUUID().replace(/-/g, '')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  let output = '';
  const child = spawn(process.execPath, ['packages/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: join(work, 'data'),
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Hanger <no-reply@hanger.test>',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      OIDC_ISSUER: issuer.url,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_PROVIDER_ID,
      OIDC_DISPLAY_NAME,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const stopChild = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stopChild();
    await issuer.close();
    await dropDatabase();
    throw error;
  }
  const db = postgres ? pgDb(databaseUrl) : sqliteDb(join(work, 'data', 'hanger.db'));
  return {
    server: { baseUrl, issuer, db, log: () => output },
    stop: async () => {
      await db.close();
      await stopChild();
      await issuer.close();
      await dropDatabase();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * Tests against the worker's auth server: `baseURL` is that server, and every test's browser comes
 * from a client address of its own (`client`).
 */
export const test = base.extend<{ client: string }, { authServer: AuthServer }>({
  authServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { server, stop } = await startAuthServer();
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ authServer }, use) => {
    await use(authServer.baseUrl);
  },
  // eslint-disable-next-line no-empty-pattern
  client: async ({}, use) => {
    await use(randomClient());
  },
  context: async ({ context, client }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': client });
    await use(context);
  },
});

/** The current screen at phone and desktop widths, kept with the run's artifacts. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = `${process.env.E2E_ARTIFACTS ?? 'e2e/artifacts'}/screenshots`;
  const before = page.viewportSize();
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${dir}/${name}-${size}.png` });
  }
  if (before) await page.setViewportSize(before);
}

export { expect } from './fixtures';
