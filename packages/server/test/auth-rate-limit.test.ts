import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS_LIMITS } from '../src/auth/create-auth.js';
import { ENGINES, freePort } from './helpers/app.js';
import {
  randomClient,
  signUpAndGetToken,
  startAuthApp,
  TEST_PASSWORD,
  type AuthTestApp,
} from './helpers/auth.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * POSTs as `client`. 'proxied': through a trusted proxy that names the client in
 * X-Forwarded-For. 'direct': the connection itself comes from the client's address (loopback is a
 * /8) while a forged X-Forwarded-For claims to be someone else.
 */
function postFrom(
  client: string,
  url: string,
  body: unknown,
  route: 'proxied' | 'direct' = 'proxied',
): Promise<Answer> {
  const target = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        ...(route === 'direct' ? { localAddress: client } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: target.origin,
          'x-forwarded-for': route === 'direct' ? randomClient() : client,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const newEmail = () => `limit-${randomUUID()}@example.test`;

describe('rate limits on sign-in and e-mail links (one process)', () => {
  let t: AuthTestApp;
  const signIn = (client: string, email: string, password: string) =>
    postFrom(client, `${t.baseUrl}/api/auth/sign-in/email`, { email, password });
  const askLink = (client: string, email: string) =>
    postFrom(client, `${t.baseUrl}/api/auth/sign-in/magic-link`, { email, callbackURL: '/' });

  beforeAll(async () => {
    t = await startAuthApp('sqlite');
  });
  afterAll(() => t?.close());

  it('locks an account after 5 wrong passwords, whichever addresses they come from', async () => {
    const victim = await signUpAndGetToken(t.baseUrl);
    const bystander = await signUpAndGetToken(t.baseUrl);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(randomClient(), victim.email, `guess number ${i}`)).status).toBe(401);
    }

    const locked = await signIn(randomClient(), victim.email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['set-auth-token']).toBeUndefined();

    const client = randomClient();
    expect((await signIn(client, bystander.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts only failures: a successful sign-in clears the count', async () => {
    const user = await signUpAndGetToken(t.baseUrl);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        expect((await signIn(randomClient(), user.email, 'wrong guess')).status).toBe(401);
      expect((await signIn(randomClient(), user.email, TEST_PASSWORD)).status).toBe(200);
    }
  });

  it('limits password sign-ins per client address across accounts', async () => {
    const client = randomClient();
    const { max } = DEFAULT_ADDRESS_LIMITS.passwordSignIn;
    for (let i = 0; i < max; i++)
      expect((await signIn(client, newEmail(), 'wrong guess')).status).toBe(401);

    const blocked = await signIn(client, newEmail(), 'wrong guess');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['x-retry-after'])).toBeGreaterThan(0);

    expect((await signIn(randomClient(), newEmail(), 'wrong guess')).status).toBe(401);
  });

  it('sends at most 3 sign-in links to one address, whichever clients ask', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) expect((await askLink(randomClient(), email)).status).toBe(200);
    expect((await askLink(randomClient(), email)).status).toBe(429);

    const sent = t.logLines.filter((l) => l.includes(email) && l.includes('magic-link/verify'));
    expect(sent).toHaveLength(3);
  });

  it('limits sign-in link requests per client address across addresses', async () => {
    const client = randomClient();
    const { max } = DEFAULT_ADDRESS_LIMITS.signInLink;
    for (let i = 0; i < max; i++) expect((await askLink(client, newEmail())).status).toBe(200);
    expect((await askLink(client, newEmail())).status).toBe(429);
    expect((await askLink(randomClient(), newEmail())).status).toBe(200);
  });
});

describe('rate limits without a trusted proxy', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await startAuthApp('sqlite', { env: { TRUST_PROXY: 'false' } });
  });
  afterAll(() => t?.close());

  it('go by the connecting address, whatever X-Forwarded-For claims', async () => {
    const client = randomClient();
    const signIn = () =>
      postFrom(
        client,
        `${t.baseUrl}/api/auth/sign-in/email`,
        { email: newEmail(), password: 'wrong guess' },
        'direct',
      );
    const { max } = DEFAULT_ADDRESS_LIMITS.passwordSignIn;
    for (let i = 0; i < max; i++) expect((await signIn()).status).toBe(401);
    expect((await signIn()).status).toBe(429);
  });
});

describe('rate limits shared through Redis by two server processes', () => {
  let a: AuthTestApp;
  let b: AuthTestApp;

  beforeAll(async () => {
    // Two processes behind one load balancer share the public URL, the secret and Redis.
    const portA = await freePort();
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    };
    const engine = ENGINES[ENGINES.length - 1]!;
    a = await startAuthApp(engine, { env: { ...env, PORT: String(portA) } });
    // Same database, same Redis: a second process behind the same load balancer.
    const database: Record<string, string> = a.config.databaseUrl
      ? { DATABASE_URL: a.config.databaseUrl }
      : { DATA_DIR: a.config.dataDir };
    b = await startAuthApp(engine, { env: { ...env, ...database } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('accepts an access token from one process in the other', async () => {
    const user = await signUpAndGetToken(a.baseUrl);
    const response = await fetch(`${b.baseUrl}/api/users`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
  });

  it('locks an account after 5 wrong passwords spread over both processes', async () => {
    const user = await signUpAndGetToken(a.baseUrl);
    const signIn = (app: AuthTestApp, password: string) =>
      postFrom(randomClient(), `${app.baseUrl}/api/auth/sign-in/email`, {
        email: user.email,
        password,
      });

    for (const app of [a, b, a, b, a]) expect((await signIn(app, 'wrong guess')).status).toBe(401);
    expect((await signIn(b, TEST_PASSWORD)).status).toBe(429);
    expect((await signIn(a, TEST_PASSWORD)).status).toBe(429);
  });

  it('limits one client address across both processes', async () => {
    const client = randomClient();
    const { max } = DEFAULT_ADDRESS_LIMITS.passwordSignIn;
    for (let i = 0; i < max; i++) {
      const app = i % 2 === 0 ? a : b;
      expect(
        (
          await postFrom(client, `${app.baseUrl}/api/auth/sign-in/email`, {
            email: newEmail(),
            password: 'x'.repeat(9),
          })
        ).status,
      ).toBe(401);
    }
    const blocked = await postFrom(client, `${a.baseUrl}/api/auth/sign-in/email`, {
      email: newEmail(),
      password: 'x'.repeat(9),
    });
    expect(blocked.status).toBe(429);
  });
});
