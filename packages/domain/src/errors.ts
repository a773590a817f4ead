/**
 * The error catalogue of docs/spec.md §8: every failed call becomes one code and one message for
 * the user. The server's own text (its `detail`, `message` or `error`) replaces the default
 * message.
 */
export const ERROR_CATALOGUE = {
  UNAUTHORIZED: 'Your session has expired. Please sign in again.',
  FORBIDDEN: "You don't have permission to perform this action.",
  NOT_FOUND: 'The requested item was not found.',
  FILE_TOO_LARGE: 'The file is too large. Please choose a smaller file.',
  VALIDATION_ERROR: 'The information provided is invalid. Please check your input.',
  SERVER_ERROR: 'Something went wrong on our servers. Please try again later.',
  NETWORK_ERROR: 'Unable to connect to the server. Please check your internet connection.',
  TIMEOUT: 'The request took too long to complete. Please try again.',
  UNKNOWN_ERROR: 'An unexpected error occurred. Please try again.',
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export interface CatalogueError {
  code: ErrorCode;
  message: string;
}

/** A failure without an HTTP status: no response at all, a time-out, or anything else. */
export type RequestFailure = 'network' | 'timeout' | 'unknown';

/** The code for an HTTP status: 422 and other 4xx are validation errors, 5xx and others server errors. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'FILE_TOO_LARGE';
  }
  if (status >= 400 && status < 500) return 'VALIDATION_ERROR';
  return 'SERVER_ERROR';
}

function cleanDetail(detail: unknown): string | undefined {
  if (typeof detail !== 'string') return undefined;
  const trimmed = detail.trim();
  return trimmed ? trimmed : undefined;
}

/** Code and message for an HTTP error answer; a non-blank server detail replaces the default. */
export function errorFromStatus(status: number, serverDetail?: string | null): CatalogueError {
  const code = errorCodeForStatus(status);
  return { code, message: cleanDetail(serverDetail) ?? ERROR_CATALOGUE[code] };
}

const FAILURE_CODES: Record<RequestFailure, ErrorCode> = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  unknown: 'UNKNOWN_ERROR',
};

/** Code and message when no HTTP answer arrived. */
export function errorForFailure(failure: RequestFailure): CatalogueError {
  const code = FAILURE_CODES[failure];
  return { code, message: ERROR_CATALOGUE[code] };
}

/**
 * The server's text inside an error body, whichever of the usual keys it uses (docs/spec.md §8:
 * "message, detail or error text"). Bodies that are not JSON objects give nothing: a proxy's HTML
 * error page is no message for a user.
 */
export function serverDetailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  return cleanDetail(record.detail) ?? cleanDetail(record.message) ?? cleanDetail(record.error);
}
