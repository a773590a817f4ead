import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { RevocationService } from './revocation.js';

/**
 * Account-wide cut-offs for the events that deleted sessions alone do not describe: a new
 * password (change or admin set) ends every token the account held before it, whichever session
 * it came from. Bans, removals and password resets are handled by database hooks and
 * onPasswordReset in create-auth.ts; ended sessions by the session delete hook.
 */
export function revocationHooks(revocations: RevocationService): BetterAuthPlugin {
  return {
    id: 'hanger-revocation',
    hooks: {
      after: [
        {
          matcher: (ctx) =>
            ctx.path === '/change-password' || ctx.path === '/admin/set-user-password',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (returned === undefined || isAPIError(returned)) return;
            const userId =
              ctx.path === '/change-password'
                ? ctx.context.session?.user.id
                : (ctx.body as { userId?: unknown } | undefined)?.userId;
            if (typeof userId === 'string') await revocations.revokeUser(userId);
          }),
        },
      ],
    },
  };
}
