import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';

/** Who a valid access token speaks for. */
export interface AuthUser {
  id: string;
  email: string;
}

export class InvalidAccessTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidAccessTokenError';
  }
}

export interface AccessTokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The public signing keys (the JWKS). Called on start-up and when a token names an unknown key. */
  loadKeys: () => Promise<JWK[]>;
  /** Lower bound between two reloads, so forged key ids cannot turn every request into a DB query. */
  reloadIntervalMs?: number;
  now?: () => number;
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<AuthUser>;
}

type PublicKey = Awaited<ReturnType<typeof importJWK>>;

interface CachedKey {
  alg: string;
  key: PublicKey;
}

/**
 * Verifies access tokens locally: public keys are held in memory and only re-read when a token is
 * signed by a key this process has not seen yet (after a rotation or when another process created
 * the first key). No database round trip per request.
 */
export function createAccessTokenVerifier(
  options: AccessTokenVerifierOptions,
): AccessTokenVerifier {
  const now = options.now ?? Date.now;
  const reloadIntervalMs = options.reloadIntervalMs ?? 1000;
  let keys = new Map<string, CachedKey>();
  let lastLoad = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    const next = new Map<string, CachedKey>();
    for (const jwk of await options.loadKeys()) {
      if (!jwk.kid || !jwk.alg) continue;
      next.set(jwk.kid, { alg: jwk.alg, key: await importJWK(jwk, jwk.alg) });
    }
    keys = next;
  }

  async function reload(): Promise<void> {
    if (now() - lastLoad < reloadIntervalMs) return;
    lastLoad = now();
    loading ??= load().finally(() => {
      loading = undefined;
    });
    await loading;
  }

  async function keyFor(kid: string): Promise<CachedKey | undefined> {
    const cached = keys.get(kid);
    if (cached) return cached;
    await reload();
    return keys.get(kid);
  }

  return {
    async verify(token) {
      let kid: string | undefined;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        throw new InvalidAccessTokenError('malformed token');
      }
      if (!kid) throw new InvalidAccessTokenError('token names no key');
      const cached = await keyFor(kid);
      if (!cached) throw new InvalidAccessTokenError('token signed by an unknown key');
      try {
        const { payload } = await jwtVerify(token, cached.key, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: [cached.alg],
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: new Date(now()),
        });
        const email = typeof payload.email === 'string' ? payload.email : '';
        return { id: payload.sub as string, email };
      } catch (error) {
        throw new InvalidAccessTokenError(error instanceof Error ? error.message : 'invalid token');
      }
    },
  };
}
