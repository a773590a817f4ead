import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { logSecurityEvent } from '../security-events.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a photo (POST clothes, PATCH clothes/{id}/image, POST outfit): a refused
     * upload (413, 415, 422) is logged as the security event `upload_refused`.
     */
    photoUpload?: boolean;
  }
}

/** The one text a 5xx answer carries: what failed is in the log, never in the response. */
export const SERVER_ERROR_DETAIL = 'Something went wrong on our servers. Please try again later.';

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

function zodIssues(error: unknown): ZodLikeIssue[] | undefined {
  if (!(error instanceof Error) || error.name !== 'ZodError') return undefined;
  const issues = (error as Error & { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as ZodLikeIssue[]) : undefined;
}

function describeIssues(issues: ZodLikeIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid input: ${parts.join('; ')}`;
}

// Errors fastify and its plugins raise before or while a body is read, by their code, with the
// status docs/spec.md §8 expects. A body the server cannot read is the client's fault: 400, not
// 500.
const FASTIFY_STATUS: Record<string, number> = {
  FST_REQ_FILE_TOO_LARGE: 413,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_PARTS_LIMIT: 413,
  FST_FILES_LIMIT: 413,
  FST_FIELDS_LIMIT: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  // JSON bodies: broken, empty, or with a __proto__ key.
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  // A body shorter or longer than its Content-Length; a client that hung up mid-upload.
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_MP_PREMATURE_CLOSE: 400,
  // Multipart: a field named like a prototype property, a part declared JSON that is not.
  FST_PROTO_VIOLATION: 400,
  FST_INVALID_JSON_FIELD_ERROR: 400,
};

const FASTIFY_DETAIL: Record<number, string> = {
  413: 'The file is too large',
  415: 'Unsupported content type',
};

export interface HttpError {
  status: number;
  detail: string;
}

/** Map anything thrown while serving a request to its status and the text the user may see. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof AppError) return { status: error.statusCode, detail: error.message };

  const issues = zodIssues(error);
  if (issues) return { status: 422, detail: describeIssues(issues) };

  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FASTIFY_STATUS[fastifyError.code] : undefined;
  if (mapped) {
    // The framework's messages for these codes are fixed texts, never the client's bytes.
    return {
      status: mapped,
      detail: FASTIFY_DETAIL[mapped] ?? (fastifyError.message || 'Invalid request'),
    };
  }

  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, detail: fastifyError.message || 'Invalid request' };
  }
  return { status: 500, detail: SERVER_ERROR_DETAIL };
}

/**
 * The server's `frameworkErrors`: what the router cannot route at all, a path segment longer than
 * any id (over the router's maxParamLength) or one that does not decode, names nothing that can
 * exist. It answers 404 in the API's own format, logged at info, instead of the framework's 414 or
 * 400 in a format of its own.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.log.info({ status: 404, code: error.code }, 'request refused');
  void reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ detail: 'The requested item was not found.' });
}

/** Long enough to recognise an id in the log, short enough that a hostile one cannot flood it. */
const LOGGED_ID_LENGTH = 64;
const UPLOAD_REFUSALS = new Set([413, 415, 422]);

/** The id a route's path names (`{id}`, or the calendar's `{itemId}`), trimmed for the log. */
function pathResourceId(params: unknown): string | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const { id, itemId } = params as Record<string, unknown>;
  const value = typeof id === 'string' ? id : typeof itemId === 'string' ? itemId : undefined;
  return value === undefined ? undefined : value.slice(0, LOGGED_ID_LENGTH);
}

/**
 * The security events of a refused request, logged here once for every route: a signed-in user's
 * 404 on a product route (another user's id answers exactly like a missing one, so an attacker
 * probing ids shows up only in this log) and a refused photo upload. Lines carry the user id,
 * the client address, the route and at most a trimmed id; never tokens, passwords or bytes.
 */
function logRefusal(request: FastifyRequest, status: number, detail: string): void {
  const route = request.routeOptions.url;
  if (route === undefined) return;
  const userId = (request.user as { id?: string } | null | undefined)?.id;
  if (status === 404 && userId) {
    logSecurityEvent(request.log, 'not_found', {
      userId,
      ip: request.ip,
      method: request.method,
      route,
      resourceId: pathResourceId(request.params),
    });
  } else if (UPLOAD_REFUSALS.has(status) && request.routeOptions.config?.photoUpload) {
    logSecurityEvent(request.log, 'upload_refused', {
      userId,
      ip: request.ip,
      method: request.method,
      route,
      status,
      reason: detail.slice(0, 200),
      declaredBytes: Number(request.headers['content-length']) || undefined,
    });
  }
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => {
    const { status, detail } = toHttpError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else {
      request.log.info({ status, detail }, 'request refused');
      logRefusal(request, status, detail);
    }
    return reply.status(status).header('cache-control', 'no-store').send({ detail });
  });
}

// First: every route's answers, its refusals too, go through this handler (routes take the error
// handler of the scope they are declared in, so plugins that declare routes depend on this one).
export default fp(errorsPlugin, { name: 'hanger-errors', fastify: '5.x' });
