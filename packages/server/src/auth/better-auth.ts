/**
 * better-auth itself with every plugin of the identity service. It is the largest part of the
 * server (better-auth, its plugins and their schemas), and only the identity endpoints need it: it
 * is imported on first use by create-auth.ts (a sign-in, a token, a session lookup), not at start.
 */
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { admin, bearer, genericOAuth, jwt, magicLink } from 'better-auth/plugins';
import { accountRateLimit, DEFAULT_ACCOUNT_LIMITS } from './account-limits.js';
import { clientIpOf } from './client-ip.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AUTH_BASE_PATH,
  AUTH_COOKIE_PREFIX,
  CLIENT_IP_HEADER,
  DEFAULT_ADDRESS_LIMITS,
  EMAIL_CONFIRMATION_TTL_SECONDS,
  EMAIL_LINK_TTL_SECONDS,
  EXISTING_ACCOUNT_NOTICE_LIMIT,
} from './auth-settings.js';
import type { CreateAuthOptions } from './create-auth.js';
import { inputLimits, MAX_PASSWORD, MIN_PASSWORD } from './input-limits.js';
import type { Mailer } from './mailer.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { RevocationService } from './revocation.js';
import { revocationHooks } from './revocation-hooks.js';
import { logSecurityEvent } from '../security-events.js';
import { securityLog } from './security-log.js';
import { sessionPolicy } from './session-policy.js';
import { signUpPolicy } from './sign-up-policy.js';
import { ACCESS_TOKEN_KEY_PAIR } from './signing-keys.js';

/**
 * better-auth's log lines that report a request it refused (a foreign origin or callback address,
 * a wrong password, an unknown account): the client's doing, logged at info, not as warnings or
 * server errors.
 */
const CLIENT_REFUSAL =
  /^(?:Invalid [A-Za-z]+: |Invalid password$|(?:Reset Password: )?User not found$|(?:Username or )?[Pp]assword not found$|Password is too (?:short|long)$)/;

export function buildBetterAuth(
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
        // A refusal of what a client sent is not the server's fault: logged at info, as every
        // other malformed or hostile request is (the security events record what matters).
        if (CLIENT_REFUSAL.test(message)) logger.info(obj, message);
        else if (level === 'error') logger.error(obj, message);
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
      cookiePrefix: AUTH_COOKIE_PREFIX,
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
        jwks: { keyPairConfig: { ...ACCESS_TOKEN_KEY_PAIR } },
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
