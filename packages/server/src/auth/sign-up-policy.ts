import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';

/** What sign-up answers when the address must be confirmed, whether or not it was free. */
export const SIGN_UP_CONFIRMATION = {
  token: null,
  user: null,
  confirmationSent: true,
  message: 'Check your inbox to confirm your address.',
} as const;

/**
 * With e-mail confirmation on (SMTP configured), a successful sign-up answers one fixed body: a
 * new address gets a confirmation link and an address that already has an account gets a notice
 * (create-auth.ts), and the caller cannot tell which. better-auth already skips the session and
 * hashes the password in both cases; this removes the last difference, the user object it echoes
 * (a made-up one for an existing address).
 */
export function signUpPolicy(options: { confirmEmail: boolean }): BetterAuthPlugin {
  return {
    id: 'hanger-sign-up-policy',
    hooks: {
      after: [
        {
          matcher: (ctx) => options.confirmEmail && ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (returned === undefined || isAPIError(returned)) return;
            return ctx.json({ ...SIGN_UP_CONFIRMATION });
          }),
        },
      ],
    },
  };
}
