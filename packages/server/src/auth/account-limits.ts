import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { logSecurityEvent, type SecurityLogger } from '../security-events.js';
import { clientIpOf } from './client-ip.js';
import type { RateLimitStore, RateRule } from './rate-limit-store.js';

/**
 * Per-account limits. better-auth limits per client address and path; an attacker with many
 * addresses would still get unlimited guesses at one account, so these counters are keyed by the
 * e-mail address in the request body instead.
 */
export interface AccountLimits {
  /** Password sign-ins. A successful sign-in clears the counter, so in effect this counts failures. */
  passwordSignIn: RateRule;
  /** Sign-in links sent to one address (also stops mail-bombing someone's inbox). */
  signInLink: RateRule;
  /** Password-reset e-mails sent to one address. */
  passwordReset: RateRule;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  passwordSignIn: { window: 15 * 60, max: 5 },
  signInLink: { window: 10 * 60, max: 3 },
  passwordReset: { window: 10 * 60, max: 3 },
};

const RULE_BY_PATH: Record<string, keyof AccountLimits> = {
  '/sign-in/email': 'passwordSignIn',
  '/sign-in/magic-link': 'signInLink',
  '/request-password-reset': 'passwordReset',
};

function accountKey(kind: keyof AccountLimits, email: string): string {
  return `account:${kind}:${email.trim().toLowerCase()}`;
}

function emailOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() ? email : undefined;
}

export function accountRateLimit(
  store: RateLimitStore,
  limits: AccountLimits,
  log?: SecurityLogger,
): BetterAuthPlugin {
  return {
    id: 'hanger-account-rate-limit',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in RULE_BY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const kind = RULE_BY_PATH[ctx.path];
            const email = emailOf(ctx.body);
            if (!kind || !email) return;
            const { allowed, retryAfter } = await store.consume(
              accountKey(kind, email),
              limits[kind],
            );
            if (!allowed) {
              if (log) {
                const found = await ctx.context.internalAdapter.findUserByEmail(
                  email.trim().toLowerCase(),
                );
                logSecurityEvent(log, 'account_locked', {
                  userId: found?.user.id,
                  ip: clientIpOf(ctx),
                  reason: `too many ${kind === 'passwordSignIn' ? 'password sign-ins' : kind === 'signInLink' ? 'sign-in links' : 'password resets'}`,
                  retryAfter: retryAfter ?? limits[kind].window,
                });
              }
              throw new APIError(
                'TOO_MANY_REQUESTS',
                {
                  message: 'Too many attempts for this account. Please try again later.',
                  code: 'TOO_MANY_ATTEMPTS',
                },
                { 'Retry-After': String(retryAfter ?? limits[kind].window) },
              );
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            const returned: unknown = ctx.context.returned;
            if (email && returned !== undefined && !isAPIError(returned)) {
              await store.reset(accountKey('passwordSignIn', email));
            }
          }),
        },
      ],
    },
  };
}
