import { afterEach, beforeEach, vi } from 'vitest';
import { clearAccessToken } from '../lib/access-token';
import { signedInWith } from './fixtures';

/** A JWT whose payload says it expires `secondsFromNow` from now (the signature is not checked). */
export function fakeJwt(secondsFromNow = 900, serverNow = Date.now()): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const iat = Math.floor(serverNow / 1000);
  return `${b64({ alg: 'EdDSA' })}.${b64({ sub: 'u1', iat, exp: iat + secondsFromNow })}.sig`;
}

export interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

type Handler = (call: Call) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for the network: routes `fetch` by "METHOD /path" to handlers and records every
 * call. The identity service's token endpoint answers a fresh token unless overridden.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: Call = {
      method,
      path: url.pathname,
      headers: new Headers(init.headers),
      body: init.body,
    };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const handler =
      routes[`${method} ${url.pathname}`] ??
      (url.pathname === '/api/auth/token' ? () => json({ token: fakeJwt() }) : undefined);
    if (!handler) return json({ detail: `No route for ${method} ${url.pathname}` }, 404);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /**
     * Calls to the product API (not the identity service), but for the background read of the
     * collections that screens showing them make (docs/collections.md).
     */
    apiCalls: () =>
      calls.filter(
        (c) =>
          c.path.startsWith('/api/') &&
          !c.path.startsWith('/api/auth/') &&
          !(c.method === 'GET' && c.path === '/api/collections'),
      ),
  };
}

/**
 * Registers the hooks for tests of the product API's calls: a signed-in user whose token the
 * fake identity service mints afresh for each test, and the real `fetch` back afterwards.
 */
export function signedInApiHooks(): void {
  beforeEach(() => {
    clearAccessToken();
    signedInWith(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
