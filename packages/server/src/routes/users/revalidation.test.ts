import { WARDROBE_COLUMNS_CONTENT_TYPE } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from '../../../test/helpers/app.js';
import { ApiUser, signUp } from '../../../test/helpers/api.js';
import { signUpAndGetToken } from '../../../test/helpers/auth.js';
import { LogCapture, rawGet, rawRequest, type RawResponse } from '../../../test/helpers/raw.js';

/** A revalidation as the web app sends it (no body, so no Content-Length). */
function revalidate(
  t: TestApp,
  token: string,
  etag: string,
  headers: Record<string, string> = {},
  path = '/api/users',
  method = 'GET',
): Promise<RawResponse> {
  return rawRequest(t.baseUrl, {
    method,
    path,
    headers: { authorization: `Bearer ${token}`, 'if-none-match': etag, ...headers },
    contentLength: null,
  });
}

/** What `request` got, and whether the early 304 hook answered it (else the route's handler did). */
async function counted(t: TestApp, request: () => Promise<RawResponse>) {
  const before = t.app.revalidation.answered;
  const response = await request();
  return { response, fast: t.app.revalidation.answered - before === 1 };
}

/** The same request answered by the route's handler (the early hook passes it on). */
async function throughHandler<T>(t: TestApp, request: () => Promise<T>): Promise<T> {
  t.app.revalidation.enabled = false;
  try {
    return await request();
  } finally {
    t.app.revalidation.enabled = true;
  }
}

async function etagOf(user: ApiUser, headers: Record<string, string> = {}): Promise<string> {
  const response = await user.get('/api/users', headers);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return response.headers.get('etag')!;
}

const post = (t: TestApp, path: string, body: unknown, bearer: string) =>
  fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: t.baseUrl,
      authorization: `Bearer ${bearer}`,
    },
    body: JSON.stringify(body),
  });

