import { AuthError, describeAuthFailure } from './auth-errors';

/**
 * The identity service's endpoints (better-auth at /api/auth), called with plain fetch: the
 * handful of calls the app makes do not justify shipping a client framework in the first load.
 * The session lives in an http-only cookie; the API's bearer token is minted from it.
 */

const AUTH_BASE = '/api/auth';

export interface IdentityUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

export interface SignInProvider {
  id: string;
  name: string;
  /** 'social' or 'oauth2' (the server's OIDC provider); both sign in through sign-in/social. */
  type: string;
}

export interface AuthProviders {
  emailPassword: boolean;
  magicLink: boolean;
  providers: SignInProvider[];
}

async function call<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${AUTH_BASE}${path}`, {
      method: init.method ?? 'GET',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new AuthError(describeAuthFailure(null), null, null);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const code = (json as { code?: unknown } | null)?.code;
    const codeStr = typeof code === 'string' ? code : null;
    throw new AuthError(describeAuthFailure(res.status, codeStr), codeStr, res.status);
  }
  return json as T;
}

/** The signed-in user of the session cookie, or null when there is no session. */
export async function getSessionUser(): Promise<IdentityUser | null> {
  const body = await call<{ user?: IdentityUser } | null>('/get-session');
  return body?.user ?? null;
}

/**
 * Creates an account. On a server with e-mail set up, the account must be confirmed first: the
 * answer is then `confirmationSent` (the same for an address that already has an account, whose
 * owner is mailed instead), and the mailed link, which returns to `callbackURL`, signs in.
 */
export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
  callbackURL: string;
}): Promise<{ confirmationSent: boolean }> {
  const body = await call<{ confirmationSent?: unknown } | null>('/sign-up/email', {
    method: 'POST',
    body: input,
  });
  return { confirmationSent: body?.confirmationSent === true };
}

/**
 * Where a mailed confirmation link returns: the sign-in page, told where the visitor comes from.
 * A link that confirmed the address signed in too, and the page sends the visitor on to the app;
 * one that lands there signed out was already used or has expired (its `?error=` then says so,
 * or nothing does: the identity service returns a used link without one), and the page says that.
 */
export const CONFIRMATION_RETURN_PATH = '/signin?from=confirmation';

/**
 * Signs in with a password. Before the address is confirmed, the answer is EMAIL_NOT_VERIFIED and
 * a fresh confirmation link is mailed, returning to CONFIRMATION_RETURN_PATH as a sign-up's does.
 */
export async function signInWithEmail(input: { email: string; password: string }) {
  await call('/sign-in/email', {
    method: 'POST',
    body: { ...input, rememberMe: true, callbackURL: CONFIRMATION_RETURN_PATH },
  });
}

/** E-mails a single-use sign-in link that returns to `callbackURL` (a path of this app). */
export async function sendSignInLink(input: {
  email: string;
  callbackURL: string;
  errorCallbackURL: string;
}) {
  await call('/sign-in/magic-link', { method: 'POST', body: input });
}

/** Where a mailed password-reset link lands (the identity service appends `?token=`). */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Mails a password-reset link to the address, if it has an account; the answer is the same
 * either way, so nobody learns from it whether an address has one.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await call('/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: RESET_PASSWORD_PATH },
  });
}

/** Sets a new password with the token of a reset link; every session of the account ends. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await call('/reset-password', { method: 'POST', body: input });
}

/**
 * Starts a federated sign-in and sends the browser to the provider. better-auth's generic OAuth
 * plugin registers its providers beside the built-in ones, so every provider starts at
 * sign-in/social (there is no separate OAuth route).
 */
export async function signInWithProvider(
  provider: SignInProvider,
  urls: { callbackURL: string; errorCallbackURL: string },
): Promise<void> {
  const res = await call<{ url?: string }>('/sign-in/social', {
    method: 'POST',
    body: { provider: provider.id, ...urls, disableRedirect: true },
  });
  if (!res?.url) throw new AuthError(describeAuthFailure(500), null, 500);
  window.location.assign(res.url);
}

export async function signOutOfIdentity(): Promise<void> {
  await call('/sign-out', { method: 'POST', body: {} });
}

interface ProvidersWire {
  email_password?: boolean;
  magic_link?: boolean;
  providers?: SignInProvider[];
}

/** Which ways of signing in this server offers; public. */
export async function getAuthProviders(): Promise<AuthProviders> {
  const body = await call<ProvidersWire>('/providers');
  return {
    emailPassword: body?.email_password ?? true,
    magicLink: body?.magic_link ?? false,
    providers: Array.isArray(body?.providers) ? body.providers : [],
  };
}
