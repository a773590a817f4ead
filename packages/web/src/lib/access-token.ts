import { TOKEN_REFRESH_LEAD_MS } from '@hanger/domain';

/**
 * The short-lived access token (a JWT) the product API wants as `Authorization: Bearer`. It is
 * minted from the identity service's session cookie, kept in memory only, and refreshed about
 * five minutes before it expires (docs/spec.md §9) so that no request waits on a refresh.
 */

export const TOKEN_ENDPOINT = '/api/auth/token';
/** When a token carries no readable expiry, treat it as living this long. */
const FALLBACK_LIFETIME_MS = 15 * 60 * 1000;

export class TokenUnavailableError extends Error {
  constructor(readonly status: number | null) {
    super(
      status === null ? 'Could not reach the identity service' : `Token request failed (${status})`,
    );
    this.name = 'TokenUnavailableError';
  }
}

/**
 * When a JWT received just now stops being good, on this device's clock (epoch milliseconds),
 * or null when it cannot be read. Its lifetime (exp − iat) is counted from its receipt: a device
 * whose clock is off (a phone whose date was reset) would otherwise think a fresh token long
 * expired, and ask for one before every request, or valid for years.
 */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const { exp, iat } = JSON.parse(json) as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number') return null;
    return typeof iat === 'number' ? Date.now() + (exp - iat) * 1000 : exp * 1000;
  } catch {
    return null;
  }
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

let cached: CachedToken | null = null;
let inflight: Promise<string> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function isFresh(t: CachedToken | null, now = Date.now()): t is CachedToken {
  return t !== null && t.expiresAt - now > TOKEN_REFRESH_LEAD_MS;
}

/** The longest delay setTimeout keeps; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function scheduleRefresh(t: CachedToken): void {
  clearTimeout(refreshTimer);
  const due = Math.min(t.expiresAt - TOKEN_REFRESH_LEAD_MS - Date.now(), MAX_TIMER_MS);
  if (due <= 0) return;
  refreshTimer = setTimeout(() => {
    // A failed background refresh is retried by the next request that needs a token.
    void refreshAccessToken().catch(() => undefined);
  }, due);
}

/** Takes a token just received as the current one, and schedules its refresh. */
function keep(token: string): void {
  cached = { token, expiresAt: jwtExpiry(token) ?? Date.now() + FALLBACK_LIFETIME_MS };
  scheduleRefresh(cached);
}

/** Mint a new token from the session now. */
export function refreshAccessToken(): Promise<string> {
  inflight ??= (async () => {
    try {
      let res: Response;
      try {
        res = await fetch(TOKEN_ENDPOINT, {
          credentials: 'include',
          headers: { accept: 'application/json' },
        });
      } catch {
        throw new TokenUnavailableError(null);
      }
      if (!res.ok) throw new TokenUnavailableError(res.status);
      const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
      if (!body || typeof body.token !== 'string') throw new TokenUnavailableError(res.status);
      keep(body.token);
      return body.token;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/**
 * Takes a token minted elsewhere (GET /api/start answers one with the session) as the current
 * one, so that the first API call does not ask for another.
 */
export function primeAccessToken(token: string): void {
  keep(token);
}

/** A token with more than the refresh lead left, minting one when needed. */
export function getAccessToken(): Promise<string> {
  return isFresh(cached) ? Promise.resolve(cached.token) : refreshAccessToken();
}

/** Forget the token (sign-out, or a token the API refused). */
export function clearAccessToken(): void {
  cached = null;
  clearTimeout(refreshTimer);
}
