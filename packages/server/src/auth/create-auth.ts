import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { admin, bearer, genericOAuth, jwt, magicLink } from 'better-auth/plugins';
import type { Redis } from 'ioredis';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { accountRateLimit, DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from './account-limits.js';
import { createAccessTokenVerifier, type AccessTokenVerifier } from './access-token.js';
import { createRedis } from '../plugins/redis.js';
import { CLIENT_IP_HEADER, clientIpOf } from './client-ip.js';
import { createMailer, type AuthLogger, type Mailer } from './mailer.js';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
  type RateRule,
} from './rate-limit-store.js';
import { CLOCK_SKEW_MS, RevocationService } from './revocation.js';
import { revocationHooks } from './revocation-hooks.js';
import { inputLimits, MAX_PASSWORD, MIN_PASSWORD } from './input-limits.js';
import { logSecurityEvent } from '../security-events.js';
import { securityLog } from './security-log.js';
import { sessionPolicy } from './session-policy.js';
import { signUpPolicy } from './sign-up-policy.js';

export const AUTH_BASE_PATH = '/api/auth';

export { CLIENT_IP_HEADER } from './client-ip.js';

/** Access tokens live 15 minutes; clients fetch a new one from GET /api/auth/token before expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** E-mailed links (sign-in and password reset) work once and expire after 10 minutes. */
export const EMAIL_LINK_TTL_SECONDS = 10 * 60;
/** A sign-up's confirmation link; a password sign-in before confirming mails a fresh one. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 60 * 60;
/** Notices to an address's owner about sign-ups with it, so the form cannot flood an inbox. */
export const EXISTING_ACCOUNT_NOTICE_LIMIT: RateRule = { window: 60 * 60, max: 3 };

/** Per client address and path, enforced by better-auth's rate limiter. */
export interface AddressLimits {
  passwordSignIn: RateRule;
  signUp: RateRule;
  signInLink: RateRule;
  linkVerify: RateRule;
  federatedSignIn: RateRule;
  passwordChange: RateRule;
  passwordReset: RateRule;
}

export const DEFAULT_ADDRESS_LIMITS: AddressLimits = {
  passwordSignIn: { window: 60, max: 10 },
  signUp: { window: 60, max: 30 },
  signInLink: { window: 60, max: 5 },
  linkVerify: { window: 60, max: 10 },
  federatedSignIn: { window: 60, max: 20 },
  passwordChange: { window: 60, max: 5 },
  passwordReset: { window: 60, max: 5 },
};

export type AuthDialect = 'sqlite' | 'postgres';

