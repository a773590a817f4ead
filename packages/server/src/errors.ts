/**
 * Typed errors thrown by services, storage and routes. The error plugin is the one place that turns
 * them into the HTTP statuses of docs/spec.md §8 with `{ "detail": "..." }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A typed error class for one HTTP status, with the text it gives when thrown without one. */
function withStatus(statusCode: number, defaultMessage: string) {
  return class extends AppError {
    constructor(message = defaultMessage) {
      super(statusCode, message);
    }
  };
}

/** 401: no token, a bad token, or an expired one. */
export class UnauthorizedError extends withStatus(401, 'Not signed in') {}

/** 403: signed in but not allowed (e.g. a disabled account). */
export class ForbiddenError extends withStatus(403, 'Forbidden') {}

/** 404: missing, or owned by another user; both answer the same. */
export class NotFoundError extends withStatus(404, 'Not found') {}

/** 413: a body or file over MAX_UPLOAD_BYTES, or an image with an absurd pixel count. */
export class PayloadTooLargeError extends withStatus(413, 'The file is too large') {}

/** 422: invalid fields, malformed JSON, a missing or unreadable image. */
export class ValidationError extends withStatus(422, 'Invalid input') {}

/** 415: a body in a format the route does not read (e.g. JSON where a form is expected). */
export class UnsupportedMediaTypeError extends withStatus(415, 'Unsupported content type') {}

/** 400: a body that cannot be read at all (cut off, malformed multipart, JSON or url-encoding). */
export class BadRequestError extends withStatus(400, 'The request body could not be read') {}

/** 409: the record is in a state that does not allow this now (an import already running). */
export class ConflictError extends withStatus(409, 'Conflict') {}
