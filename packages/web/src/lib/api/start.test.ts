import { startAnswerSchema } from '@hanger/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, fakeServer, json } from '../../test-utils/fake-server';
import { clearAccessToken } from '../access-token';
import {
  StartUnavailableError,
  beginStart,
  fetchStart,
  resetStartForTests,
  startFrom,
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

describe('the start answer', () => {
  // The page reads it without the schema library (start.ts); the verdicts must be the schema's.
  const envelope = startAnswerSchema.omit({ settings: true });
  const answers: unknown[] = [
    { user: identity, token: 'a.b.c' },
    { user: { ...identity, image: 'https://img.example/a.png' }, token: 'a.b.c', settings: {} },
    { user: null },
    { user: identity },
    { user: identity, token: '' },
    { user: identity, token: 7 },
    { user: { ...identity, id: '' }, token: 'a.b.c' },
    { user: { ...identity, id: 5 }, token: 'a.b.c' },
    { user: { ...identity, name: undefined }, token: 'a.b.c' },
    { user: { ...identity, email: null }, token: 'a.b.c' },
    { user: { ...identity, image: undefined }, token: 'a.b.c' },
    { user: 'u1', token: 'a.b.c' },
    {},
    null,
    'signed in',
  ];

  it.each(answers.map((a) => [JSON.stringify(a), a]))(
    'reads %s as the domain schema does',
    async (_, body) => {
      const schema = envelope.safeParse(body);
      const expected =
        schema.success && schema.data.user && schema.data.token !== undefined
          ? { user: schema.data.user, token: schema.data.token }
          : { user: null };
      expect(await startFrom(200, body)).toEqual(
        expected.user
          ? { ...expected, settings: (body as { settings?: unknown }).settings }
          : expected,
      );
    },
  );
});
