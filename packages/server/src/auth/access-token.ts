import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import type { TokenClaims } from './revocation.js';

/** Who a valid access token speaks for. */
export interface AuthUser {
  id: string;
  email: string;
  /** The session the token was minted from (its `sid` claim). */
  sessionId: string;
  /** When the token was minted (its `iat` claim, in seconds). */
  issuedAt: number;
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
  /**
   * Ended sessions and accounts (see revocation.ts): an in-memory check, no I/O per request. A
   * token it names is refused although its signature and expiry are fine.
   */
  isRevoked?: (claims: TokenClaims) => boolean;
  now?: () => number;
  /**
   * How long a verified token is remembered (by its exact text) so that the next request with it
   * skips decoding and the signature check; its expiry and revocation are still checked on every
   * request. 0 checks the signature every time.
   */
  rememberMs?: number;
}

/** A client sends the same token for up to 15 minutes: remembering it for one saves the check. */
const REMEMBER_MS = 60_000;
/** Bound on remembered tokens (about 1 kB each). */
const REMEMBERED_MAX = 2000;

interface Remembered {
  user: AuthUser;
  claims: TokenClaims;
  /** The token's `exp` claim (seconds). */
  exp: number;
  /** When this process stops trusting the remembered verdict (ms). */
  until: number;
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<AuthUser>;
  /**
   * The user of a token verified less than `rememberMs` ago, still unexpired, answered without a
   * promise (the hot path of every API call); undefined when it has to go through `verify`.
   * Throws InvalidAccessTokenError for a remembered token that has been revoked since.
   */
  recall(token: string): AuthUser | undefined;
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
  const rememberMs = options.rememberMs ?? REMEMBER_MS;
  const remembered = new Map<string, Remembered>();

  async function load(): Promise<void> {
    const next = new Map<string, CachedKey>();
    for (const jwk of await options.loadKeys()) {
      if (!jwk.kid || !jwk.alg) continue;
      next.set(jwk.kid, { alg: jwk.alg, key: await importJWK(jwk, jwk.alg) });
    }
    keys = next;
  }

  async function reload(): Promise<void> {
    // Requests arriving while a load runs wait for it (else they would see the old keys).
    if (loading) return loading;
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

  /** A token verified before, still within its expiry (jose's rule: exp > now in whole seconds). */
  function recall(token: string): AuthUser | undefined {
    const hit = remembered.get(token);
    if (!hit) return undefined;
    const t = now();
    if (t >= hit.until || hit.exp <= Math.floor(t / 1000)) {
      remembered.delete(token);
      return undefined;
    }
    if (options.isRevoked?.(hit.claims)) throw new InvalidAccessTokenError('token revoked');
    return { ...hit.user };
  }

  function remember(token: string, user: AuthUser, claims: TokenClaims, exp: unknown): void {
    if (rememberMs <= 0 || typeof exp !== 'number') return;
    if (remembered.size >= REMEMBERED_MAX) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    remembered.set(token, { user: { ...user }, claims, exp, until: now() + rememberMs });
  }

  return {
    recall,
    async verify(token) {
      const known = recall(token);
      if (known) return known;
      let kid: string | undefined;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        throw new InvalidAccessTokenError('malformed token');
      }
      if (!kid) throw new InvalidAccessTokenError('token names no key');
      const cached = await keyFor(kid);
      if (!cached) throw new InvalidAccessTokenError('token signed by an unknown key');
      let claims: TokenClaims & { email: string };
      let exp: unknown;
      try {
        const { payload } = await jwtVerify(token, cached.key, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: [cached.alg],
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
          currentDate: new Date(now()),
        });
        if (typeof payload.sid !== 'string' || typeof payload.iat !== 'number')
          throw new InvalidAccessTokenError('malformed claims');
        const email = typeof payload.email === 'string' ? payload.email : '';
        claims = { sub: payload.sub as string, sid: payload.sid, iat: payload.iat, email };
        // A not-before claim would make the verdict depend on time in another way: not kept.
        exp = payload.nbf === undefined ? payload.exp : undefined;
      } catch (error) {
        throw new InvalidAccessTokenError(error instanceof Error ? error.message : 'invalid token');
      }
      if (options.isRevoked?.(claims)) throw new InvalidAccessTokenError('token revoked');
      const user = {
        id: claims.sub,
        email: claims.email,
        sessionId: claims.sid!,
        issuedAt: claims.iat,
      };
      remember(token, user, claims, exp);
      return user;
    },
  };
}
