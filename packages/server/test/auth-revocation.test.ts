import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RevocationList } from '../src/auth/revocation.js';
import { ENGINES, freePort, type Engine } from './helpers/app.js';
import {
  getAccessToken,
  randomClient,
  signUpAndGetToken,
  startAuthApp,
  TEST_PASSWORD,
  type AuthTestApp,
  type SignedUpUser,
} from './helpers/auth.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NEW_PASSWORD = 'a much better passphrase';

const post = (baseUrl: string, path: string, body: unknown, bearer?: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      'x-forwarded-for': randomClient(),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** What the product API answers to an access token. */
const apiStatus = async (app: AuthTestApp, token: string) =>
  (await fetch(`${app.baseUrl}/api/users`, { headers: { authorization: `Bearer ${token}` } }))
    .status;

async function signIn(app: AuthTestApp, email: string, password = TEST_PASSWORD) {
  const response = await post(app.baseUrl, '/api/auth/sign-in/email', { email, password });
  expect(response.status).toBe(200);
  const sessionToken = response.headers.get('set-auth-token')!;
  return { sessionToken, token: await getAccessToken(app.baseUrl, sessionToken) };
}

async function makeAdmin(app: AuthTestApp): Promise<SignedUpUser> {
  const admin = await signUpAndGetToken(app.baseUrl);
  await app.db.updateTable('user').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  return admin;
}

/** The three events, acted out on `actor`; each returns the tokens that must now be refused. */
function events(actor: () => AuthTestApp, admin: () => SignedUpUser) {
  return {
    async signOut(user: SignedUpUser) {
      const out = await post(actor().baseUrl, '/api/auth/sign-out', {}, user.sessionToken);
      expect(out.status).toBe(200);
    },
    async changePassword(user: SignedUpUser) {
      const change = await post(
        actor().baseUrl,
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        user.sessionToken,
      );
      expect(change.status).toBe(200);
      return change.headers.get('set-auth-token')!;
    },
    async ban(user: SignedUpUser) {
      const ban = await post(
        actor().baseUrl,
        '/api/auth/admin/ban-user',
        { userId: user.userId },
        admin().sessionToken,
      );
      expect(ban.status).toBe(200);
    },
    async remove(user: SignedUpUser) {
      const removed = await post(
        actor().baseUrl,
        '/api/auth/admin/remove-user',
        { userId: user.userId },
        admin().sessionToken,
      );
      expect(removed.status).toBe(200);
    },
  };
}

describe('the revocation set', () => {
  const KEEP = 16 * 60_000;

  it('refuses tokens of an ended session and forgets the entry once such tokens have expired', () => {
    const clock = { now: 1_000_000_000_000 };
    const list = new RevocationList({ keepMs: KEEP, now: () => clock.now });
    const iat = Math.floor(clock.now / 1000) - 5;
    list.add({ kind: 'session', id: 's1', at: clock.now });
    expect(list.isRevoked({ sub: 'u1', sid: 's1', iat })).toBe(true);
    expect(list.isRevoked({ sub: 'u1', sid: 's2', iat })).toBe(false);
    clock.now += KEEP + 1;
    list.prune();
    expect(list.size).toBe(0);
    // An entry that is already past its keeping time is not stored at all.
    expect(list.add({ kind: 'session', id: 's3', at: clock.now - KEEP - 1 })).toBe(false);
  });

  it('refuses every token of an account issued before its cut-off, not those after', () => {
    const clock = { now: 1_000_000_000_500 };
    const list = new RevocationList({ keepMs: KEEP, now: () => clock.now });
    const second = Math.floor(clock.now / 1000);
    list.add({ kind: 'user', id: 'u1', at: clock.now });
    expect(list.isRevoked({ sub: 'u1', sid: 'a', iat: second - 1 })).toBe(true);
    expect(list.isRevoked({ sub: 'u1', sid: 'b', iat: second })).toBe(false);
    expect(list.isRevoked({ sub: 'u1', sid: 'c', iat: second + 60 })).toBe(false);
    expect(list.isRevoked({ sub: 'u2', sid: 'a', iat: second - 1 })).toBe(false);
    // A later cut-off moves the account's line forward, an earlier one does not move it back.
    list.add({ kind: 'user', id: 'u1', at: clock.now + 60_000 });
    list.add({ kind: 'user', id: 'u1', at: clock.now - 60_000 });
    expect(list.isRevoked({ sub: 'u1', sid: 'c', iat: second + 59 })).toBe(true);
  });

  it('stays within its bound, dropping the entries nearest to expiry first', () => {
    const dropped: number[] = [];
    const clock = { now: 1_000_000_000_000 };
    const list = new RevocationList({
      keepMs: KEEP,
      maxEntries: 100,
      now: () => clock.now,
      onOverflow: (n) => dropped.push(n),
    });
    for (let i = 0; i < 150; i++) {
      clock.now += 1;
      list.add({ kind: 'session', id: `s${i}`, at: clock.now });
    }
    expect(list.size).toBe(100);
    expect(dropped.reduce((a, b) => a + b, 0)).toBe(50);
    expect(list.isRevoked({ sub: 'u', sid: 's149', iat: 0 })).toBe(true);
    expect(list.isRevoked({ sub: 'u', sid: 's0', iat: 0 })).toBe(false);
  });
});

describe.each(ENGINES)('access tokens end at once on %s', (engine: Engine) => {
  describe('on one process', () => {
    let t: AuthTestApp;
    let admin: SignedUpUser;
    const on = events(
      () => t,
      () => admin,
    );

    beforeAll(async () => {
      t = await startAuthApp(engine);
      admin = await makeAdmin(t);
    });
    afterAll(() => t?.close());

    it('carries the session id in the access token', async () => {
      const user = await signUpAndGetToken(t.baseUrl);
      const session = await t.db
        .selectFrom('session')
        .select('id')
        .where('userId', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(decodeJwt(user.token).sid).toBe(session.id);
    });

    it('refuses a token right after its session signs out, and only that session’s', async () => {
      const user = await signUpAndGetToken(t.baseUrl);
      const other = await signIn(t, user.email);
      expect(await apiStatus(t, user.token)).toBe(200);
      await on.signOut(user);
      expect(await apiStatus(t, user.token)).toBe(401);
      expect(await apiStatus(t, other.token)).toBe(200);
    });

    it('refuses every earlier token of the account right after a password change', async () => {
      const user = await signUpAndGetToken(t.baseUrl);
      const phone = await signIn(t, user.email);
      const renewed = await on.changePassword(user);
      expect(await apiStatus(t, user.token)).toBe(401);
      expect(await apiStatus(t, phone.token)).toBe(401);
      // The session the change hands back works straight away.
      expect(await apiStatus(t, await getAccessToken(t.baseUrl, renewed))).toBe(200);
    });

    it('refuses the account’s tokens right after a ban, and after removal', async () => {
      const banned = await signUpAndGetToken(t.baseUrl);
      const bystander = await signUpAndGetToken(t.baseUrl);
      await on.ban(banned);
      expect(await apiStatus(t, banned.token)).toBe(401);
      expect(await apiStatus(t, bystander.token)).toBe(200);

      const removed = await signUpAndGetToken(t.baseUrl);
      await on.remove(removed);
      expect(await apiStatus(t, removed.token)).toBe(401);
    });

    it('refuses a token of a session the user revoked from another device', async () => {
      const user = await signUpAndGetToken(t.baseUrl);
      const laptop = await signIn(t, user.email);
      // The device list (as a sessions screen would show it) names the other session.
      const listed = await fetch(`${t.baseUrl}/api/auth/list-sessions`, {
        headers: { authorization: `Bearer ${laptop.sessionToken}` },
      });
      const sessions = (await listed.json()) as { id: string; token: string }[];
      const first = sessions.find((s) => s.id === decodeJwt(user.token).sid);
      expect(first).toBeDefined();
      const revoke = await post(
        t.baseUrl,
        '/api/auth/revoke-session',
        { token: first!.token },
        laptop.sessionToken,
      );
      expect(revoke.status).toBe(200);
      expect(await apiStatus(t, user.token)).toBe(401);
      expect(await apiStatus(t, laptop.token)).toBe(200);
    });

    it('refuses a token without a session id', async () => {
      // A token from before this change (no sid) is refused; the web app mints a new one.
      const user = await signUpAndGetToken(t.baseUrl);
      const [head, payload, signature] = user.token.split('.') as [string, string, string];
      const claims = decodeJwt(user.token);
      delete claims.sid;
      const stripped = Buffer.from(JSON.stringify(claims)).toString('base64url');
      expect(stripped).not.toBe(payload);
      expect(await apiStatus(t, `${head}.${stripped}.${signature}`)).toBe(401);
    });
  });

  describe('on two processes sharing Redis, and on a process started later', () => {
    let a: AuthTestApp;
    let b: AuthTestApp;
    const late: AuthTestApp[] = [];
    let admin: SignedUpUser;
    let env: Record<string, string>;
    const on = events(
      () => a,
      () => admin,
    );

    beforeAll(async () => {
      const portA = await freePort();
      env = {
        REDIS_URL,
        PUBLIC_URL: `http://127.0.0.1:${portA}`,
        AUTH_SECRET: randomBytes(32).toString('base64url'),
      };
      a = await startAuthApp(engine, { env: { ...env, PORT: String(portA) } });
      b = await startAuthApp(engine, { env: { ...env, ...shared(a) } });
      admin = await makeAdmin(a);
    });
    afterAll(async () => {
      for (const t of late) await t.close();
      await b?.close();
      await a?.close();
    });

    function shared(t: AuthTestApp): Record<string, string> {
      return t.config.databaseUrl
        ? { DATABASE_URL: t.config.databaseUrl }
        : { DATA_DIR: t.config.dataDir };
    }

    /** A process that starts after the event: it learns revocations from the database. */
    async function startLate(withRedis: boolean): Promise<AuthTestApp> {
      const { REDIS_URL: _redis, ...rest } = env;
      const t = await startAuthApp(engine, {
        env: { ...(withRedis ? env : rest), ...shared(a) },
      });
      late.push(t);
      return t;
    }

    it('refuses on the other process a token whose session signed out', async () => {
      const user = await signUpAndGetToken(a.baseUrl);
      const other = await signIn(a, user.email);
      expect(await apiStatus(b, user.token)).toBe(200);
      await on.signOut(user);
      expect(await apiStatus(b, user.token)).toBe(401);
      expect(await apiStatus(a, user.token)).toBe(401);
      expect(await apiStatus(b, other.token)).toBe(200);
    });

    it('refuses on the other process the tokens from before a password change', async () => {
      const user = await signUpAndGetToken(a.baseUrl);
      const phone = await signIn(a, user.email);
      expect(await apiStatus(b, phone.token)).toBe(200);
      const renewed = await on.changePassword(user);
      expect(await apiStatus(b, user.token)).toBe(401);
      expect(await apiStatus(b, phone.token)).toBe(401);
      expect(await apiStatus(b, await getAccessToken(b.baseUrl, renewed))).toBe(200);
    });

    it('refuses on the other process the tokens of a banned account', async () => {
      const user = await signUpAndGetToken(a.baseUrl);
      expect(await apiStatus(b, user.token)).toBe(200);
      await on.ban(user);
      expect(await apiStatus(b, user.token)).toBe(401);
    });

    it('tells a process that starts later, with or without Redis, what was revoked', async () => {
      const signedOut = await signUpAndGetToken(a.baseUrl);
      const changed = await signUpAndGetToken(a.baseUrl);
      const banned = await signUpAndGetToken(a.baseUrl);
      const untouched = await signUpAndGetToken(a.baseUrl);
      await on.signOut(signedOut);
      await on.changePassword(changed);
      await on.ban(banned);

      for (const withRedis of [true, false]) {
        const c = await startLate(withRedis);
        expect(await apiStatus(c, untouched.token)).toBe(200);
        expect(await apiStatus(c, signedOut.token)).toBe(401);
        expect(await apiStatus(c, changed.token)).toBe(401);
        expect(await apiStatus(c, banned.token)).toBe(401);
      }
    });
  });
});
