import type { RateRule } from './rate-limit-store.js';

/**
 * The identity service's fixed settings, apart from create-auth.ts so that better-auth.ts (which
 * create-auth.ts loads on first use) reads them without importing its own loader back (no import
 * cycle: docs/architecture.md). create-auth.ts re-exports them for the rest of the server.
 */

export const AUTH_BASE_PATH = '/api/auth';
/** better-auth's cookie prefix: the session cookie is `hanger.session_token` (`__Secure-` on HTTPS). */
export const AUTH_COOKIE_PREFIX = 'hanger';

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
