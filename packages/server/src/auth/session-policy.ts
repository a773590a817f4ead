import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/**
 * House rules better-auth leaves optional:
 * - a password change always ends every other session (a client cannot opt out), and
 * - a disabled account gets no access token, even from a session that outlived the ban (an
 *   operator may set `banned` directly in the database, which does not revoke sessions).
 */
export function sessionPolicy(): BetterAuthPlugin {
  return {
    id: 'hanger-session-policy',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            return { context: { body: { ...body, revokeOtherSessions: true } } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/token',
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.context.session?.user as
              { banned?: boolean | null; banExpires?: Date | null } | undefined;
            if (!user?.banned) return;
            if (user.banExpires && new Date(user.banExpires).getTime() < Date.now()) return;
            throw APIError.from('FORBIDDEN', {
              code: 'BANNED_USER',
              message: 'This account is disabled.',
            });
          }),
        },
      ],
    },
  };
}
