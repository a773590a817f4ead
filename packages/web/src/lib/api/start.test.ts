import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, fakeServer, json } from '../../test-utils/fake-server';
import { clearAccessToken } from '../access-token';
import {
  StartUnavailableError,
  beginStart,
  fetchStart,
  resetStartForTests,
  takeStart,
} from './start';

const identity = { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null };

afterEach(() => {
  resetStartForTests();
  clearAccessToken();
  vi.unstubAllGlobals();
});

describe('GET /api/start', () => {
  it('reads the user, token and settings of one answer, sending the session cookie', async () => {
    const token = fakeJwt();
    const server = fakeServer({
      'GET /api/start': () => json({ user: identity, token, settings: { currency: 'EUR' } }),
    });
    expect(await fetchStart()).toEqual({ user: identity, token, settings: { currency: 'EUR' } });
    expect(server.calls).toHaveLength(1);
  });

  it('reads a signed-out answer, or a user without a token, as nobody', async () => {
    fakeServer({ 'GET /api/start': () => json({ user: null }) });
    expect(await fetchStart()).toEqual({ user: null });
    fakeServer({ 'GET /api/start': () => json({ user: identity }) });
    expect(await fetchStart()).toEqual({ user: null });
  });

  it('tells a server error and no connection apart from signed out', async () => {
    fakeServer({ 'GET /api/start': () => json({ detail: 'down' }, 503) });
    await expect(fetchStart()).rejects.toEqual(new StartUnavailableError(503));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(fetchStart()).rejects.toEqual(new StartUnavailableError(null));
  });

  it('on a server without /api/start, asks for session, token and settings in turn', async () => {
    const server = fakeServer({
      'GET /api/auth/get-session': () => json({ user: identity, session: {} }),
      'GET /api/users/settings': () => json({ currency: 'JPY' }),
    });
    const answer = await fetchStart();
    expect(answer).toMatchObject({ user: identity, settings: { currency: 'JPY' } });
    expect(answer.token).toEqual(expect.any(String));
    expect(server.calls.map((c) => c.path)).toEqual([
      '/api/start',
      '/api/auth/get-session',
      '/api/auth/token',
      '/api/users/settings',
    ]);
  });

  it('hands the early request to the first taker only', async () => {
    const server = fakeServer({ 'GET /api/start': () => json({ user: null }) });
    beginStart();
    beginStart();
    await takeStart();
    expect(server.calls).toHaveLength(1);
    await takeStart();
    expect(server.calls).toHaveLength(2);
  });
});