describe.each(ENGINES)('GET /api/users early 304 on %s', (engine) => {
  let t: TestApp;
  const logs = new LogCapture();
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    t = await startApp(engine, { logger: { level: 'info', stream: logs.stream } });
    alice = await signUp(t);
    bob = await signUp(t);
    await alice.addItem({ brand: 'Acme' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a matching revalidation with the status and headers of the handler, but Date', async () => {
    const forms: Record<string, string>[] = [{}, { accept: WARDROBE_COLUMNS_CONTENT_TYPE }];
    for (const accept of forms) {
      const etag = await etagOf(alice, accept);
      const normal = await counted(t, () =>
        throughHandler(t, () => revalidate(t, alice.token, etag, accept)),
      );
      const quick = await counted(t, () => revalidate(t, alice.token, etag, accept));
      expect(normal.fast).toBe(false);
      expect(quick.fast).toBe(true);
      expect(quick.response.status).toBe(304);
      expect(normal.response.status).toBe(304);
      expect(quick.response.body).toBe('');
      // Same names in the same order; same values but the date and the count left.
      const { date: d1, 'x-ratelimit-remaining': left1, ...same1 } = normal.response.headers;
      const { date: d2, 'x-ratelimit-remaining': left2, ...same2 } = quick.response.headers;
      expect(Object.keys(quick.response.headers)).toEqual(Object.keys(normal.response.headers));
      expect(same2).toEqual(same1);
      expect([d1, d2]).toEqual([expect.any(String), expect.any(String)]);
      expect(Number(left2)).toBe(Number(left1) - 1);
      expect(Object.keys(quick.response.headers)).toEqual([
        'access-control-allow-origin',
        'access-control-expose-headers',
        'cache-control',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'etag',
        'vary',
        'date',
        'connection',
      ]);
      expect(quick.response.headers.etag).toBe(etag);

      // On a kept-alive connection (the browser's), the same Connection and Keep-Alive too.
      const kept = () =>
        rawGet(`${t.baseUrl}/api/users`, {
          authorization: `Bearer ${alice.token}`,
          'if-none-match': etag,
          ...accept,
        });
      const normalKept = await throughHandler(t, kept);
      const before = t.app.revalidation.answered;
      const quickKept = await kept();
      expect(t.app.revalidation.answered).toBe(before + 1);
      expect(quickKept.status).toBe(304);
      expect(quickKept.headers.connection).toBe('keep-alive');
      expect(quickKept.headers['keep-alive']).toBe(normalKept.headers['keep-alive']);
      expect(quickKept.headers['keep-alive']).toBe('timeout=72');
    }
  });

  it('writes the access line of the handler, under an id of the same sequence', async () => {
    const etag = await etagOf(alice);
    const mark = logs.mark();
    await throughHandler(t, () => revalidate(t, alice.token, etag));
    expect((await counted(t, () => revalidate(t, alice.token, etag))).fast).toBe(true);
    await alice.get('/api/users/settings');
    const lines = mark.lines().filter((l) => l.msg === 'request completed');
    expect(lines).toHaveLength(3);
    const [normal, quick, next] = lines as unknown as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    const strip = (line: Record<string, unknown>) => {
      const { time, reqId, responseTime, req, ...rest } = line;
      expect([time, responseTime]).toEqual([expect.any(Number), expect.any(Number)]);
      expect(reqId).toMatch(/^req-[0-9a-z]+$/);
      const { remotePort, ...request } = req as Record<string, unknown>;
      expect(remotePort).toEqual(expect.any(Number));
      return JSON.stringify({ ...rest, req: request });
    };
    expect(strip(quick)).toBe(strip(normal));
    expect(Object.keys(quick)).toEqual(Object.keys(normal));
    expect(quick.req).toMatchObject({
      method: 'GET',
      url: '/api/users',
      remoteAddress: '127.0.0.1',
    });
    expect(quick.res).toEqual({ statusCode: 304 });
    // Ids go on one after the other.
    const id = (line: Record<string, unknown>) => parseInt(String(line.reqId).slice(4), 36);
    expect(id(quick)).toBe(id(normal) + 1);
    expect(id(next)).toBe(id(quick) + 1);
  });

  it('answers 200 with the new ETag once the wardrobe changed, and 304 to that one', async () => {
    const old = await etagOf(alice);
    expect((await counted(t, () => revalidate(t, alice.token, old))).fast).toBe(true);
    await alice.addItem({ brand: 'Changed' });
    const changed = await counted(t, () => revalidate(t, alice.token, old));
    expect(changed.fast).toBe(false);
    expect(changed.response.status).toBe(200);
    expect(changed.response.body).toContain('Changed');
    const etag = changed.response.headers.etag!;
    expect(etag).not.toBe(old);
    const again = await counted(t, () => revalidate(t, alice.token, etag));
    expect([again.fast, again.response.status]).toEqual([true, 304]);
  });

  it("never answers 304 to one account's token with another account's ETag", async () => {
    const aliceTag = await etagOf(alice);
    const bobTag = await etagOf(bob);
    expect(bobTag).not.toBe(aliceTag);
    for (const [user, etag] of [
      [bob, aliceTag],
      [alice, bobTag],
    ] as const) {
      const { response, fast } = await counted(t, () => revalidate(t, user.token, etag));
      expect([response.status, fast]).toEqual([200, false]);
      expect(response.headers.etag).toBe(user === alice ? aliceTag : bobTag);
    }
    // A token for nobody, or none, with a valid ETag.
    for (const token of ['not-a-token', `${alice.token}x`]) {
      const { response, fast } = await counted(t, () => revalidate(t, token, aliceTag));
      expect([response.status, fast]).toEqual([401, false]);
    }
    const anonymous = await rawRequest(t.baseUrl, {
      method: 'GET',
      path: '/api/users',
      headers: { 'if-none-match': aliceTag },
      contentLength: null,
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a token whose session ended or whose account was banned or removed, with 401 as before', async () => {
    const admin = await signUpAndGetToken(t.baseUrl);
    await t.app.db
      .updateTable('user' as never)
      .set({ role: 'admin' } as never)
      .where('id' as never, '=', admin.userId as never)
      .execute();
    const session = async () => {
      const user = await signUpAndGetToken(t.baseUrl);
      const api = new ApiUser(t.baseUrl, user.token, user.userId, user.email);
      const etag = await etagOf(api);
      // Cached wardrobe: the early hook answers.
      expect((await counted(t, () => revalidate(t, user.token, etag))).fast).toBe(true);
      return { user, etag };
    };
    const refused = async (token: string, etag: string) => {
      const { response, fast } = await counted(t, () => revalidate(t, token, etag));
      expect([response.status, fast]).toEqual([401, false]);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    };

    const signedOut = await session();
    expect((await post(t, '/api/auth/sign-out', {}, signedOut.user.sessionToken)).status).toBe(200);
    await refused(signedOut.user.token, signedOut.etag);

    const banned = await session();
    const ban = await post(
      t,
      '/api/auth/admin/ban-user',
      { userId: banned.user.userId },
      admin.sessionToken,
    );
    expect(ban.status).toBe(200);
    await refused(banned.user.token, banned.etag);

    const removed = await session();
    const remove = await post(
      t,
      '/api/auth/admin/remove-user',
      { userId: removed.user.userId },
      admin.sessionToken,
    );
    expect(remove.status).toBe(200);
    await refused(removed.user.token, removed.etag);
  });

  it('counts each revalidation once against the rate limit, on either path', async () => {
    const etag = await etagOf(alice);
    const left = (response: RawResponse) => Number(response.headers['x-ratelimit-remaining']);
    const first = await counted(t, () => revalidate(t, alice.token, etag));
    expect(first.fast).toBe(true);
    const start = left(first.response);
    // Another ETag: passed on by the hook, answered by the handler, counted once.
    const handedOn = await counted(t, () => revalidate(t, alice.token, '"other"'));
    expect([handedOn.fast, handedOn.response.status]).toEqual([false, 200]);
    expect(left(handedOn.response)).toBe(start - 1);
    const settings = await rawRequest(t.baseUrl, {
      method: 'GET',
      path: '/api/users/settings',
      headers: { authorization: `Bearer ${alice.token}` },
      contentLength: null,
    });
    expect(left(settings)).toBe(start - 2);
    const last = await counted(t, () => revalidate(t, alice.token, etag));
    expect([last.fast, left(last.response)]).toEqual([true, start - 3]);
  });

  it('hands everything else to the handler unchanged', async () => {
    const etag = await etagOf(alice);
    const cases: [string, () => Promise<RawResponse>][] = [
      ['HEAD', () => revalidate(t, alice.token, etag, {}, '/api/users', 'HEAD')],
      ['a query', () => revalidate(t, alice.token, etag, {}, '/api/users?x=1')],
      ['a trailing slash', () => revalidate(t, alice.token, etag, {}, '/api/users/')],
      ['a declared body', () => revalidate(t, alice.token, etag, { 'content-length': '0' })],
      ['another ETag', () => revalidate(t, alice.token, '"other"')],
      ['a weak list', () => revalidate(t, alice.token, `W/${etag}, "other"`)],
      [
        'no If-None-Match',
        () =>
          rawRequest(t.baseUrl, {
            method: 'GET',
            path: '/api/users',
            headers: { authorization: `Bearer ${alice.token}` },
            contentLength: null,
          }),
      ],
    ];
    for (const [name, request] of cases) {
      const normal = await throughHandler(t, request);
      const { response, fast } = await counted(t, request);
      // The weak list matches (matchesEtag); a query or an empty body is the same route: answered
      // early as the handler answers them.
      expect(fast, name).toBe(['a weak list', 'a query', 'a declared body'].includes(name));
      expect(response.status, name).toBe(normal.status);
      expect(response.body, name).toBe(normal.body);
    }
  });
});

describe('GET /api/users early 304 and the rate limit', () => {
  it('refuses a revalidation over the limit with 429 before the early hook, as before', async () => {
    const t = await startApp('sqlite', { env: { RATE_LIMIT_MAX: '12' } });
    try {
      const user = await signUp(t);
      const etag = await etagOf(user);
      let response: RawResponse;
      let fast = 0;
      for (;;) {
        const before = t.app.revalidation.answered;
        response = await revalidate(t, user.token, etag);
        fast += t.app.revalidation.answered - before;
        if (response.status !== 304) break;
      }
      expect(fast).toBeGreaterThan(0);
      expect(response.status).toBe(429);
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(response.body)).toEqual({
        detail: expect.stringMatching(/^Too many requests\. Try again in/),
      });
    } finally {
      await t.close();
    }
  });

  it('runs after the edge, body, rate-limit and authentication hooks on GET /api/users', async () => {
    const t = await startApp('sqlite');
    try {
      // CORS, body size, rate limit, bearer token, then the early 304 (it needs request.user, and
      // its answer carries every header the hooks before it set); helmet's headers go on as an
      // answer is sent, on every answer but a 304 (plugins/security.ts).
      const lines = t.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
      const at = lines.findIndex((line) => line.endsWith('/api/users (GET)'));
      expect(at).toBeGreaterThan(-1);
      const hooks: string[] = [];
      for (let i = at + 1; /^[│\s]*• /.test(lines[i] ?? ''); i++)
        hooks.push(lines[i]!.replace(/^[│\s]*• /, ''));
      // handleCors is @fastify/cors's; the anonymous hook is @fastify/rate-limit's onRequest.
      // @fastify/multipart's hooks are not here: it is registered only in the scope of the routes
      // that take a body (plugins/body.ts `forms`), and this route has no onResponse hook at all.
      expect(hooks).toEqual([
        '(onRequest) ["handleCors()","noStore()","declaredLength()",' +
          '"anonymous()","authenticate()","revalidateCached()"]',
        '(onSend) ["securityHeaders()"]',
      ]);
    } finally {
      await t.close();
    }
  });
});