export interface CreateAuthOptions {
  config: Config;
  // better-auth queries its own tables by name; the app's schema type does not describe them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
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

function buildBetterAuth(
  options: CreateAuthOptions,
  mailer: Mailer,
  store: RateLimitStore,
  revocations: RevocationService,
) {
  const { config, db, dialect, logger } = options;
  const address = { ...DEFAULT_ADDRESS_LIMITS, ...options.addressLimits };
  const account = { ...DEFAULT_ACCOUNT_LIMITS, ...options.accountLimits };
  const linkMinutes = EMAIL_LINK_TTL_SECONDS / 60;
  // With SMTP, a sign-up must prove the address before it can sign in, and sign-up answers alike
  // for new and registered addresses. Without SMTP there is no way to prove an address: sign-up
  // stays immediate (a household's first run) and says when an address is taken.
  const confirmEmail = Boolean(config.smtpUrl);
  const ipOf = (request: Request | undefined | null) =>
    request?.headers.get(CLIENT_IP_HEADER) ?? undefined;

  const sendOrFail = async (what: string, email: string, send: () => Promise<void>) => {
    try {
      await send();
    } catch (error) {
      logger.error({ err: error, email }, `Could not send the ${what} e-mail`);
      throw new APIError('SERVICE_UNAVAILABLE', {
        message: 'The e-mail could not be sent. Please try again later.',
        code: 'EMAIL_NOT_SENT',
      });
    }
  };

  return betterAuth({
    appName: 'Hanger',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: { db, type: dialect },
    telemetry: { enabled: false },
    // A failed federated sign-in lands on the app's login page with ?error=<code>, not on a
    // better-auth page.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    logger: {
      level: config.logLevel === 'debug' || config.logLevel === 'trace' ? 'debug' : 'warn',
      log: (level, message, ...args) => {
        const obj = args.length > 0 ? { details: args } : {};
        if (level === 'error') logger.error(obj, message);
        else if (level === 'warn') logger.warn(obj, message);
        else if (level === 'debug') logger.debug(obj, message);
        else logger.info(obj, message);
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD,
      maxPasswordLength: MAX_PASSWORD,
      requireEmailVerification: confirmEmail,
      // Only called when confirmEmail is set (better-auth answers 422 otherwise).
      onExistingUserSignUp: async ({ user }, request) => {
        logSecurityEvent(logger, 'sign_up', {
          userId: user.id,
          ip: ipOf(request),
          reason: 'address already has an account; owner notified',
        });
        const { allowed } = await store.consume(
          `account:signUpNotice:${user.email.toLowerCase()}`,
          EXISTING_ACCOUNT_NOTICE_LIMIT,
        );
        if (!allowed) return;
        await sendOrFail('existing account notice', user.email, () =>
          mailer.sendExistingAccountNotice(user.email, `${config.publicUrl}/signin`),
        );
      },
      resetPasswordTokenExpiresIn: EMAIL_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }, request) => {
        logSecurityEvent(logger, 'password_changed', {
          userId: user.id,
          ip: ipOf(request),
          reason: 'reset through a mailed link',
        });
        await revocations.revokeUser(user.id);
      },
      sendResetPassword: ({ user, url }) =>
        sendOrFail('password reset', user.email, () =>
          mailer.sendPasswordReset(user.email, url, linkMinutes),
        ),
    },
    emailVerification: {
      sendOnSignUp: confirmEmail,
      sendOnSignIn: confirmEmail,
      // The confirmation link opens the app signed in.
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_CONFIRMATION_TTL_SECONDS,
      sendVerificationEmail: ({ user, url }) =>
        sendOrFail('confirmation', user.email, () =>
          mailer.sendSignUpConfirmation(user.email, url, EMAIL_CONFIRMATION_TTL_SECONDS / 60),
        ),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            logSecurityEvent(logger, 'sign_up', {
              userId: user.id,
              ip: clientIpOf(context),
              reason: context?.path ?? 'server',
              confirmed: Boolean(user.emailVerified),
            });
          },
        },
        update: {
          after: async (user) => {
            // A ban (admin ban-user or update-user) ends the account's tokens at once.
            if ((user as { banned?: boolean | null }).banned) await revocations.revokeUser(user.id);
          },
        },
        delete: {
          after: async (user, context) => {
            const actorId = context?.context.session?.user.id;
            logSecurityEvent(logger, 'account_deleted', {
              userId: user.id,
              ip: clientIpOf(context),
              ...(actorId && actorId !== user.id ? { actorId } : {}),
            });
            await revocations.revokeUser(user.id);
            await options.onUserDeleted?.(user.id);
          },
        },
      },
      session: {
        delete: {
          // Every way a session ends (sign-out, revoke-session(s), password change or reset, ban,
          // removal) deletes its row: the access tokens minted from it end with it.
          after: async (session, context) => {
            logSecurityEvent(logger, 'session_revoked', {
              userId: session.userId,
              ip: clientIpOf(context),
              reason: context?.path ?? 'expired',
            });
            await revocations.revokeSession(session.id);
          },
        },
      },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    account: {
      // Provider tokens are not used after sign-in; keep them unreadable in a database dump.
      encryptOAuthTokens: true,
    },
    rateLimit: {
      enabled: true,
      window: 10,
      max: 100,
      customRules: {
        '/sign-in/email': address.passwordSignIn,
        '/sign-up/email': address.signUp,
        '/sign-in/magic-link': address.signInLink,
        '/magic-link/verify': address.linkVerify,
        '/sign-in/social': address.federatedSignIn,
        '/callback/*': address.federatedSignIn,
        '/change-password': address.passwordChange,
        '/request-password-reset': address.passwordReset,
        '/reset-password': address.passwordReset,
        '/reset-password/*': address.linkVerify,
      },
      customStorage: { consume: (key, rule) => store.consume(`address:${key}`, rule) },
    },
    advanced: {
      cookiePrefix: 'hanger',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      inputLimits(),
      accountRateLimit(store, account, logger),
      sessionPolicy(),
      revocationHooks(revocations),
      securityLog(logger),
      signUpPolicy({ confirmEmail }),
      bearer(),
      jwt({
        // One way to get an access token: GET /api/auth/token. No token in get-session headers.
        disableSettingJwtHeader: true,
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: `${ACCESS_TOKEN_TTL_SECONDS}s`,
          // sid: the session the token comes from, so that ending the session ends the token.
          definePayload: ({ user, session }) => ({ email: user.email, sid: session.id }),
        },
      }),
      magicLink({
        expiresIn: EMAIL_LINK_TTL_SECONDS,
        // Only a hash is stored, so a database dump does not contain live sign-in links.
        storeToken: 'hashed',
        rateLimit: address.signInLink,
        sendMagicLink: ({ email, url }) =>
          sendOrFail('sign-in link', email, () => mailer.sendSignInLink(email, url, linkMinutes)),
      }),
      admin({ bannedUserMessage: 'This account is disabled.' }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: config.oidc.providerId,
                  name: config.oidc.displayName,
                  discoveryUrl: config.oidc.discoveryUrl,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: config.oidc.scopes,
                  pkce: true,
                  // Refuse the provider rather than accept ID tokens whose signature, issuer or
                  // audience cannot be checked against the issuer's published keys.
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type HangerBetterAuth = ReturnType<typeof buildBetterAuth>;

/** The identity service: better-auth plus what the rest of the server needs from it. */
export interface AuthService {
  auth: HangerBetterAuth;
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

  const auth = buildBetterAuth(options, mailer, store, revocations);

  const accessTokens = createAccessTokenVerifier({
    issuer: config.publicUrl,
    audience: config.publicUrl,
    isRevoked: (claims) => revocations.isRevoked(claims),
    // getJwks creates the first signing key when there is none yet.
    loadKeys: async () => (await auth.api.getJwks()).keys as JWK[],
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
