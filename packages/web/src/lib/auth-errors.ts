/**
 * Human messages for identity-service failures. The identity service (better-auth) answers with
 * a machine code; people see a sentence that says what happened and what to do. docs/spec.md §8
 * leaves these open, so they follow the tone of the product's catalogue.
 */

const PROVIDER_REFUSED =
  "Your sign-in provider's answer could not be verified, so you were not signed in. Please try again.";

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "That e-mail and password don't match. Check them and try again.",
  INVALID_PASSWORD: "That password isn't right. Try again, or e-mail yourself a sign-in link.",
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    'This account has no password yet. E-mail yourself a sign-in link instead.',
  USER_NOT_FOUND: "We couldn't find an account with that e-mail. Check it, or create an account.",
  USER_ALREADY_EXISTS: 'An account with this e-mail already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this e-mail already exists. Sign in instead.',
  INVALID_EMAIL: "That doesn't look like an e-mail address.",
  PASSWORD_TOO_SHORT: 'Your password is too short. Use at least 8 characters.',
  PASSWORD_TOO_LONG: 'Your password is too long. Use at most 128 characters.',
  EMAIL_NOT_VERIFIED:
    "Please confirm your e-mail address first. We've sent you a new link: open it to sign in.",
  USER_DISABLED: 'This account has been disabled. Contact whoever runs this Hanger.',
  BANNED_USER: 'This account has been disabled. Contact whoever runs this Hanger.',
  // better-auth answers INVALID_TOKEN for a used, a changed and an expired link alike.
  INVALID_TOKEN: 'That sign-in link has expired or has already been used. Request a new one.',
  EXPIRED_TOKEN: 'That sign-in link has expired. Request a new one.',
  TOKEN_EXPIRED: 'That sign-in link has expired. Request a new one.',
  ATTEMPTS_EXCEEDED: 'That sign-in link has been tried too often. Request a new one.',
  NEW_USER_SIGNUP_DISABLED: "There's no account with that e-mail, and new sign-ups are closed.",
  PROVIDER_NOT_FOUND: 'That sign-in option is not available right now.',
  SIGNUP_DISABLED: 'New sign-ups are closed on this server.',
  EMAIL_SIGN_UP_DISABLED: 'New sign-ups are closed on this server.',
  ACCESS_DENIED: 'Sign-in was cancelled.',
  // A federated sign-in whose e-mail already has an account, when the issuer did not vouch for the
  // address or the account never proved it: the identities are not joined.
  ACCOUNT_NOT_LINKED:
    "An account with this e-mail address already exists, and it can't be joined to this sign-in without proof that the address is yours. Sign in with your e-mail instead.",
  // The issuer's answer failed a check (a reused code, an ID token for another client or issuer,
  // a wrong nonce): nothing was signed in, and trying again starts a fresh, valid exchange.
  INVALID_CODE: PROVIDER_REFUSED,
  UNABLE_TO_GET_USER_INFO: PROVIDER_REFUSED,
  ISSUER_MISMATCH: PROVIDER_REFUSED,
  STATE_MISMATCH: 'Sign-in took too long or was opened in another browser. Please try again.',
  EMAIL_NOT_SENT: "We couldn't send the e-mail just now. Please try again in a few minutes.",
  INVALID_CALLBACK_URL: 'Sign-in could not be completed from this address.',
  INVALID_ORIGIN: 'Sign-in could not be completed from this address.',
};

/** The identity service's codes for a mailed link it does not take (used, expired, altered). */
const DEAD_LINK_CODES = new Set(['INVALID_TOKEN', 'EXPIRED_TOKEN', 'TOKEN_EXPIRED']);

/** Whether an identity code says a mailed link is spent: used, expired or altered. */
export function isDeadLinkCode(code: string | null | undefined): boolean {
  return DEAD_LINK_CODES.has(code?.toUpperCase() ?? '');
}

/**
 * A sign-up's confirmation link that did not sign in: expired or altered (the identity service
 * says so), or already used (it then returns without a word). Signing in with the password mails a
 * fresh confirmation; a sign-in link confirms the address too.
 */
export const CONFIRMATION_LINK_DEAD =
  'That confirmation link has expired or has already been used. Sign in, or ask for a new link.';

export const NETWORK_MESSAGE =
  "We couldn't reach the server. Check your internet connection and try again.";
export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
/** The per-address limits (sign-in links, password guesses) last 10 to 15 minutes, not one. */
export const ACCOUNT_RATE_LIMIT_MESSAGE =
  'Too many attempts for this e-mail address. Please wait a few minutes and try again.';
export const GENERIC_MESSAGE = 'Something went wrong signing you in. Please try again.';

/** Identity failures: `code` is better-auth's code when it sent one; `status` is null offline. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** What a sign-in form says when an identity call threw. */
export function authErrorMessage(err: unknown): string {
  return err instanceof AuthError ? err.message : GENERIC_MESSAGE;
}

/** The sentence for a failed identity call. */
export function describeAuthFailure(status: number | null, code?: string | null): string {
  if (status === null) return NETWORK_MESSAGE;
  const key = code?.toUpperCase();
  if (status === 429)
    return key === 'TOO_MANY_ATTEMPTS' ? ACCOUNT_RATE_LIMIT_MESSAGE : RATE_LIMIT_MESSAGE;
  if (key && MESSAGES[key]) return MESSAGES[key];
  if (status >= 500) return 'The server had a problem signing you in. Please try again shortly.';
  return GENERIC_MESSAGE;
}

/** The sentence for an `?error=` code an identity redirect put in the address. */
export function describeRedirectError(code: string): string {
  return MESSAGES[code.toUpperCase()] ?? GENERIC_MESSAGE;
}
