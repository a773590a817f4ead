import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';
/** Query parameters that carry a credential: e-mail links' tokens, an OIDC callback's code. */
const SECRET_PARAMS = new Set(['token', 'code']);
/** The paths whose next segment is a capability (the replacements below). */
const SECRET_PATH = /^\/api\/(?:feed|export|auth\/reset-password)\//;

/**
 * A request URL as it may be logged: the capabilities some paths carry are cut out — the calendar
 * feed's token (/api/feed/<token>.ics), an export download's token (/api/export/<token>/<file>),
 * a password-reset token (/api/auth/reset-password/<token>) and `token`/`code` query values
 * (sign-in links, e-mail confirmations, OIDC callbacks). Anyone reading the log could use them.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  // Almost every request: no query, and a path that carries no capability.
  if (q < 0 && !SECRET_PATH.test(url)) return url;
  let path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  path = path
    .replace(/^(\/api\/feed\/)[^/]+/, `$1${REDACTED}`)
    .replace(/^(\/api\/export\/)(?!items\.csv(?:$|\/))[^/]+/, `$1${REDACTED}`)
    .replace(/^(\/api\/auth\/reset-password\/)[^/]+/, `$1${REDACTED}`);
  if (!query) return q < 0 ? path : `${path}?`;
  const params = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.has(name.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${params}`;
}

/** What the access log reads of a request (a Fastify request has it all). */
export type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & {
  socket?: { remotePort?: number | undefined } | undefined;
};

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options with the redacting request serializer (a logger instance or false as is). */
export function withRedactedUrls(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { req: serializeRequest, ...(options.serializers ?? {}) },
  } as FastifyServerOptions['logger'];
}
