import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Config } from '../config.js';
import type { AccountLimits } from './account-limits.js';
import { createAccessTokenVerifier, type AccessTokenVerifier } from './access-token.js';
import type { HangerBetterAuth } from './better-auth.js';
import { createRedis } from '../plugins/redis.js';
import { createMailer, type AuthLogger, type Mailer } from './mailer.js';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store.js';
import { CLOCK_SKEW_MS, RevocationService } from './revocation.js';
import { readPublicKeys } from './signing-keys.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AddressLimits } from './auth-settings.js';

// The identity service's settings, for the rest of the server.
export * from './auth-settings.js';

export type AuthDialect = 'sqlite' | 'postgres';

export interface CreateAuthOptions {
  config: Config;
  /** better-auth queries its own tables (IdentityDatabase in db/schema.ts) through it. */
  db: Kysely<Database>;
  dialect: AuthDialect;
  logger: AuthLogger & { debug(obj: object, msg: string): void };
  /** Defaults to SMTP when config.smtpUrl is set, else the server log. */
  mailer?: Mailer;
  /** Defaults to Redis (the shared client, else config.redisUrl) or else this process's memory. */
  rateLimitStore?: RateLimitStore;
  /** A Redis client the server already holds; the identity service borrows it and leaves it open. */
  redis?: Redis | null;
  addressLimits?: Partial<AddressLimits>;
  accountLimits?: Partial<AccountLimits>;
  /**
   * Called after an account is deleted (its sessions and sign-in methods are gone by then), so the
   * rest of the server can remove what the account owned.
   */
  onUserDeleted?: (userId: string) => Promise<void>;
}

export interface OAuthProviderInfo {
  id: string;
  name: string;
  type: 'oauth2';
}

export interface SignInMethods {
  email_password: true;
  magic_link: true;
  providers: OAuthProviderInfo[];
}

export type { HangerBetterAuth } from './better-auth.js';

/**
 * better-auth as the rest of the server uses it, loaded on first use: importing and building it
 * is most of what the identity service costs at start-up, and the first request (a health check,
 * a wardrobe answer with an access token) does not need it. Every member loads it once and then
 * forwards; `options.baseURL` is known without it.
 */
export interface LazyBetterAuth {
  options: { baseURL: string };
  handler(request: Request): Promise<Response>;
  /** better-auth's own `$context` (its adapter, providers, …). */
  readonly $context: HangerBetterAuth['$context'];
  /** better-auth's server API; each call loads it first. */
  api: HangerBetterAuth['api'];
  /** better-auth itself, loaded and built once. */
  load(): Promise<HangerBetterAuth>;
}

/** The identity service: better-auth plus what the rest of the server needs from it. */
export interface AuthService {
  auth: LazyBetterAuth;
  /** Checks a bearer access token locally (signature, issuer, audience, expiry, revocation). */
  accessTokens: AccessTokenVerifier;
  /** Ended sessions and accounts whose access tokens are refused (see revocation.ts). */
  revocations: RevocationService;
  /** Reads the revocations still in force and subscribes to new ones; before serving. */
  start(): Promise<void>;
  /** What the sign-in page offers. A provider whose discovery failed at start-up is left out. */
  signInMethods(): Promise<SignInMethods>;
  close(): Promise<void>;
}

function createRateLimitStore({ config, logger, redis }: CreateAuthOptions): RateLimitStore {
  const connection = redis ?? config.redisUrl;
  if (!connection) return createMemoryRateLimitStore();
  let loggedAt = 0;
  return createRedisRateLimitStore({
    redis: connection,
    onError: (error) => {
      // A Redis outage would otherwise log on every request.
      if (Date.now() - loggedAt < 60_000) return;
      loggedAt = Date.now();
      logger.error({ err: error }, 'Redis is unreachable; rate limits fall back to this process');
    },
  });
}

export function createAuth(options: CreateAuthOptions): AuthService {
  const { config, logger } = options;
  const ownMailer = options.mailer ? undefined : createMailer({ ...config, logger });
  const mailer = options.mailer ?? (ownMailer as Mailer);
  const ownStore = options.rateLimitStore ? undefined : createRateLimitStore(options);
  const store = options.rateLimitStore ?? (ownStore as RateLimitStore);

  const publisher = options.redis ?? null;
  const redisUrl = config.redisUrl;
  const revocations = new RevocationService({
    db: options.db,
    keepMs: ACCESS_TOKEN_TTL_SECONDS * 1000 + CLOCK_SKEW_MS,
    logger,
    publisher,
    subscriber:
      publisher && redisUrl
        ? () => {
            const subscriber = createRedis(redisUrl, 'hanger-revocation-subscriber');
            subscriber.on('error', (err) => logger.warn({ err }, 'redis subscriber error'));
            return subscriber;
          }
        : undefined,
  });

  let built: Promise<HangerBetterAuth> | undefined;
  const load = () =>
    (built ??= import('./better-auth.js')
      .then((m) => m.buildBetterAuth(options, mailer, store, revocations))
      .catch((error: unknown) => {
        built = undefined;
        throw error;
      }));
  const api = new Proxy({} as HangerBetterAuth['api'], {
    get:
      (_target, name) =>
      async (...args: unknown[]) => {
        const endpoints = (await load()).api as unknown as Record<
          PropertyKey,
          (...a: unknown[]) => unknown
        >;
        return endpoints[name]!(...args);
      },
  });
  const auth: LazyBetterAuth = {
    options: { baseURL: config.publicUrl },
    handler: async (request) => (await load()).handler(request),
    get $context() {
      return load().then((a) => a.$context);
    },
    api,
    load,
  };

  const accessTokens = createAccessTokenVerifier({
    issuer: config.publicUrl,
    audience: config.publicUrl,
    isRevoked: (claims) => revocations.isRevoked(claims),
    // The keys as GET /api/auth/jwks lists them, read without loading better-auth; its getJwks
    // creates the first signing key when there is none yet.
    loadKeys: async () => {
      const keys = await readPublicKeys(options.db);
      return keys.length > 0 ? keys : (await auth.api.getJwks()).keys;
    },
  });

  const configured: OAuthProviderInfo[] = config.oidc
    ? [{ id: config.oidc.providerId, name: config.oidc.displayName, type: 'oauth2' }]
    : [];

  return {
    auth,
    accessTokens,
    revocations,
    start: () => revocations.start(),
    async signInMethods() {
      const usable = new Set((await auth.$context).socialProviders.map((p) => p.id));
      const providers = configured.filter((p) => usable.has(p.id));
      return { email_password: true, magic_link: true, providers };
    },
    async close() {
      await revocations.close();
      ownMailer?.close();
      await ownStore?.close();
    },
  };
}
