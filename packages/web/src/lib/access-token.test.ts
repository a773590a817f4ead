import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, fakeServer, json } from '../test-utils/fake-server';
import { TokenUnavailableError, clearAccessToken, getAccessToken, jwtExpiry } from './access-token';

beforeEach(() => clearAccessToken());
afterEach(() => {
  clearAccessToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const tokenCalls = (server: ReturnType<typeof fakeServer>) =>
  server.calls.filter((c) => c.path === '/api/auth/token').length;

describe('the access token', () => {
  it('reads the expiry from the JWT payload', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    expect(jwtExpiry(fakeJwt(900))).toBe(Date.parse('2025-01-01T00:15:00Z'));
    expect(jwtExpiry('not-a-jwt')).toBeNull();
  });

  it("counts a token's lifetime from its receipt, whatever this device's clock says", async () => {
    const serverNow = Date.parse('2026-11-27T18:00:00Z');
    // Two years behind the server: the expiry is two years ahead on this clock, beyond what
    // setTimeout can wait (it would fire at once, and the refresh would repeat without end).
    vi.useFakeTimers({ now: new Date('2024-11-27T18:00:00Z') });
    let server = fakeServer({
      'GET /api/auth/token': () => json({ token: fakeJwt(15 * 60, serverNow) }),
    });
    await getAccessToken();
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000 - 1);
    expect(tokenCalls(server)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokenCalls(server)).toBe(2);

    // An hour ahead of the server: a fresh token is not taken for an expired one.
    clearAccessToken();
    vi.setSystemTime(new Date(serverNow + 60 * 60 * 1000));
    server = fakeServer({
      'GET /api/auth/token': () => json({ token: fakeJwt(15 * 60, serverNow) }),
    });
    const token = await getAccessToken();
    expect(await getAccessToken()).toBe(token);
    expect(tokenCalls(server)).toBe(1);
  });

  it('is minted once and reused while more than 5 minutes remain', async () => {
    const server = fakeServer();
    const first = await getAccessToken();
    expect(await getAccessToken()).toBe(first);
    expect(tokenCalls(server)).toBe(1);
  });

  it('is refreshed in the background about 5 minutes before it expires', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    const server = fakeServer({ 'GET /api/auth/token': () => json({ token: fakeJwt(15 * 60) }) });
    await getAccessToken();
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000 - 1);
    expect(tokenCalls(server)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokenCalls(server)).toBe(2);
  });

  it('is not reused inside the last 5 minutes even if the timer did not run', async () => {
    const server = fakeServer({ 'GET /api/auth/token': () => json({ token: fakeJwt(4 * 60) }) });
    await getAccessToken();
    await getAccessToken();
    expect(tokenCalls(server)).toBe(2);
  });

  it('shares one request between callers asking at the same time', async () => {
    const server = fakeServer();
    const [a, b] = await Promise.all([getAccessToken(), getAccessToken()]);
    expect(a).toBe(b);
    expect(tokenCalls(server)).toBe(1);
  });

  it('fails with the status when there is no session', async () => {
    fakeServer({ 'GET /api/auth/token': () => json({ code: 'UNAUTHORIZED' }, 401) });
    await expect(getAccessToken()).rejects.toEqual(new TokenUnavailableError(401));
  });
});
