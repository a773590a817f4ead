/**
 * Typed errors thrown by services, storage and routes. The error plugin is the one place that turns
 * them into the HTTP statuses of SPEC §8 with `{ "detail": "..." }`.
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

/** 401: no token, a bad token, or an expired one. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in') {
    super(401, message);
  }
}

/** 403: signed in but not allowed (e.g. a disabled account). */
export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

/** 404: missing, or owned by another user; both answer the same. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** 413: a body or file over MAX_UPLOAD_BYTES, or an image with an absurd pixel count. */
export class PayloadTooLargeError extends AppError {
  constructor(message = 'The file is too large') {
    super(413, message);
  }
}

/** 422: invalid fields, malformed JSON, a missing or unreadable image. */
export class ValidationError extends AppError {
  constructor(message = 'Invalid input') {
    super(422, message);
  }
}

/** 415: a body in a format the route does not read (e.g. JSON where a form is expected). */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported content type') {
    super(415, message);
  }
}
