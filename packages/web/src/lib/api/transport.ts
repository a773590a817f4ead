import {
  ERROR_CATALOGUE,
  errorForFailure,
  errorFromStatus,
  requestTimeoutMs,
  serverDetailOf,
  toSnake,
  type ErrorCode,
  type RequestFailure,
} from '@hanger/domain';
import {
  TokenUnavailableError,
  clearAccessToken,
  getAccessToken,
  refreshAccessToken,
} from '../access-token';
import { isMobileDevice } from '../device';
import { currentUserId } from '../stores/session-store';

/**
 * The transport under every call of docs/spec.md §7: the bearer token (one retry with a new token
 * when the API refuses it), JSON bodies in snake_case, time-outs, and every failure turned into the
 * catalogue of docs/spec.md §8. The calls themselves live one resource per file beside this one;
 * screens reach them only through the store actions.
 */

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** HTTP status, or null when no answer arrived. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Thrown instead of calling when nobody is signed in (docs/spec.md §6); callers stay silent. */
export class NoUserError extends Error {
  constructor() {
    super('No signed-in user; request aborted');
    this.name = 'NoUserError';
  }
}

/** The catalogue's error for an answer that is not a success: the server's detail when it gave one. */
export function answerError(status: number, body: unknown): ApiError {
  const { code, message } = errorFromStatus(status, serverDetailOf(body));
  return new ApiError(code, message, status);
}

/** The catalogue's error for a call that got no answer. */
export function failureError(failure: RequestFailure): ApiError {
  const { code, message } = errorForFailure(failure);
  return new ApiError(code, message, null);
}

export type RequestBody = FormData | URLSearchParams | Record<string, unknown>;

export interface RequestOptions {
  body?: RequestBody;
  signal?: AbortSignal;
  /** Extra request headers (e.g. If-None-Match). */
  headers?: Record<string, string>;
  /**
   * Sent even if the page is left or reloaded while it is on its way (fetch keepalive; bodies of
   * a few kB only): for small changes that are not kept in the outbox while they are sent.
   */
  keepalive?: boolean;
}

/** A GET answered as bytes, or 304 when the caller's ETag still matches. */
export type ConditionalAnswer =
  { notModified: true } | { notModified: false; etag: string | null; bytes: ArrayBuffer };

