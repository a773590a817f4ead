import { ERROR_CATALOGUE } from '@hanger/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test-utils/fake-server';
import { ApiError, NoUserError, createApiClient, type ApiClientDeps } from './transport';

function client(fetchImpl: typeof fetch, overrides: Partial<ApiClientDeps> = {}) {
  return createApiClient({
    baseUrl: '/api',
    hasUser: () => true,
    getToken: async () => 'token-1',
    refreshToken: async () => 'token-2',
    isMobile: () => false,
    fetch: fetchImpl,
    ...overrides,
  });
}

const respond = (body: unknown, status = 200) => vi.fn(async () => json(body, status));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the error catalogue', () => {
  it.each([
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [413, 'FILE_TOO_LARGE'],
    [422, 'VALIDATION_ERROR'],
    [400, 'VALIDATION_ERROR'],
    [409, 'VALIDATION_ERROR'],
    [500, 'SERVER_ERROR'],
    [503, 'SERVER_ERROR'],
  ] as const)('maps status %i to %s with the default message', async (status, code) => {
    const err = await failure(client(respond({}, status)).get('/users'));
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.message).toBe(ERROR_CATALOGUE[code]);
  });

  it("uses the server's detail instead of the default message", async () => {
    const err = await failure(
      client(respond({ detail: 'Unknown category "hat"' }, 422)).get('/users'),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.message).toBe('Unknown category "hat"');
  });

  it('ignores a body that is not JSON (a proxy error page)', async () => {
    const fetchImpl = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await failure(client(fetchImpl).get('/users'));
    expect(err).toMatchObject({ code: 'SERVER_ERROR', message: ERROR_CATALOGUE.SERVER_ERROR });
  });

  it('reports no answer at all as NETWORK_ERROR', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failure(client(fetchImpl).get('/users'));
    expect(err).toMatchObject({
      code: 'NETWORK_ERROR',
      message: ERROR_CATALOGUE.NETWORK_ERROR,
      status: null,
    });
  });
});

describe('time-outs', () => {
  function hangingFetch() {
    return vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          if (init?.signal?.aborted) reject(new DOMException('Aborted', 'AbortError'));
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
  }

  it('gives up after 30 s on a desktop with TIMEOUT', async () => {
    vi.useFakeTimers();
    const request = failure(client(hangingFetch()).get('/users'));
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void request.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await request).toMatchObject({ code: 'TIMEOUT', message: ERROR_CATALOGUE.TIMEOUT });
  });

  it('waits 60 s on a phone', async () => {
    vi.useFakeTimers();
    let settled = false;
    const request = failure(client(hangingFetch(), { isMobile: () => true }).get('/users'));
    void request.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(45_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(15_000);
    expect((await request).code).toBe('TIMEOUT');
  });

  it("passes the caller's own abort through untouched", async () => {
    const controller = new AbortController();
    const request = client(hangingFetch()).get('/users', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('requests', () => {
  it('sends the bearer token and converts JSON bodies to snake_case', async () => {
    const fetchImpl = respond({ ok: true });
    await client(fetchImpl).post('/things', { body: { displayItem: 'a1', weekStart: 1 } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-1');
    expect(JSON.parse(init.body as string)).toEqual({ display_item: 'a1', week_start: 1 });
  });

  it('does not call without a signed-in user, and warns on the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchImpl = respond({});
    await expect(client(fetchImpl, { hasUser: () => false }).get('/users')).rejects.toBeInstanceOf(
      NoUserError,
    );
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no signed-in user'));
  });

  it('retries once with a new token when the API refuses the current one', async () => {
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(json({ detail: 'expired' }, 401))
      .mockResolvedValueOnce(json({ ok: true }));
    expect(await client(fetchImpl as unknown as typeof fetch).get('/users')).toEqual({ ok: true });
    const second = fetchImpl.mock.calls[1] as [string, RequestInit];
    expect(new Headers(second[1].headers).get('authorization')).toBe('Bearer token-2');
  });

  it('reports the session as expired when the identity service will not mint a token', async () => {
    const onSessionExpired = vi.fn();
    const { TokenUnavailableError } = await import('../access-token');
    const err = await failure(
      client(respond({}), {
        getToken: () => Promise.reject(new TokenUnavailableError(401)),
        onSessionExpired,
      }).get('/users'),
    );
    expect(err.code).toBe('UNAUTHORIZED');
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('gives calls made outside request the same token, retry and session end', async () => {
    const tokens: string[] = [];
    const api = client(respond({}));
    const answer = await api.authorized('POST /imports', async (token) => {
      tokens.push(token);
      return { status: tokens.length === 1 ? 401 : 201 };
    });
    expect(answer.status).toBe(201);
    expect(tokens).toEqual(['token-1', 'token-2']);

    const onSessionExpired = vi.fn();
    const { TokenUnavailableError } = await import('../access-token');
    const call = vi.fn(async () => ({ status: 401 }));
    const err = await failure(
      client(respond({}), {
        refreshToken: () => Promise.reject(new TokenUnavailableError(401)),
        onSessionExpired,
      }).authorized('GET /export/items.csv', call),
    );
    expect(err.code).toBe('UNAUTHORIZED');
    expect(call).toHaveBeenCalledOnce();
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });
});
