import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { logSecurityEvent, type SecurityLogger } from '../security-events.js';
import { clientIpOf } from './client-ip.js';

function codeOf(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error.status.toString();
}

function stringField(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Security events of the identity endpoints (see security-events.ts): failed password sign-ins,
 * password changes, bans. Each line has the account's id when it is known and the client address;
 * never the e-mail's password, a token or a link. Sign-ups, ended sessions, deletions, resets and
 * lockouts are logged where they happen (create-auth.ts, account-limits.ts, plugins/auth.ts).
 */
export function securityLog(log: SecurityLogger): BetterAuthPlugin {
  return {
    id: 'hanger-security-log',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (!isAPIError(returned)) return;
            // Lockouts (429) are logged as account_locked when the limit is hit.
            if (returned.statusCode === 429) return;
            const email = stringField(ctx.body, 'email');
            const found =
              email && email.length <= 254
                ? await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase())
                : null;
            logSecurityEvent(log, 'sign_in_failed', {
              userId: found?.user.id,
              ip: clientIpOf(ctx),
              reason: codeOf(returned),
              method: 'password',
            });
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === '/change-password' || ctx.path === '/admin/set-user-password',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            const actor = ctx.context.session?.user.id;
            const own = ctx.path === '/change-password';
            const userId = own ? actor : stringField(ctx.body, 'userId');
            if (isAPIError(returned)) {
              if (own && codeOf(returned) === 'INVALID_PASSWORD')
                logSecurityEvent(log, 'sign_in_failed', {
                  userId,
                  ip: clientIpOf(ctx),
                  reason: 'wrong current password',
                  method: 'change-password',
                });
              return;
            }
            if (returned === undefined) return;
            logSecurityEvent(log, 'password_changed', {
              userId,
              ip: clientIpOf(ctx),
              reason: own ? 'changed by the account' : 'set by an administrator',
              ...(own ? {} : { actorId: actor }),
            });
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/admin/ban-user' || ctx.path === '/admin/unban-user',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (returned === undefined || isAPIError(returned)) return;
            logSecurityEvent(
              log,
              ctx.path === '/admin/ban-user' ? 'account_banned' : 'account_unbanned',
              {
                userId: stringField(ctx.body, 'userId'),
                actorId: ctx.context.session?.user.id,
                ip: clientIpOf(ctx),
              },
            );
          }),
        },
      ],
    },
  };
}
