import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createPgDatabase, freePort, type Engine } from './app.js';

export const TEST_PASSWORD = 'correct horse battery';

export interface SignedUpUser {
  /** Access token (JWT) for `Authorization: Bearer` on the product API. */
  token: string;
  userId: string;
  email: string;
  password: string;
  /** better-auth session token, accepted as a bearer by /api/auth/* (e.g. GET /api/auth/token). */
  sessionToken: string;
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Exchanges a session token for an access token, as any script or the web app would. */
export async function getAccessToken(
  baseUrl: string,
  sessionToken: string,
  client = randomClient(),
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/token`, {
    headers: { authorization: `Bearer ${sessionToken}`, 'x-forwarded-for': client },
  });
  const body = (await expectOk(response, 'GET /api/auth/token')) as { token: string };
  return body.token;
}

/**
 * Signs a new account up over HTTP and returns its access token. It acts as a client of its own
 * (X-Forwarded-For, honoured only where the server trusts proxies) so that many sign-ups in one
 * suite do not share one address's rate limit.
 */
export async function signUpAndGetToken(baseUrl: string, email?: string): Promise<SignedUpUser> {
  const address = email ?? `user-${randomUUID()}@example.test`;
  const client = randomClient();
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': client },
    body: JSON.stringify({ email: address, password: TEST_PASSWORD, name: address.split('@')[0] }),
  });
  const sessionToken = response.headers.get('set-auth-token');
  const body = (await expectOk(response, 'POST /api/auth/sign-up/email')) as {
    user: { id: string };
  };
  if (!sessionToken) throw new Error('sign-up answered without a set-auth-token header');
  const token = await getAccessToken(baseUrl, sessionToken, client);
  return { token, userId: body.user.id, email: address, password: TEST_PASSWORD, sessionToken };
}

/**
 * A minimal browser: keeps cookies per host, sends the page's Origin on POSTs, and lets the test
 * see every redirect instead of following them blindly.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** `client` is the address this browser appears to come from (see randomClient). */
  constructor(readonly client = randomClient()) {}

  cookies(url: string): Map<string, string> {
    const host = new URL(url).host;
    let jar = this.jars.get(host);
    if (!jar) {
      jar = new Map();
      this.jars.set(host, jar);
    }
    return jar;
  }

  cookieHeader(url: string): string {
    return [...this.cookies(url)].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(url: string, response: Response): void {
    const jar = this.cookies(url);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.trim().split('=');
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** One request, no redirect following. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    headers.set('x-forwarded-for', this.client);
    if (init.method && init.method !== 'GET' && !headers.has('origin'))
      headers.set('origin', new URL(url).origin);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, response);
    return response;
  }

  async postJson(
    url: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  /** Follows redirects (GET) until a non-redirect answer or `stop` says so; returns every hop. */
  async follow(
    url: string,
    stop?: (url: URL) => boolean,
  ): Promise<{ url: URL; response: Response }[]> {
    const hops: { url: URL; response: Response }[] = [];
    let next = new URL(url);
    for (let i = 0; i < 20; i++) {
      const response = await this.request(next.toString());
      hops.push({ url: next, response });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return hops;
      next = new URL(location, next);
      if (stop?.(next)) {
        hops.push({ url: next, response: new Response(null, { status: 204 }) });
        return hops;
      }
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, good enough to find links. */
  decoded: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Finds the first link to `path` in a received e-mail. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"'<>]*${escaped}[^\\s"'<>]*`).exec(mail.decoded);
  if (!match) throw new Error(`no link to ${path} in mail:\n${mail.decoded}`);
  return match[0];
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (including one that already arrived and was not taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it is handed. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp receiver has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    async next(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => !taken.has(m) && m.to.includes(to));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A client address for tests: loopback is a /8, so each 127.x.y.z stands for another client. The
 * test apps trust X-Forwarded-For (TRUST_PROXY=true, as behind a load balancer), so a request that
 * sends one of these counts against that client's rate limits, not against 127.0.0.1's.
 */
export function randomClient(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface AuthTestApp {
  engine: Engine;
  /** Where this process listens (also its PUBLIC_URL unless the test set another). */
  baseUrl: string;
  app: FastifyInstance;
  // better-auth's tables are not part of the app's schema type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  config: Config;
  /** Every line the server logged (JSON). */
  logLines: string[];
  close(): Promise<void>;
}

/**
 * For a suite of the identity service: call it in the suite's body. The app starts before the
 * suite's tests and closes after them; `t` is set once the tests run.
 */
export function withAuthApp(engine: Engine): { t: AuthTestApp } {
  const suite = {} as { t: AuthTestApp };
  beforeAll(async () => {
    suite.t = await startAuthApp(engine);
  });
  afterAll(() => suite.t?.close());
  return suite;
}

/**
 * Disable an account straight in the database, as an operator might; better-auth's flag is a
 * boolean on PostgreSQL and 0/1 on SQLite.
 */
export async function banInDatabase(t: AuthTestApp, userId: string): Promise<void> {
  await t.db
    .updateTable('user')
    .set({ banned: t.engine === 'postgres' ? true : 1 })
    .where('id', '=', userId)
    .execute();
}

/**
 * The whole server (buildApp) on a temporary DATA_DIR over real HTTP, with its log captured and
 * X-Forwarded-For trusted so that tests can act as many clients. `env` overrides anything,
 * including DATABASE_URL to share another instance's database.
 */
export async function startAuthApp(
  engine: Engine,
  options: { env?: Record<string, string> } = {},
): Promise<AuthTestApp> {
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'hanger-auth-'));
  const database =
    engine === 'postgres' && !options.env?.DATABASE_URL ? await createPgDatabase() : undefined;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'no-web-build'),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: 'true',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logger: { level: 'info', stream } });
    await app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  return {
    engine,
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    db: app.db,
    config,
    logLines,
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs a new account up on a server with SMTP (sign-up must be confirmed by e-mail): posts the
 * form, follows the mailed confirmation link, then signs in with the password for a session
 * token, as signUpAndGetToken does without SMTP.
 */
export async function signUpConfirmedAndGetToken(
  baseUrl: string,
  smtp: SmtpReceiver,
  email?: string,
): Promise<SignedUpUser> {
  const address = email ?? `user-${randomUUID()}@example.test`;
  const browser = new TestBrowser();
  const response = await browser.postJson(`${baseUrl}/api/auth/sign-up/email`, {
    email: address,
    password: TEST_PASSWORD,
    name: address.split('@')[0],
    callbackURL: '/',
  });
  await expectOk(response, 'POST /api/auth/sign-up/email');
  await browser.follow(
    linkIn(await smtp.next(address), '/api/auth/verify-email'),
    (next) => next.origin === new URL(baseUrl).origin && !next.pathname.startsWith('/api/'),
  );
  const signIn = await browser.postJson(`${baseUrl}/api/auth/sign-in/email`, {
    email: address,
    password: TEST_PASSWORD,
  });
  const body = (await expectOk(signIn, 'POST /api/auth/sign-in/email')) as {
    user: { id: string };
  };
  const sessionToken = signIn.headers.get('set-auth-token');
  if (!sessionToken) throw new Error('sign-in answered without a set-auth-token header');
  const token = await getAccessToken(baseUrl, sessionToken, browser.client);
  return { token, userId: body.user.id, email: address, password: TEST_PASSWORD, sessionToken };
}
