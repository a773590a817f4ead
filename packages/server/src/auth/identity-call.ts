import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH, type AuthService } from './create-auth.js';
import { toWebRequest } from './web-bridge.js';

/**
 * A GET of one of the identity service's own endpoints (`/get-session`, `/token`), called
 * in-process with the request's cookie (or session bearer), so every check, hook and rate limit of
 * the endpoint applies unchanged.
 */
export function identityGet(
  identity: AuthService,
  request: FastifyRequest,
  path: string,
): Promise<Response> {
  const base = toWebRequest(request, identity.auth.options.baseURL);
  const url = new URL(`${AUTH_BASE_PATH}${path}`, base.url);
  return identity.auth.handler(new Request(url, { method: 'GET', headers: base.headers }));
}

/** Passes on a session cookie the identity service refreshed while answering. */
export function passCookies(reply: FastifyReply, response: Response): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** The signed-in user's id from better-auth's get-session answer, or null. */
export async function sessionUserId(response: Response): Promise<string | null> {
  if (!response.ok) return null;
  const body = (await response.json().catch(() => null)) as { user?: { id?: unknown } } | null;
  return typeof body?.user?.id === 'string' ? body.user.id : null;
}