export interface ApiClientDeps {
  baseUrl: string;
  hasUser: () => boolean;
  getToken: () => Promise<string>;
  /** Mint a new token after the API refused the current one. */
  refreshToken: () => Promise<string>;
  isMobile: () => boolean;
  /** The session is gone for good (the identity service refused to mint a token). */
  onSessionExpired?: () => void;
  fetch?: typeof fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

function encodeBody(body: RequestBody | undefined): BodyInit | undefined {
  if (body === undefined || body instanceof FormData || body instanceof URLSearchParams)
    return body;
  return JSON.stringify(toSnake(body));
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps) {
  const doFetch =
    deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function tokenOrThrow(fresh: boolean): Promise<string> {
    try {
      return await (fresh ? deps.refreshToken() : deps.getToken());
    } catch (err) {
      if (err instanceof TokenUnavailableError) {
        if (err.status === null) throw failureError('network');
        if (err.status === 401 || err.status === 403) {
          deps.onSessionExpired?.();
          throw new ApiError('UNAUTHORIZED', ERROR_CATALOGUE.UNAUTHORIZED, 401);
        }
        const { code, message } = errorFromStatus(err.status);
        throw new ApiError(code, message, err.status);
      }
      throw err;
    }
  }

  async function attempt(
    method: string,
    path: string,
    opts: RequestOptions,
    token: string,
    asBytes = false,
  ) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, requestTimeoutMs(deps.isMobile()));
    const onCallerAbort = () => controller.abort();
    // The caller may have given up while the token was being fetched.
    if (opts.signal?.aborted) controller.abort();
    else opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      // A call may name another form it accepts (GET users asks for the wardrobe in columns).
      const headers: Record<string, string> = {
        accept: 'application/json',
        ...opts.headers,
        authorization: `Bearer ${token}`,
      };
      if (
        opts.body !== undefined &&
        !(opts.body instanceof FormData) &&
        !(opts.body instanceof URLSearchParams)
      ) {
        headers['content-type'] = 'application/json';
      }
      const res = await doFetch(`${deps.baseUrl}${path}`, {
        method,
        headers,
        body: encodeBody(opts.body),
        signal: controller.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
      // Success bodies read as bytes are parsed elsewhere (off the main thread); errors as JSON.
      if (asBytes && res.ok) return { res, json: null, bytes: await res.arrayBuffer() };
      const json = res.status === 304 ? null : await readJson(res);
      return { res, json, bytes: null };
    } catch (err) {
      if (timedOut) throw failureError('timeout');
      if (opts.signal?.aborted) throw err;
      throw failureError(err instanceof TypeError ? 'network' : 'unknown');
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /**
   * Runs `call` with the bearer token, and once more with a new token when the API refuses the
   * first (401): the token may have been revoked or minted before a clock change. The one retry
   * path of every call, including those that move files outside `request` (lib/api/data.ts).
   */
  async function authorized<T extends { status: number }>(
    label: string,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    if (!deps.hasUser()) {
      console.warn(`Hanger: no signed-in user; ${label} was not sent.`);
      throw new NoUserError();
    }
    const answer = await call(await tokenOrThrow(false));
    return answer.status === 401 ? call(await tokenOrThrow(true)) : answer;
  }

  async function send(method: string, path: string, opts: RequestOptions, asBytes: boolean) {
    const answer = await authorized(`${method} ${path}`, async (token) => {
      const sent = await attempt(method, path, opts, token, asBytes);
      return { ...sent, status: sent.res.status };
    });
    const { res, json } = answer;
    if (!res.ok && !(res.status === 304 && opts.headers?.['if-none-match']))
      throw answerError(res.status, json);
    return answer;
  }

  /** Sends a request and answers its JSON body (keys as the server wrote them). */
  async function request(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<unknown> {
    return (await send(method, path, opts, false)).json;
  }

  /**
   * GET with If-None-Match when `etag` is given: 304 answers notModified (nothing read), 200 its
   * body as bytes and its ETag.
   */
  async function getIfChanged(
    path: string,
    etag: string | null,
    opts: RequestOptions = {},
  ): Promise<ConditionalAnswer> {
    const headers = etag ? { ...opts.headers, 'if-none-match': etag } : opts.headers;
    const { res, bytes } = await send('GET', path, { ...opts, headers }, true);
    if (res.status === 304) return { notModified: true };
    return {
      notModified: false,
      etag: res.headers.get('etag'),
      bytes: bytes ?? new ArrayBuffer(0),
    };
  }

  return {
    request,
    getIfChanged,
    authorized,
    get: (path: string, opts?: RequestOptions) => request('GET', path, opts),
    post: (path: string, opts?: RequestOptions) => request('POST', path, opts),
    put: (path: string, opts?: RequestOptions) => request('PUT', path, opts),
    patch: (path: string, opts?: RequestOptions) => request('PATCH', path, opts),
    delete: (path: string, opts?: RequestOptions) => request('DELETE', path, opts),
  };
}

let sessionExpiredHandler: (() => void) | undefined;

/** The session layer registers what happens when the identity service refuses a token. */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

export const api = createApiClient({
  baseUrl: '/api',
  hasUser: () => currentUserId() !== null,
  getToken: getAccessToken,
  refreshToken: () => {
    clearAccessToken();
    return refreshAccessToken();
  },
  isMobile: isMobileDevice,
  onSessionExpired: () => sessionExpiredHandler?.(),
});

/** Any failure as the catalogue's code and message, for toasts. */
export function toCatalogueError(err: unknown): { code: ErrorCode; message: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  return errorForFailure('unknown');
}
